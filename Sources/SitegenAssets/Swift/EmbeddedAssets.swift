/// The default theme and the browser script as compiled into the binary (from `Templates/` and
/// `Sources/SitegenAssets/min/`), so `sitegen build` works from any folder.
public enum EmbeddedAssets {
    public static let templates: [String: String] = [
        "layout": text(PackageResources.layout_mustache),
        "page": text(PackageResources.page_mustache),
        "row": text(PackageResources.row_mustache),
        "item": text(PackageResources.item_mustache),
        "document": text(PackageResources.document_mustache),
        "sitepage": text(PackageResources.sitepage_mustache),
        "terms": text(PackageResources.terms_mustache),
        "search": text(PackageResources.search_mustache),
        "thread": text(PackageResources.thread_mustache),
    ]
    public static let stylesheet = text(PackageResources.style_css)
    public static let favicon = text(PackageResources.favicon_svg)
    /// The browser script, minified for each loading strategy by `bash .ci/minify` (esbuild) from
    /// `Sources/SitegenAssets/sitegen.js`, keyed by the strategy's name (`prefetch`, `batch`,
    /// `all`). The readable source itself is not compiled in.
    public static let scripts: [String: String] = [
        "prefetch": text(PackageResources.sitegen_prefetch_js),
        "batch": text(PackageResources.sitegen_batch_js),
        "all": text(PackageResources.sitegen_all_js),
    ]

    /// The search page's script (`Sources/SitegenAssets/search.js`, minified by `.ci/minify`):
    /// one for every strategy, loaded by the search page alone.
    public static let searchScript = text(PackageResources.search_js)
    /// What the search page's script loads for passages, marks and phrases
    /// (`Sources/SitegenAssets/search-more.js`, minified by `.ci/minify`).
    public static let searchMoreScript = text(PackageResources.search_more_js)
    /// The script of pages holding a thread (`Sources/SitegenAssets/thread.js`, minified by
    /// `.ci/minify`).
    public static let threadScript = text(PackageResources.thread_js)

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
