import Foundation
import Synchronization

/// Work spread over the cores for the build's embarrassingly parallel steps (rendering rows,
/// writing files). Chunks, not single items, so scheduling costs stay small.
///
/// The generic functions are `@inlinable`: they are called from other targets with the work as
/// a closure, and only a body the caller's module can see is specialized for its element type
/// and closure; otherwise every element goes through generic value witnesses.
package enum Parallel {
    /// `[element(0), element(1), …]`, each element made once, in place: no array of optionals
    /// copied afterwards, which for a million entries would be a second copy of them all at once.
    @inlinable
    package static func array<R: Sendable>(count: Int, _ element: @Sendable (Int) -> R) -> [R] {
        array(count: count, scratch: {}, { _, i in element(i) })
    }

    /// `array(count:_:)` where each element is made with a scratch value that a chunk's elements
    /// share (a buffer to render into), made by `scratch` once a chunk.
    @inlinable
    package static func array<R: Sendable, S>(
        count: Int, scratch: @Sendable () -> S, _ element: @Sendable (inout S, Int) -> R
    ) -> [R] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            forEachChunk(count) { range in
                var state = scratch()
                for i in range { (out.baseAddress! + i).initialize(to: element(&state, i)) }
            }
            initialized = count
        }
    }

    /// `body` of each chunk of `0..<count`, on both cores: the chunks' ranges (in order, together
    /// `0..<count`) and each one's result. For work whose output is best kept a chunk at a time.
    @inlinable
    package static func chunks<R: Sendable>(
        count: Int, _ body: @Sendable (Range<Int>) -> R
    ) -> (ranges: [Range<Int>], results: [R]) {
        let ranges = chunkRanges(count)
        return (ranges, array(count: ranges.count) { body(ranges[$0]) })
    }

    /// Releases `value` on another thread, later: for a large value (every story of a build)
    /// whose release would hold up the caller. Taken, not copied, so that thread's is the last
    /// reference.
    package static func releaseInBackground<T: Sendable>(_ value: consuming T) {
        let box = ReleaseBox(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }

    private final class ReleaseBox<T: Sendable>: @unchecked Sendable {
        // Set once, then emptied once, on the background thread.
        var value: T?
        init(_ value: consuming T) { self.value = value }
    }

    /// Starts `work` on another thread and returns at once; `Beside.value` waits for its result.
    /// For a step that leaves a core idle (a sort, a cut on one core) and that other work,
    /// which does not need its result yet, can run beside.
    package static func beside<T: Sendable>(_ work: @escaping @Sendable () -> T) -> Beside<T> {
        let beside = Beside<T>()
        beside.group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            beside.result = work()
            beside.group.leave()
        }
        return beside
    }

    package final class Beside<T: Sendable>: @unchecked Sendable {
        let group = DispatchGroup()
        // Written once, on the worker, before `group.leave()`; read only after `group.wait()`.
        var result: T?

        /// The work's result, once it is done.
        package var value: T {
            wait()
            return result!
        }

        /// The work's result, once it is done, handed over once: the Beside keeps no copy of
        /// it, so a large result is freed as soon as its taker is done with it.
        package func take() -> T {
            wait()
            defer { result = nil }
            return result!
        }

        /// Waits until the work is done.
        package func wait() {
            BlockingExecutor.willBlock("Parallel.Beside: waits for its work")
            group.wait()
        }
    }

    /// `map` whose transform may throw; the first error is rethrown once all chunks stop.
    /// `grain`, when given, is the most items a chunk holds: for items whose costs differ by
    /// orders and come together (the few story pages a rebuild makes among thousands it keeps,
    /// all of them the newest), so that no chunk holds them all while the other core waits.
    @inlinable
    package static func mapThrowing<T: Sendable, R: Sendable>(
        _ items: [T], grain: Int? = nil, _ transform: @Sendable (T) throws -> R
    ) throws -> [R] {
        var results = [R?](repeating: nil, count: items.count)
        try results.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            try forEach(Array(items.indices), grain: grain) { i in out[i] = try transform(items[i]) }
        }
        return results.map { $0! }
    }

    @inlinable
    package static func forEach<T: Sendable>(_ items: [T], grain: Int? = nil, _ body: @Sendable (T) throws -> Void) throws {
        let failure = Mutex<Error?>(nil)
        forEachChunk(items.count, grain: grain) { range in
            for i in range {
                if failure.withLock({ $0 != nil }) { return }
                do { try body(items[i]) } catch { failure.withLock { if $0 == nil { $0 = error } } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// `body(0)`, `body(1)`, … `body(count - 1)`, on both cores.
    @inlinable
    package static func forEach(count: Int, _ body: @Sendable (Int) -> Void) {
        forEachChunk(count) { range in
            for i in range { body(i) }
        }
    }

    @usableFromInline
    static func forEachChunk(_ count: Int, grain: Int? = nil, _ body: @Sendable (Range<Int>) -> Void) {
        let ranges = chunkRanges(count, grain: grain)
        guard !ranges.isEmpty else { return }
        BlockingExecutor.willBlock("Parallel: waits for both cores")
        DispatchQueue.concurrentPerform(iterations: ranges.count) { body(ranges[$0]) }
    }

    /// `0..<count` cut into eight chunks a core (fewer for a short count): enough that a core
    /// that finishes early takes another, few enough that scheduling costs stay small. With a
    /// `grain`, into chunks of at most that many, as many as that takes.
    @usableFromInline
    package static func chunkRanges(_ count: Int, grain: Int? = nil) -> [Range<Int>] {
        // Enough chunks of at most `grain` (counted without `count + grain - 1`, which a huge
        // grain would overflow).
        let atMost = grain.map { max(1, $0) }
        let chunks = max(chunkCount(count), atMost.map { count / $0 + (count % $0 == 0 ? 0 : 1) } ?? 0)
        return (0..<chunks).map { chunk in (chunk * count / chunks)..<((chunk + 1) * count / chunks) }
    }

    /// How many chunks `0..<count` is cut into; for work that cuts itself up (a document read in parts).
    package static func chunkCount(_ count: Int) -> Int {
        max(0, min(count, ProcessInfo.processInfo.activeProcessorCount * 8))
    }
}
