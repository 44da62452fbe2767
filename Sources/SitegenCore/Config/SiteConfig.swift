/// Everything a build can be told, each value optional: what a `sitegen.toml` sets, or what
/// flags set. Two of them merge (`flags.over(config)`), and `BuildSettings` fills the rest with
/// defaults. Plain values, so the merge and the checks are tested without files or flags.
public struct SiteConfig: Sendable, Equatable {
    public var source: String?
    public var output: String?
    public var pageSize: Int?
    public var baseURL: String?
    public var title: String?
    public var strategy: LoadingStrategy?
    public var templates: String?
    public var pages: String?
    /// Previous builds whose files the output keeps (`--keep-generations`).
    public var keepGenerations: Int?
    /// `.gz` and `.br` siblings (`--precompress`).
    public var precompress: Bool?
    /// Item pages for stories with text (`--item-pages`, `--no-item-pages`).
    public var itemPages: Bool?
    /// `sitegen serve`'s port.
    public var port: Int?

    // URL sources (docs/fetching.md).
    public var list: String?
    public var limit: Int?
    public var itemsKey: String?
    public var totalKey: String?
    public var firstPage: Int?
    /// `--field story-field=path`, in the order given.
    public var fields: [String]?
    public var concurrency: Int?
    public var timeout: Duration?
    public var deadline: Duration?
    public var retries: Int?
    public var cacheDir: String?
    public var cacheTTL: Duration?
    public var offline: Bool?

    /// Where each value came from, by key (`page_size`): the config file's line, for errors.
    public var lines: [String: Int] = [:]
    /// The file these values were read from; nil for flags.
    public var path: String?

    public init() {}

    /// These values, with `base`'s where these have none: flags over a config file.
    public func over(_ base: SiteConfig) -> SiteConfig {
        var merged = base
        merged.source = source ?? base.source
        merged.output = output ?? base.output
        merged.pageSize = pageSize ?? base.pageSize
        merged.baseURL = baseURL ?? base.baseURL
        merged.title = title ?? base.title
        merged.strategy = strategy ?? base.strategy
        merged.templates = templates ?? base.templates
        merged.pages = pages ?? base.pages
        merged.keepGenerations = keepGenerations ?? base.keepGenerations
        merged.precompress = precompress ?? base.precompress
        merged.itemPages = itemPages ?? base.itemPages
        merged.port = port ?? base.port
        merged.list = list ?? base.list
        merged.limit = limit ?? base.limit
        merged.itemsKey = itemsKey ?? base.itemsKey
        merged.totalKey = totalKey ?? base.totalKey
        merged.firstPage = firstPage ?? base.firstPage
        merged.fields = fields ?? base.fields
        merged.concurrency = concurrency ?? base.concurrency
        merged.timeout = timeout ?? base.timeout
        merged.deadline = deadline ?? base.deadline
        merged.retries = retries ?? base.retries
        merged.cacheDir = cacheDir ?? base.cacheDir
        merged.cacheTTL = cacheTTL ?? base.cacheTTL
        merged.offline = offline ?? base.offline
        // A value a flag set is no longer the file's: an error about it names the flag.
        for key in setKeys { merged.lines[key] = nil }
        return merged
    }

    /// The keys (config spelling) that hold a value.
    var setKeys: [String] {
        let all: [(String, Bool)] = [
            ("source", source != nil), ("output", output != nil), ("page_size", pageSize != nil),
            ("base_url", baseURL != nil), ("title", title != nil), ("strategy", strategy != nil),
            ("templates", templates != nil), ("pages", pages != nil), ("keep_generations", keepGenerations != nil),
            ("port", port != nil), ("list", list != nil), ("limit", limit != nil), ("items_key", itemsKey != nil),
            ("total_key", totalKey != nil), ("first_page", firstPage != nil), ("fields", fields != nil),
            ("concurrency", concurrency != nil), ("timeout", timeout != nil), ("deadline", deadline != nil),
            ("retries", retries != nil), ("cache_dir", cacheDir != nil), ("cache_ttl", cacheTTL != nil),
            ("offline", offline != nil), ("precompress", precompress != nil),
            ("item_pages", itemPages != nil),
        ]
        return all.filter(\.1).map(\.0)
    }
}
