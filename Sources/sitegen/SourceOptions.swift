import ArgumentParser
import SitegenBuild
import SitegenModel
import SitegenSource

/// The flags that matter when `--source` is a URL: which list, how many, a paged API's shape, and
/// how to fetch (concurrency, timeouts, retries, the cache).
struct SourceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Hacker News API: the list to build (topstories, newstories, beststories, askstories, showstories, jobstories). Default: topstories.",
            valueName: "name"))
    var list: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stories to take at most from a URL source. Default: 500 from an HN list, all of a paged API.", valueName: "n"))
    var limit: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("Paged API: the key (dotted path) of each page's array of items. Default: data.", valueName: "path"))
    var itemsKey: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Paged API: the key (dotted path) of the total count of items. Default: totalResults.", valueName: "path"))
    var totalKey: String?

    @Option(name: .long, help: ArgumentHelp("Paged API: the number of the first page. Default: 1.", valueName: "n"))
    var firstPage: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Paged API: take a story field from another item field, e.g. --field title=name or --field image=labels.medium (repeatable).",
            valueName: "field=path"))
    var field: [String] = []

    @Option(name: .long, help: ArgumentHelp("Requests in flight at once. Default: 32.", valueName: "n"))
    var concurrency: Int?

    @Option(name: .long, help: ArgumentHelp("Limit for one request, e.g. 10s or 500ms. Default: 10s.", valueName: "duration"))
    var timeout: DurationArgument?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Limit for the whole fetch; past it the build fails and the previous output stays. Default: 5m.",
            valueName: "duration"))
    var deadline: DurationArgument?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Retries of a request after a timeout, a connection error, a 5xx or a 429. Default: 3.", valueName: "n"))
    var retries: Int?

    @Option(
        name: .long, help: ArgumentHelp("Where fetched items are kept between builds. Default: .sitegen-cache.", valueName: "dir")
    )
    var cacheDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How long a cached item is used without asking again (0 asks for every item). Default: 15m.", valueName: "duration"))
    var cacheTTL: DurationArgument?

    @Flag(name: .long, help: "Build from the cache alone; fetch nothing.")
    var offline = false

    /// What these flags set, for `BuildSettings` to lay over the config file.
    func apply(to config: inout SiteConfig) {
        config.list = list
        config.limit = limit
        config.itemsKey = itemsKey
        config.totalKey = totalKey
        config.firstPage = firstPage
        config.fields = field.isEmpty ? nil : field
        config.concurrency = concurrency
        config.timeout = timeout?.value
        config.deadline = deadline?.value
        config.retries = retries
        config.cacheDir = cacheDir
        config.cacheTTL = cacheTTL?.value
        config.offline = offline ? true : nil
    }
}

/// A duration flag: "250ms", "10s", "5m", "1h", or seconds.
struct DurationArgument: ExpressibleByArgument {
    let value: Duration

    init(_ value: Duration) { self.value = value }

    init?(argument: String) {
        guard let value = DurationText.parse(argument) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { DurationText.describe(value).replacingOccurrences(of: " ", with: "") }
}
