import Foundation

/// Threads of their own for work that blocks one (a build: `concurrentPerform`, waits on
/// dispatch groups, file I/O), so that it never holds a thread of Swift's cooperative pool,
/// which has one a core and is what `sitegen serve` answers requests and watches files on.
/// Hummingbird moves blocking file work to NIO's thread pool for the same reason. Used as a
/// task executor preference: `withTaskExecutorPreference(BlockingExecutor.shared) { … }` runs
/// the closure's work, and that of the async functions it awaits, here.
package final class BlockingExecutor: TaskExecutor {
    package static let shared = BlockingExecutor(label: "sitegen.blocking")

    /// Concurrent: builds into different outputs may run at once (tests do), each blocking a
    /// thread of its own; a build's parallel steps spread over the cores by `Parallel`.
    private let queue: DispatchQueue
    package let label: String

    package init(label: String) {
        self.label = label
        queue = DispatchQueue(label: label, attributes: .concurrent)
        queue.setSpecific(key: Self.key, value: label)
    }

    private static let key = DispatchSpecificKey<String>()

    /// The label of the `BlockingExecutor` whose thread the caller is on, nil on any other.
    package static var current: String? { DispatchQueue.getSpecific(key: key) }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
