import SitegenModel

/// The search page (`search/`): a status line and an empty feed that the search script fills;
/// with JavaScript off it says that search needs it.
extension PageRenderer {
    private typealias Key = PageKeys

    /// - Parameter root: the index's root (`x/<name>.json`), named in the page's config block.
    package func searchPage(root: String) -> [UInt8] {
        let content: TemplateObject = ["homeHref": .string(paths.base)]
        var layout = layoutContext(title: "Search · \(options.title)", canonical: paths.search)
        layout[Key.content] = .html(theme.renderBytes("search", .object(content)))
        var config = JSONWriter(capacity: 128, forHTML: true)
        config.raw("{\"v\":1,\"base\":")
        config.string(paths.base)
        config.raw(",\"root\":")
        config.string(root)
        config.raw("}")
        layout[Key.config] = .html(config.bytes)
        if let searchScriptHref { layout[Key.scriptHref] = .string(searchScriptHref) }
        return theme.renderBytes("layout", .object(layout))
    }
}
