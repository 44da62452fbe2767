import ArgumentParser
import SitegenBuild
import SitegenConfig
import SitegenModel
import SitegenSource

/// The flags that matter when `--source` is a URL: which list, how many, a paged API's shape, and
/// how to fetch (concurrency, timeouts, retries, the cache).
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: .key("list"))
    var list: String?

    @Option(name: .long, help: .key("limit"))
    var limit: Int?

    @Option(name: .long, help: .key("store"))
    var store: String?

    @Option(name: .long, help: .key("backfill"))
    var backfill: Int?

    @Option(name: .long, help: .key("since"))
    var since: String?

    @Option(name: .long, help: .key("refresh"))
    var refresh: DurationArgument?

    @Option(name: .long, help: .key("items_key"))
    var itemsKey: String?

    @Option(name: .long, help: .key("total_key"))
    var totalKey: String?

    @Option(name: .long, help: .key("first_page"))
    var firstPage: Int?

    @Option(name: .long, help: .key("fields"))
    var field: [String] = []

    @Option(name: .long, help: .key("concurrency"))
    var concurrency: Int?

    @Option(name: .long, help: .key("timeout"))
    var timeout: DurationArgument?

    @Option(name: .long, help: .key("deadline"))
    var deadline: DurationArgument?

    @Option(name: .long, help: .key("retries"))
    var retries: Int?

    @Option(name: .long, help: .key("cache_dir"))
    var cacheDir: String?

    @Option(name: .long, help: .key("cache_ttl"))
    var cacheTTL: DurationArgument?

    @Flag(name: .long, help: .key("offline"))
    var offline = false

    /// What these flags set, for `BuildSettings` to lay over the config file.
    func apply(to config: inout SiteConfig) {
        config.list = list
        config.limit = limit
        config.store = store
        config.backfill = backfill
        config.since = since
        config.refresh = refresh?.value
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
