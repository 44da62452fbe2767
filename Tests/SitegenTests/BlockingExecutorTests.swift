import Foundation
import Synchronization
import Testing

@testable import SitegenBuild
@testable import SitegenSystem

/// A build runs on threads of its own, never on Swift's cooperative pool (which `sitegen serve`
/// answers requests on): its steps see `BlockingExecutor`'s queue as theirs.
@Suite("Builds off the cooperative pool")
struct BlockingExecutorTests {
    static func queueLabel() -> String { BlockingExecutor.current ?? "" }

    @Test("every step of a build runs on the blocking executor's queue; the caller's task does not")
    func buildSteps() async throws {
        try await withTemporaryFolder { folder in
            let labels = Mutex<Set<String>>([])
            _ = try await Build.run(BuildRequest(source: StubSource([.story(1), .story(2)]), output: folder.path("out"))) { _ in
                labels.withLock { _ = $0.insert(Self.queueLabel()) }
            }
            #expect(labels.withLock { $0 } == [BlockingExecutor.shared.label])
            #expect(Self.queueLabel() != BlockingExecutor.shared.label)
        }
    }

    @Test("two builds at once both finish: the executor is not serial, so one build cannot wait on another")
    func concurrentBuilds() async throws {
        try await withTemporaryFolder { folder in
            async let a = Build.run(BuildRequest(source: StubSource([.story(1)]), output: folder.path("a")))
            async let b = Build.run(BuildRequest(source: StubSource([.story(2)]), output: folder.path("b")))
            let (x, y) = try await (a, b)
            #expect(x.stories == 1 && y.stories == 1)
        }
    }
}
