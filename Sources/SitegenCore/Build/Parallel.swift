import Foundation
import Synchronization

/// Work spread over the cores for the build's embarrassingly parallel steps (rendering rows,
/// writing files). Chunks, not single items, so scheduling costs stay small.
enum Parallel {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 64 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            forEachChunk(items.count) { range in
                for i in range { out[i] = transform(items[i]) }
            }
        }
        return results.map { $0! }
    }

    static func forEach<T: Sendable>(_ items: [T], _ body: @Sendable (T) throws -> Void) throws {
        let failure = Mutex<Error?>(nil)
        forEachChunk(items.count) { range in
            for i in range {
                if failure.withLock({ $0 != nil }) { return }
                do { try body(items[i]) } catch { failure.withLock { if $0 == nil { $0 = error } } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    private static func forEachChunk(_ count: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let chunks = min(count, ProcessInfo.processInfo.activeProcessorCount * 8)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            body((chunk * count / chunks)..<((chunk + 1) * count / chunks))
        }
    }
}
