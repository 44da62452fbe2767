import Foundation
import SitegenTestSupport
import Synchronization
import Testing

@testable import SitegenBuild
@testable import SitegenSystem

/// A build's steps after reading run on a thread of their own, never on Swift's cooperative pool
/// (which `sitegen serve` answers requests on).
@Suite("Builds off the cooperative pool")
struct BlockingExecutorTests {
    static func queueLabel() -> String { BlockingExecutor.current ?? "" }

    @Test("every step of a build after reading runs on a thread of its own; the caller's task does not")
    func buildSteps() async throws {
        try await withTemporaryFolder { folder in
            let lines = Mutex<[(String, String)]>([])
            _ = try await Build.run(BuildRequest(source: StubSource([.story(1), .story(2)]), output: folder.path("out"))) {
                line in
                lines.withLock { $0.append((line, Self.queueLabel())) }
            }
            let logged = lines.withLock { $0 }
            #expect(logged.count > 5 && logged[0].0.hasPrefix("[1/5] Read") && logged[0].1 == "")
            #expect(logged.dropFirst().allSatisfy { $0.1 == BlockingExecutor.label }, "\(logged)")
            #expect(Self.queueLabel() != BlockingExecutor.label)
        }
    }

    @Test("two builds at once both finish: each has a thread, so one build cannot wait on another")
    func concurrentBuilds() async throws {
        try await withTemporaryFolder { folder in
            async let a = Build.run(BuildRequest(source: StubSource([.story(1)]), output: folder.path("a")))
            async let b = Build.run(BuildRequest(source: StubSource([.story(2)]), output: folder.path("b")))
            let (x, y) = try await (a, b)
            #expect(x.stories == 1 && y.stories == 1)
        }
    }

    @Test("a value handed to the build's thread is the same storage, changed without a copy")
    func handoffMovesStorage() async throws {
        let array = Array(0..<100_000)
        let address = array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let handoff = Handoff(consume array)
        let moved = try await BlockingExecutor.run {
            var taken = handoff.take()
            taken[0] = 7  // a copy-on-write copy here would give new storage
            return taken.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
        #expect(moved == address)
    }
}
