import SitegenHTTP
import Synchronization

/// Counts a fetch phase's progress for `FetchProgress`, safely from many tasks.
final class FetchTally: Sendable {
    private let counts = Mutex(FetchCounts(what: "", total: 0))
    package let progress: (any FetchProgress)?

    package init(progress: (any FetchProgress)?) { self.progress = progress }

    package func begin(_ what: String, total: Int) {
        counts.withLock { $0 = FetchCounts(what: what, total: total) }
        progress?.begin(what, total: total)
    }

    package func retried() { counts.withLock { $0.retries += 1 } }

    /// The phase has `more` units than it began with (a thread's next level).
    func add(_ more: Int) {
        counts.withLock { counts in
            counts.total += more
            progress?.update(counts)
        }
    }

    func finished(cached: Bool = false, failed: Bool = false) {
        // Told inside the lock, so the progress sees the counts in the order they were reached.
        counts.withLock { counts in
            counts.done += 1
            if cached { counts.cached += 1 }
            if failed { counts.failed += 1 }
            progress?.update(counts)
        }
    }

    package func end() { progress?.end(counts.withLock { $0 }) }

    package func note(_ message: String, isDetail: Bool) { progress?.note(message, isDetail: isDetail) }
}
