import SitegenModel
import SitegenRender

/// The search page (`search/`): a status line and an empty feed that the search script fills;
/// with JavaScript off it says that search needs it.
extension PageRenderer {
    private typealias Key = PageKeys

    /// - Parameters:
    ///   - root: the index's root (`x/<name>.json`), named in the page's config block.
    ///   - index: the root's JSON, which the config block carries too, so that a first query
    ///     does not wait a round trip for it (the page is new with every build, as the root is).
    package func searchPage(root: String, index: [UInt8]) -> [UInt8] {
        let content: TemplateObject = ["homeHref": .string(paths.base)]
        var layout = layoutContext(title: "Search · \(options.title)", canonical: paths.search)
        layout[Key.content] = .html(theme.renderBytes("search", .object(content)))
        var config = JSONWriter(capacity: 128 + index.count, forHTML: true)
        config.raw("{\"v\":1,\"base\":")
        config.string(paths.base)
        config.raw(",\"root\":")
        config.string(root)
        if let searchMoreHref {
            config.raw(",\"moreScript\":")
            config.string(searchMoreHref)
        }
        if documentTexts { config.raw(",\"texts\":true") }
        config.raw(",\"index\":")
        // JSON's `<` can only be in a string, where `\u003c` means the same: no `</script>`
        // can end the block early.
        for byte in index {
            if byte == UInt8(ascii: "<") { config.raw("\\u003c") } else { config.bytes.append(byte) }
        }
        config.raw("}")
        layout[Key.config] = .html(config.bytes)
        if let searchScriptHref { layout[Key.scriptHref] = .string(searchScriptHref) }
        return theme.renderBytes("layout", .object(layout))
    }
}
