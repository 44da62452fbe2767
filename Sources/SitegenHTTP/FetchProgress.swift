/// Told, as a fetch goes, how far it is. The command line draws a bar on a terminal and plain
/// lines elsewhere (`ProgressPrinter`); tests record the calls.
public protocol FetchProgress: Sendable {
    /// A phase starts: `what` is "items" or "pages", `total` how many there are to get.
    func begin(_ what: String, total: Int)
    /// One more of the phase's units is done (fetched, read from the cache, or failed for good).
    func update(_ counts: FetchCounts)
    /// Something the user may want to know that is not an error: a stale copy used, or (a
    /// detail, shown with --verbose) a retry.
    func note(_ message: String, isDetail: Bool)
    /// The phase is over.
    func end(_ counts: FetchCounts)
}

/// Where a fetch phase stands.
public struct FetchCounts: Sendable, Equatable {
    public var what: String
    public var total: Int
    /// Units finished, however they ended.
    public var done: Int = 0
    /// Of those, read from the cache without asking the network.
    public var cached: Int = 0
    /// Of those, given up on (their entries are skipped and named).
    public var failed: Int = 0
    /// Attempts that were retried, across all units.
    public var retries: Int = 0

    public init(what: String, total: Int, done: Int = 0, cached: Int = 0, failed: Int = 0, retries: Int = 0) {
        self.what = what
        self.total = total
        self.done = done
        self.cached = cached
        self.failed = failed
        self.retries = retries
    }
}
