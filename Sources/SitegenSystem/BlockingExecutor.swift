import Foundation

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
}
