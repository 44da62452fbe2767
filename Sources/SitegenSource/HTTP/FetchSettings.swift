import SitegenHTTP

/// How the HTTP sources fetch: every knob a flag (later a config file) sets.
public struct FetchSettings: Sendable {
    /// Requests in flight at once. Each waits on a round trip, not on the CPU, so this is about
    /// what the server tolerates; 32 keeps HN's API busy without looking like an attack.
    public var concurrency: Int
    /// One attempt's limit, from asking to the last byte.
    public var timeout: Duration
    /// The whole fetch's limit; past it the build fails and the previous output stays.
    public var deadline: Duration
    public var retry: RetryPolicy
    /// Where fetched items are kept between builds (`.sitegen-cache`); nil for no cache.
    public var cacheFolder: String?
    /// A cached item younger than this is used without asking the network.
    public var cacheTTL: Duration
    /// Build from the cache alone, whatever its age; nothing is fetched.
    public var offline: Bool
    /// Told how the fetch goes; nil for silence.
    public var progress: (any FetchProgress)?
    /// The network; nil for a new `AsyncHTTPTransport` that the source shuts down when it is done.
    public var transport: (any HTTPTransport)?

    public init(
        concurrency: Int = 32, timeout: Duration = .seconds(10), deadline: Duration = .seconds(300),
        retry: RetryPolicy = RetryPolicy(), cacheFolder: String? = ".sitegen-cache", cacheTTL: Duration = .seconds(900),
        offline: Bool = false, progress: (any FetchProgress)? = nil, transport: (any HTTPTransport)? = nil
    ) {
        self.concurrency = concurrency
        self.timeout = timeout
        self.deadline = deadline
        self.retry = retry
        self.cacheFolder = cacheFolder
        self.cacheTTL = cacheTTL
        self.offline = offline
        self.progress = progress
        self.transport = transport
    }
}
