import ArgumentParser
import SitegenCore

/// The flags that matter when `--source` is a URL: which list, how many, a paged API's shape, and
/// how to fetch (concurrency, timeouts, retries, the cache).
struct SourceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Hacker News API: the list to build (topstories, newstories, beststories, askstories, showstories, jobstories).",
            valueName: "name"))
    var list: String = "topstories"

    @Option(
        name: .long,
        help: ArgumentHelp("Stories to take at most from a URL source. Default: 500 from an HN list, all of a paged API.", valueName: "n"))
    var limit: Int?

    @Option(name: .long, help: ArgumentHelp("Paged API: the key (dotted path) of each page's array of items.", valueName: "path"))
    var itemsKey: String = "data"

    @Option(name: .long, help: ArgumentHelp("Paged API: the key (dotted path) of the total count of items.", valueName: "path"))
    var totalKey: String = "totalResults"

    @Option(name: .long, help: ArgumentHelp("Paged API: the number of the first page.", valueName: "n"))
    var firstPage: Int = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Paged API: take a story field from another item field, e.g. --field title=name or --field image=labels.medium (repeatable).",
            valueName: "field=path"))
    var field: [String] = []

    @Option(name: .long, help: ArgumentHelp("Requests in flight at once.", valueName: "n"))
    var concurrency: Int = 32

    @Option(name: .long, help: ArgumentHelp("Limit for one request, e.g. 10s or 500ms.", valueName: "duration"))
    var timeout: DurationArgument = DurationArgument(.seconds(10))

    @Option(
        name: .long,
        help: ArgumentHelp("Limit for the whole fetch; past it the build fails and the previous output stays.", valueName: "duration"))
    var deadline: DurationArgument = DurationArgument(.seconds(300))

    @Option(
        name: .long,
        help: ArgumentHelp("Retries of a request after a timeout, a connection error, a 5xx or a 429.", valueName: "n"))
    var retries: Int = 3

    @Option(name: .long, help: ArgumentHelp("Where fetched items are kept between builds.", valueName: "dir"))
    var cacheDir: String = ".sitegen-cache"

    @Option(
        name: .long,
        help: ArgumentHelp("How long a cached item is used without asking again (0 asks for every item).", valueName: "duration"))
    var cacheTTL: DurationArgument = DurationArgument(.seconds(900))

    @Flag(name: .long, help: "Build from the cache alone; fetch nothing.")
    var offline = false

    func validate() throws {
        guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1 (got \(concurrency))") }
        guard retries >= 0 else { throw ValidationError("--retries must be 0 or more (got \(retries))") }
        guard limit.map({ $0 >= 1 }) ?? true else { throw ValidationError("--limit must be at least 1") }
        guard timeout.value > .zero, deadline.value > .zero else { throw ValidationError("--timeout and --deadline must be more than 0") }
        guard list.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }), !list.isEmpty else {
            throw ValidationError("--list must be a list name such as topstories (got \(list))")
        }
    }

    func remote(progress: (any FetchProgress)?) throws -> RemoteSourceOptions {
        var fields = FieldMapping.defaults
        for assignment in field { try fields.set(assignment) }
        return RemoteSourceOptions(
            list: list, limit: limit, itemsKey: itemsKey, totalKey: totalKey, firstPage: firstPage, fields: fields,
            fetch: FetchSettings(
                concurrency: concurrency, timeout: timeout.value, deadline: deadline.value,
                retry: RetryPolicy(attempts: retries + 1), cacheFolder: cacheDir, cacheTTL: cacheTTL.value,
                offline: offline, progress: progress))
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
