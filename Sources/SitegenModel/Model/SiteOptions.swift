/// What the user chose for this build, of the settings that shape the output. Every value is
/// given: the defaults are the table of settings' (`SiteConfig.keys`, in SitegenConfig, which
/// also lets code make options with only some given).
public struct SiteOptions: Sendable, Equatable {
    /// Stories on each static page.
    public var pageSize: Int
    /// Path (or absolute URL) the site is served under ("/news" and "/news/" are the same site).
    public var baseURL: String
    public var title: String
    public var strategy: LoadingStrategy
    /// Previous builds whose manifest parts, shards and assets the output keeps, so pages readers
    /// loaded from them still fill after a deploy (docs/guides/deploy.md).
    public var keepGenerations: Int
    /// Whether text files get `.gz` and `.br` siblings for the server to send as they are.
    public var precompress: Bool
    /// Whether stories with text get their own page (`item/<id>/`). Off, a list of links only:
    /// rows link to their URL, and a story without one is a title without a link.
    public var itemPages: Bool
    /// Whether each tag and category of a Markdown folder gets its own list (`tags/swift/`) and
    /// each taxonomy an index of its terms (`tags/`).
    public var taxonomies: Bool
    /// Whether the build writes a search index and the search page (`search/`), and every
    /// page's header has a search box.
    public var search: Bool
    /// The most comments a story's thread shows (`comments`); 0 shows none.
    public var comments: Int

    public init(
        pageSize: Int, baseURL: String, title: String, strategy: LoadingStrategy, keepGenerations: Int,
        precompress: Bool, itemPages: Bool, taxonomies: Bool, search: Bool, comments: Int
    ) {
        self.comments = comments
        self.search = search
        self.taxonomies = taxonomies
        self.pageSize = pageSize
        self.baseURL = baseURL
        self.title = title
        self.strategy = strategy
        self.keepGenerations = keepGenerations
        self.precompress = precompress
        self.itemPages = itemPages
    }
}

/// How the script loads rows beyond the static page: the three approaches the seed articles
/// compare. The pages and shards are the same for all three; only the script's behaviour differs.
public enum LoadingStrategy: String, Sendable, CaseIterable {
    /// Rows near the viewport are fetched before they are needed and cancelled when passed over.
    case prefetch
    /// The next page's rows are fetched when the reader reaches the bottom (infinite scroll).
    case batch
    /// Every row of the list is fetched at once, on load.
    case all
}
