import SitegenModel

extension SiteConfig {
    /// Every key a config file may hold, with how it is read and checked: each build flag,
    /// `--` dropped and `-` written `_`, `[fields]` for `--field`, and serve's `port`.
    /// `sitegen deploy`'s region when neither `deploy_region` nor the environment names one.
    public static let fallbackRegion = "us-east-1"

    public static let keys: [ConfigKey] = [
        .string(
            "source", default: .words("the built-in sample"),
            help:
                "Where the stories come from: the Hacker News API or one of its shape (https://hacker-news.firebaseio.com/v0), a paged JSON API (a URL with {page} in it), a folder in the HN API's shape (topstories.json, item/<id>.json), a .json file holding an array of items, a .jsonl file with one item a line, or a folder of Markdown stories (.md files with front matter).",
            valueName: "path|url", isPath: true),
        .string(
            "output", default: .value(.string("Public")),
            help: "The site's folder: where sitegen build writes it, and what sitegen deploy publishes.",
            valueName: "dir", commands: [.build, .serve, .deploy], isPath: true),
        .integer("page_size", range: 1...Int.max, default: 30, help: "Stories on each static page."),
        .string(
            "base_url", default: .value(.string("/")), help: "The path (or full URL) the site is served under, e.g. /news/.",
            valueName: "path|url"
        ) { base in
            base.hasPrefix("/") || base.hasPrefix("http://") || base.hasPrefix("https://")
                ? nil : "must start with / or http(s):// (got \(base))"
        },
        .string(
            "title", default: .value(.string("sitegen")), help: "The site's title, shown in the header and page titles.",
            valueName: "text"),
        ConfigKey(
            name: "strategy", kind: .strategy, default: .value(.strategy(.prefetch)),
            help:
                "How the browser loads rows beyond the static page: prefetch (rows near the viewport, cancelled when passed over), batch (the next page when the reader reaches the bottom) or all (everything at once).",
            valueName: "prefetch|batch|all"),
        .string(
            "templates", default: .words("./Templates if it exists"),
            help: "A folder whose layout/page/row/item.mustache and style.css replace the built-in theme's, file by file.",
            valueName: "dir", isPath: true),
        .string(
            "pages", default: .words("./pages if it exists"),
            help: "A folder of Markdown pages (about.md becomes /about/), linked from every page's navigation.",
            valueName: "dir", isPath: true),
        .integer(
            "keep_generations", range: 0...Int.max, default: 3,
            help:
                "Previous builds whose shards, manifest parts and assets stay in the output (and in the store, for deploy), so pages readers loaded before a deploy still fill.",
            commands: [.build, .serve, .deploy]),
        .integer(
            "port", range: 0...65535, default: 8000, help: "sitegen serve: the port on 127.0.0.1 (0: any free one).",
            commands: [.serve]),
        .string(
            "deploy_to", help: "The store: s3://BUCKET or s3://BUCKET/PREFIX.", valueName: "s3-url", commands: [.deploy]
        ) { $0.hasPrefix("s3://") ? nil : "must be s3://BUCKET or s3://BUCKET/PREFIX (got \($0))" },
        .string(
            "deploy_endpoint", default: .words("AWS"),
            help: "An S3-compatible store's URL (MinIO, SeaweedFS, R2), addressed path-style.", valueName: "url",
            commands: [.deploy]
        ) { $0.hasPrefix("http://") || $0.hasPrefix("https://") ? nil : "must be an http(s):// URL (got \($0))" },
        .string(
            "deploy_region", default: .words("AWS_REGION, else \(fallbackRegion)"), help: "The store's region.",
            valueName: "region", commands: [.deploy]),
        .integer("deploy_concurrency", range: 1...Int.max, default: 16, help: "Uploads at once.", commands: [.deploy]),
        .string(
            "list", default: .value(.string("topstories")),
            help:
                "Hacker News API: the list to build (topstories, newstories, beststories, askstories, showstories, jobstories), or all: every story, kept in the archive's store and grown at each build.",
            valueName: "name"
        ) { list in
            !list.isEmpty && list.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
                ? nil : "must be a list name such as topstories (got \(list))"
        },
        .string(
            "store", default: .words("<cache_dir>/archive.sqlite"),
            help: "--list all: the archive's store, an SQLite file.", valueName: "file", isPath: true),
        .integer(
            "backfill", range: 0...Int.max, default: 10_000,
            help:
                "--list all: how many ids back from the newest the archive walks (more on a later build walks further back)."),
        .string(
            "since",
            help: "--list all: walk back to the first item of this day (UTC) rather than --backfill ids.",
            valueName: "date"
        ) { date in
            date.count == 10
                && date.enumerated().allSatisfy { i, c in (i == 4 || i == 7) ? c == "-" : c.isASCII && c.isNumber }
                ? nil : "must be a date written YYYY-MM-DD (got \(date))"
        },
        .duration(
            "refresh", positive: false, default: (.seconds(48 * 3600), "48h"),
            help: "--list all: stories younger than this are fetched again at each build (their score and comments move)."),
        .integer(
            "limit", range: 1...Int.max, words: "500 from an HN list, all of a paged API",
            help: "Stories to take at most from a URL source."),
        .string(
            "items_key", default: .value(.string("data")),
            help: "Paged API: the key (dotted path) of each page's array of items.", valueName: "path"),
        .string(
            "total_key", default: .value(.string("totalResults")),
            help: "Paged API: the key (dotted path) of the total count of items.", valueName: "path"),
        .integer("first_page", range: Int.min...Int.max, default: 1, help: "Paged API: the number of the first page."),
        ConfigKey(
            name: "fields", kind: .fields,
            help:
                "Paged API: take a story field from another item field, e.g. --field title=name or --field image=labels.medium (repeatable).",
            valueName: "field=path"),
        .integer("concurrency", range: 1...Int.max, default: 32, help: "Requests in flight at once."),
        .duration("timeout", positive: true, default: (.seconds(10), "10s"), help: "Limit for one request, e.g. 10s or 500ms."),
        .duration(
            "deadline", positive: true, default: (.seconds(300), "5m"),
            help: "Limit for the whole fetch; past it the build fails and the previous output stays."),
        .integer(
            "retries", range: 0...Int.max, default: 3,
            help: "Retries of a request after a timeout, a connection error, a 5xx, a 408 or a 429."),
        .string(
            "cache_dir", default: .value(.string(".sitegen-cache")), help: "Where fetched items are kept between builds.",
            valueName: "dir", isPath: true),
        .duration(
            "cache_ttl", positive: false, default: (.seconds(900), "15m"),
            help: "How long a cached item is used without asking again (0 asks for every item)."),
        .boolean("offline", default: false, help: "Build from the cache alone; fetch nothing."),
        .boolean(
            "precompress", default: false,
            help:
                "Write .gz and .br siblings of HTML, JSON, CSS and JS files, for servers that send them as they are (nginx gzip_static); it makes a fresh build three to four times slower, and most hosts compress on their own. sitegen deploy: send text files' .gz siblings with Content-Encoding: gzip.",
            commands: [.build, .serve, .deploy]),
        .boolean(
            "item_pages", default: true,
            help:
                "Give each story with text (Ask HN, a Markdown body) its own page, linked from its row. --no-item-pages builds the list alone."
        ),
        .boolean(
            "taxonomies", default: true,
            help:
                "Give each tag and category of a Markdown folder its own list (tags/<term>/, categories/<term>/) and each an index of its terms (tags/)."
        ),
        .boolean(
            "search", default: true,
            help: "Write a search index (x/), the search page (search/) and a search box in every page's header."),
        .integer(
            "comments", range: 0...Int.max, default: 10_000,
            help:
                "The most comments a story's thread shows on its page (the first ones, in HN's order); the page says how many were left out. 0 builds no threads."
        ),
        .boolean(
            "drafts", default: false,
            help: "Build Markdown drafts too (draft: true, published: false in front matter); the summary counts them."),
        .boolean(
            "strict", default: false,
            help:
                "Fail the build, naming each, where the safety rules would leave something out: a story's path not taken, a bundle file not copied, a symbolic link not followed. For CI and preview builds."
        ),
        .string(
            "active_files", default: .value(.string("sandbox")),
            help:
                "Markdown bundle files that can run script when opened (SVG, HTML, XML): sandbox copies them and has _headers and sitegen serve send them a sandboxing Content-Security-Policy; refuse leaves them out.",
            valueName: "mode"
        ) { value in ["sandbox", "refuse"].contains(value) ? nil : "must be sandbox or refuse (got \(value))" },
        .string(
            "timezone", default: .value(.string("UTC")),
            help: "The time zone of Markdown dates written without one, an IANA name (Europe/Berlin).",
            valueName: "name"
        ) { name in
            SiteTimeZone(identifier: name) == nil ? "must be a time zone name such as Europe/Berlin (got \(name))" : nil
        },
    ]

    /// The first value out of range, as the error `ConfigKey.error` words; values are checked
    /// here and nowhere else.
    public func check(keys: [ConfigKey] = SiteConfig.keys) throws {
        for key in keys {
            if let reason = key.problem(in: self) { throw key.error(reason, in: self) }
        }
    }
}

extension SiteConfig {
    /// Every key's default that is a value, as a config: what `BuildSettings` lays the flags
    /// and the file over.
    public static var defaults: SiteConfig {
        var config = SiteConfig()
        for key in keys { config.values[key.name] = key.defaultConfigValue }
        return config
    }

    /// The key of config spelling `name`; a name not in the table is a programming error.
    public static func key(_ name: String) -> ConfigKey {
        guard let key = keys.first(where: { $0.name == name }) else { preconditionFailure("no config key \(name)") }
        return key
    }
}
