import SitegenModel

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
    /// A list for each tag and category (`--taxonomies`, `--no-taxonomies`).
    public var taxonomies: Bool?
    /// The search index and page (`--search`, `--no-search`).
    public var search: Bool?
    /// The most comments a thread shows (`--comments`), 0 for none.
    public var comments: Int?
    /// Markdown drafts built too (`--drafts`).
    public var drafts: Bool?
    /// `--list all`: the archive's store, how far back it walks, and which stories it fetches again.
    public var store: String?
    public var backfill: Int?
    public var since: String?
    public var refresh: Duration?
    /// Fail the build on what the safety rules would leave out (`--strict`).
    public var strict: Bool?
    /// What a Markdown bundle's active files (SVG, HTML, XML) get: "sandbox" or "refuse".
    public var activeFiles: String?
    /// The zone of Markdown dates written without one (`--timezone`), an IANA name.
    public var timezone: String?
    /// `sitegen serve`'s port.
    public var port: Int?
    /// `sitegen deploy`'s store: `--to s3://bucket/prefix`, `--endpoint`, `--region`.
    public var deployTo: String?
    public var deployEndpoint: String?
    public var deployRegion: String?
    /// `sitegen deploy --concurrency`: uploads at once (not fetching's `concurrency`).
    public var deployConcurrency: Int?

    // URL sources (docs/guides/fetching.md).
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

    /// The options a caller chose, as if given as flags: so that a build started from code is
    /// held to the same ranges (`check()`) as one started from the command line.
    public init(options: SiteOptions) {
        pageSize = options.pageSize
        baseURL = options.baseURL
        title = options.title
        strategy = options.strategy
        keepGenerations = options.keepGenerations
        precompress = options.precompress
        itemPages = options.itemPages
        taxonomies = options.taxonomies
        search = options.search
        comments = options.comments
    }

    /// These values, with `base`'s where these have none: flags over a config file.
    public func over(_ base: SiteConfig) -> SiteConfig {
        var merged = base
        for key in Self.keys { key.take(from: self, into: &merged) }
        // A value a flag set is no longer the file's: an error about it names the flag.
        for key in setKeys { merged.lines[key] = nil }
        return merged
    }

    /// The keys (config spelling) that hold a value.
    var setKeys: [String] {
        Self.keys.filter { $0.isSet(in: self) }.map(\.name)
    }
}
