import Foundation
import Synchronization

/// Threads of their own for work that blocks one (a build's steps: `concurrentPerform`, waits
/// on dispatch groups, files written synchronously), so that it never holds a thread of Swift's
/// cooperative pool, which has one a core and is what `sitegen serve` answers requests and
/// watches files on. Hummingbird moves blocking file work to NIO's thread pool for the same
/// reason.
package enum BlockingExecutor {
    package static let label = "sitegen.blocking"

    private static let key = DispatchSpecificKey<String>()

    /// `label` on a thread `run` gave its work, nil on any other.
    package static var current: String? { DispatchQueue.getSpecific(key: key) }

    /// `work`'s result, `work` run on a thread of its own. A serial dispatch queue of its own,
    /// as libdispatch gives a serial queue a thread even when every other is blocked (it
    /// overcommits), where a concurrent queue, or the global ones, run no more work at once
    /// than there are cores.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let queue = DispatchQueue(label: label)
            queue.setSpecific(key: key, value: label)
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Blocking calls seen inside a Swift task, where they hold one of the cooperative pool's
    /// few threads: nil in a real build; a test sets one around the work it checks
    /// (`BlockingWatchTests`).
    @TaskLocal package static var watch: BlockingWatch?

    /// Called first by every call that blocks its thread: a wait on other threads
    /// (`Parallel`), on a process (`git`), a file read, the store. A task-local value is seen
    /// only inside the task that set it and the tasks it starts, never on a thread `run` (or
    /// libdispatch) gave the work, so a watch records exactly the blocking calls that ran on
    /// the pool.
    package static func willBlock(_ what: StaticString) {
        watch?.record(String(describing: what))
    }
}

/// What `BlockingExecutor.willBlock` recorded while a test's task watched: each call's name.
package final class BlockingWatch: Sendable {
    private let seen = Mutex<[String]>([])

    package init() {}

    package var calls: [String] { seen.withLock { $0 } }

    func record(_ what: String) { seen.withLock { $0.append(what) } }
}
