import SitegenModel

/// One setting a build can be given, the same in `sitegen.toml` and on the command line:
/// `page_size` in the file is `--page-size` as a flag. `SiteConfig.keys` is the one table of
/// them: the TOML reader, the merge of flags over the file, the list of set keys, the range
/// checks, the defaults (`SiteConfig.defaults`) and each flag's `--help` all go by it, so a key
/// added or changed there is read, merged, checked, defaulted and described everywhere at once
/// (the guide's tables, docs/guides/guide.md, are checked against it by a test).
public struct ConfigKey {
    /// The config file's spelling.
    public let name: String
    package let value: Value
    /// What it is for, as `--help` says it (the default is added: `helpText`).
    public let help: String
    /// The flag's value in `--help` (`n`, `dir`); nil for an on/off flag.
    public let valueName: String?
    package let defaultValue: Default

    /// What a key is when it is not set.
    package enum Default {
        case none
        /// Depends on where the build runs (`./Templates` when it exists): words only.
        case words(String)
        case integer(Int)
        case text(String)
        case boolean(Bool)
        /// The value, and how it is written (`10s`).
        case duration(Duration, String)
        case strategy(LoadingStrategy)
    }

    package init(name: String, value: Value, default defaultValue: Default = .none, help: String = "", valueName: String? = nil) {
        self.name = name
        self.value = value
        self.defaultValue = defaultValue
        self.help = help
        self.valueName = valueName
    }

    /// The default as the guide and `--help` write it (`30`, `Public`, `on`, `10s`), nil for
    /// a key without one.
    public var defaultText: String? {
        switch defaultValue {
        case .none: nil
        case .words(let words): words
        case .integer(let n): String(n)
        case .text(let text): text
        case .boolean(let on): on ? "on" : "off"
        case .duration(_, let text): text
        case .strategy(let strategy): strategy.rawValue
        }
    }

    /// `help` and the default: what `--help` shows for the flag.
    public var helpText: String { help + (defaultText.map { " Default: \($0)." } ?? "") }

    /// Sets `config`'s value for this key to its default, when it has one that is a value.
    func applyDefault(to config: inout SiteConfig) {
        switch (value, defaultValue) {
        case (.integer(let path, _), .integer(let n)): config[keyPath: path] = n
        case (.string(let path, _), .text(let text)): config[keyPath: path] = text
        case (.boolean(let path), .boolean(let on)): config[keyPath: path] = on
        case (.duration(let path, _), .duration(let duration, _)): config[keyPath: path] = duration
        case (.strategy(let path), .strategy(let strategy)): config[keyPath: path] = strategy
        case (_, .none), (_, .words): break
        default: preconditionFailure("\(name): a default of another type than its value")
        }
    }

    /// How the key's value is read and where it goes in a `SiteConfig`.
    package enum Value {
        /// `check` gives the reason a value is refused, or nil.
        case string(WritableKeyPath<SiteConfig, String?>, check: (String) -> String? = { _ in nil })
        case integer(WritableKeyPath<SiteConfig, Int?>, range: ClosedRange<Int>)
        case boolean(WritableKeyPath<SiteConfig, Bool?>)
        /// `positive`: zero is refused (a timeout of 0 would fail every request).
        case duration(WritableKeyPath<SiteConfig, Duration?>, positive: Bool)
        case strategy(WritableKeyPath<SiteConfig, LoadingStrategy?>)
        case fields(WritableKeyPath<SiteConfig, [String]?>)
    }

    /// The flag's name without `--`: `-` for `_`, and `field` (given once per field) for the
    /// `[fields]` table.
    public var flag: String {
        if name == "fields" { return "field" }
        // `deploy_to` is `sitegen deploy --to`: the command says what it is for.
        let words = name.hasPrefix("deploy_") ? name.dropFirst("deploy_".count) : name[...]
        return String(words.map { $0 == "_" ? "-" : $0 })
    }

    /// Whether the key is `sitegen deploy`'s alone.
    public var isDeployOnly: Bool { name.hasPrefix("deploy_") }

    public var kind: SiteConfig.Kind {
        switch value {
        case .string: .string
        case .integer: .integer
        case .boolean: .boolean
        case .duration: .duration
        case .strategy: .strategy
        case .fields: .fields
        }
    }

    /// Whether `config` holds a value for this key.
    func isSet(in config: SiteConfig) -> Bool {
        switch value {
        case .string(let path, _): config[keyPath: path] != nil
        case .integer(let path, _): config[keyPath: path] != nil
        case .boolean(let path): config[keyPath: path] != nil
        case .duration(let path, _): config[keyPath: path] != nil
        case .strategy(let path): config[keyPath: path] != nil
        case .fields(let path): config[keyPath: path] != nil
        }
    }

    /// `merged` takes `top`'s value where it has one.
    package func take(from top: SiteConfig, into merged: inout SiteConfig) {
        func take<T>(_ path: WritableKeyPath<SiteConfig, T?>) {
            if let value = top[keyPath: path] { merged[keyPath: path] = value }
        }
        switch value {
        case .string(let path, _): take(path)
        case .integer(let path, _): take(path)
        case .boolean(let path): take(path)
        case .duration(let path, _): take(path)
        case .strategy(let path): take(path)
        case .fields(let path): take(path)
        }
    }

    /// Why `config`'s value for this key is refused, or nil when it is fine (or not set).
    func problem(in config: SiteConfig) -> String? {
        switch value {
        case .string(let path, let check):
            return config[keyPath: path].flatMap(check)
        case .integer(let path, let range):
            guard let number = config[keyPath: path], !range.contains(number) else { return nil }
            return range.upperBound == .max
                ? "must be at least \(range.lowerBound) (got \(number))"
                : "must be from \(range.lowerBound) to \(range.upperBound) (got \(number))"
        case .duration(let path, let positive):
            guard positive, let duration = config[keyPath: path], duration <= .zero else { return nil }
            return "must be more than 0"
        case .boolean, .strategy, .fields:
            return nil
        }
    }

    /// The error for a refused value: at its line in the config file when it came from there,
    /// otherwise as the flag. The one place that words where a setting went wrong.
    package func error(_ reason: String, in config: SiteConfig) -> SitegenError {
        if let line = config.lines[name], let path = config.path {
            return .config(path: path, line: line, column: nil, reason: "\(name): \(reason)")
        }
        return .invalidOption(name: flag, reason: reason)
    }
}

extension SiteConfig {
    /// Every key a config file may hold, with how it is read and checked: each build flag,
    /// `--` dropped and `-` written `_`, `[fields]` for `--field`, and serve's `port`.
    /// (A computed table: key paths are not `Sendable`, and it is read once a build.)
    public static var keys: [ConfigKey] {
        [
            ConfigKey(
                name: "source", value: .string(\.source), default: .words("the built-in sample"),
                help:
                    "Where the stories come from: the Hacker News API or one of its shape (https://hacker-news.firebaseio.com/v0), a paged JSON API (a URL with {page} in it), a folder in the HN API's shape (topstories.json, item/<id>.json), a .json file holding an array of items, a .jsonl file with one item a line, or a folder of Markdown stories (.md files with front matter).",
                valueName: "path|url"),
            ConfigKey(
                name: "output", value: .string(\.output), default: .text("Public"),
                help: "The site's folder: where sitegen build writes it, and what sitegen deploy publishes.",
                valueName: "dir"),
            ConfigKey(
                name: "page_size", value: .integer(\.pageSize, range: 1...Int.max), default: .integer(30),
                help: "Stories on each static page.", valueName: "n"),
            ConfigKey(
                name: "base_url",
                value: .string(\.baseURL) { base in
                    base.hasPrefix("/") || base.hasPrefix("http://") || base.hasPrefix("https://")
                        ? nil : "must start with / or http(s):// (got \(base))"
                }, default: .text("/"), help: "The path (or full URL) the site is served under, e.g. /news/.",
                valueName: "path|url"),
            ConfigKey(
                name: "title", value: .string(\.title), default: .text("sitegen"),
                help: "The site's title, shown in the header and page titles.", valueName: "text"),
            ConfigKey(
                name: "strategy", value: .strategy(\.strategy), default: .strategy(.prefetch),
                help:
                    "How the browser loads rows beyond the static page: prefetch (rows near the viewport, cancelled when passed over), batch (the next page when the reader reaches the bottom) or all (everything at once).",
                valueName: "prefetch|batch|all"),
            ConfigKey(
                name: "templates", value: .string(\.templates), default: .words("./Templates if it exists"),
                help: "A folder whose layout/page/row/item.mustache and style.css replace the built-in theme's, file by file.",
                valueName: "dir"),
            ConfigKey(
                name: "pages", value: .string(\.pages), default: .words("./pages if it exists"),
                help: "A folder of Markdown pages (about.md becomes /about/), linked from every page's navigation.",
                valueName: "dir"),
            ConfigKey(
                name: "keep_generations", value: .integer(\.keepGenerations, range: 0...Int.max), default: .integer(3),
                help:
                    "Previous builds whose shards, manifest parts and assets stay in the output (and in the store, for deploy), so pages readers loaded before a deploy still fill.",
                valueName: "n"),
            ConfigKey(
                name: "port", value: .integer(\.port, range: 0...65535), default: .integer(8000),
                help: "sitegen serve: the port on 127.0.0.1 (0: any free one).", valueName: "n"),
            ConfigKey(
                name: "deploy_to",
                value: .string(\.deployTo) {
                    $0.hasPrefix("s3://") ? nil : "must be s3://BUCKET or s3://BUCKET/PREFIX (got \($0))"
                }, help: "The store: s3://BUCKET or s3://BUCKET/PREFIX.", valueName: "s3-url"),
            ConfigKey(
                name: "deploy_endpoint",
                value: .string(\.deployEndpoint) {
                    $0.hasPrefix("http://") || $0.hasPrefix("https://") ? nil : "must be an http(s):// URL (got \($0))"
                }, default: .words("AWS"), help: "An S3-compatible store's URL (MinIO, SeaweedFS, R2), addressed path-style.",
                valueName: "url"),
            ConfigKey(
                name: "deploy_region", value: .string(\.deployRegion), default: .words("AWS_REGION, else us-east-1"),
                help: "The store's region.", valueName: "region"),
            ConfigKey(
                name: "deploy_concurrency", value: .integer(\.deployConcurrency, range: 1...Int.max), default: .integer(16),
                help: "Uploads at once.", valueName: "n"),
            ConfigKey(
                name: "list",
                value: .string(\.list) { list in
                    !list.isEmpty && list.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
                        ? nil : "must be a list name such as topstories (got \(list))"
                }, default: .text("topstories"),
                help:
                    "Hacker News API: the list to build (topstories, newstories, beststories, askstories, showstories, jobstories), or all: every story, kept in the archive's store and grown at each build.",
                valueName: "name"),
            ConfigKey(
                name: "store", value: .string(\.store), default: .words("<cache_dir>/archive.sqlite"),
                help: "--list all: the archive's store, an SQLite file.", valueName: "file"),
            ConfigKey(
                name: "backfill", value: .integer(\.backfill, range: 0...Int.max), default: .integer(10_000),
                help:
                    "--list all: how many ids back from the newest the archive walks (more on a later build walks further back).",
                valueName: "n"),
            ConfigKey(
                name: "since",
                value: .string(\.since) { date in
                    date.count == 10
                        && date.enumerated().allSatisfy { i, c in (i == 4 || i == 7) ? c == "-" : c.isASCII && c.isNumber }
                        ? nil : "must be a date written YYYY-MM-DD (got \(date))"
                },
                help: "--list all: walk back to the first item of this day (UTC) rather than --backfill ids.",
                valueName: "date"),
            ConfigKey(
                name: "refresh", value: .duration(\.refresh, positive: false), default: .duration(.seconds(48 * 3600), "48h"),
                help: "--list all: stories younger than this are fetched again at each build (their score and comments move).",
                valueName: "duration"),
            ConfigKey(
                name: "limit", value: .integer(\.limit, range: 1...Int.max),
                default: .words("500 from an HN list, all of a paged API"),
                help: "Stories to take at most from a URL source.", valueName: "n"),
            ConfigKey(
                name: "items_key", value: .string(\.itemsKey), default: .text("data"),
                help: "Paged API: the key (dotted path) of each page's array of items.", valueName: "path"),
            ConfigKey(
                name: "total_key", value: .string(\.totalKey), default: .text("totalResults"),
                help: "Paged API: the key (dotted path) of the total count of items.", valueName: "path"),
            ConfigKey(
                name: "first_page", value: .integer(\.firstPage, range: Int.min...Int.max), default: .integer(1),
                help: "Paged API: the number of the first page.", valueName: "n"),
            ConfigKey(
                name: "fields", value: .fields(\.fields),
                help:
                    "Paged API: take a story field from another item field, e.g. --field title=name or --field image=labels.medium (repeatable).",
                valueName: "field=path"),
            ConfigKey(
                name: "concurrency", value: .integer(\.concurrency, range: 1...Int.max), default: .integer(32),
                help: "Requests in flight at once.", valueName: "n"),
            ConfigKey(
                name: "timeout", value: .duration(\.timeout, positive: true), default: .duration(.seconds(10), "10s"),
                help: "Limit for one request, e.g. 10s or 500ms.", valueName: "duration"),
            ConfigKey(
                name: "deadline", value: .duration(\.deadline, positive: true), default: .duration(.seconds(300), "5m"),
                help: "Limit for the whole fetch; past it the build fails and the previous output stays.", valueName: "duration"),
            ConfigKey(
                name: "retries", value: .integer(\.retries, range: 0...Int.max), default: .integer(3),
                help: "Retries of a request after a timeout, a connection error, a 5xx, a 408 or a 429.", valueName: "n"),
            ConfigKey(
                name: "cache_dir", value: .string(\.cacheDir), default: .text(".sitegen-cache"),
                help: "Where fetched items are kept between builds.", valueName: "dir"),
            ConfigKey(
                name: "cache_ttl", value: .duration(\.cacheTTL, positive: false), default: .duration(.seconds(900), "15m"),
                help: "How long a cached item is used without asking again (0 asks for every item).", valueName: "duration"),
            ConfigKey(
                name: "offline", value: .boolean(\.offline), default: .boolean(false),
                help: "Build from the cache alone; fetch nothing."),
            ConfigKey(
                name: "precompress", value: .boolean(\.precompress), default: .boolean(false),
                help:
                    "Write .gz and .br siblings of HTML, JSON, CSS and JS files, for servers that send them as they are (nginx gzip_static); it makes a fresh build three to four times slower, and most hosts compress on their own. sitegen deploy: send text files' .gz siblings with Content-Encoding: gzip."
            ),
            ConfigKey(
                name: "item_pages", value: .boolean(\.itemPages), default: .boolean(true),
                help:
                    "Give each story with text (Ask HN, a Markdown body) its own page, linked from its row. --no-item-pages builds the list alone."
            ),
            ConfigKey(
                name: "taxonomies", value: .boolean(\.taxonomies), default: .boolean(true),
                help:
                    "Give each tag and category of a Markdown folder its own list (tags/<term>/, categories/<term>/) and each an index of its terms (tags/)."
            ),
            ConfigKey(
                name: "search", value: .boolean(\.search), default: .boolean(true),
                help: "Write a search index (x/), the search page (search/) and a search box in every page's header."),
            ConfigKey(
                name: "comments", value: .integer(\.comments, range: 0...Int.max), default: .integer(10_000),
                help:
                    "The most comments a story's thread shows on its page (the first ones, in HN's order); the page says how many were left out. 0 builds no threads."
            ),
            ConfigKey(
                name: "drafts", value: .boolean(\.drafts), default: .boolean(false),
                help: "Build Markdown drafts too (draft: true, published: false in front matter); the summary counts them."),
            ConfigKey(
                name: "strict", value: .boolean(\.strict), default: .boolean(false),
                help:
                    "Fail the build, naming each, where the safety rules would leave something out: a story's path not taken, a bundle file not copied, a symbolic link not followed. For CI and preview builds."
            ),
            ConfigKey(
                name: "active_files",
                value: .string(\.activeFiles) { value in
                    ["sandbox", "refuse"].contains(value) ? nil : "must be sandbox or refuse (got \(value))"
                }, default: .text("sandbox"),
                help:
                    "Markdown bundle files that can run script when opened (SVG, HTML, XML): sandbox copies them and has _headers and sitegen serve send them a sandboxing Content-Security-Policy; refuse leaves them out.",
                valueName: "mode"),
            ConfigKey(
                name: "timezone",
                value: .string(\.timezone) { name in
                    SiteTimeZone(identifier: name) == nil ? "must be a time zone name such as Europe/Berlin (got \(name))" : nil
                }, default: .text("UTC"),
                help: "The time zone of Markdown dates written without one, an IANA name (Europe/Berlin).",
                valueName: "name"),
        ]
    }

    /// The first value out of range, as the error `ConfigKey.error` words; values are checked
    /// here and nowhere else.
    public func check() throws {
        for key in Self.keys {
            if let reason = key.problem(in: self) { throw key.error(reason, in: self) }
        }
    }
}

extension SiteConfig {
    /// Every key's default that is a value, as a config: what `BuildSettings` lays the flags
    /// and the file over.
    public static var defaults: SiteConfig {
        var config = SiteConfig()
        for key in keys { key.applyDefault(to: &config) }
        return config
    }

    /// The key of config spelling `name`; a name not in the table is a programming error.
    public static func key(_ name: String) -> ConfigKey {
        guard let key = keys.first(where: { $0.name == name }) else { preconditionFailure("no config key \(name)") }
        return key
    }
}
