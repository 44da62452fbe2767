import Foundation
import SitegenConfig
import SitegenTestSupport
import Synchronization
import Testing

@testable import SitegenBuild
@testable import SitegenSource
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

    @Test("the watch records a blocking call made inside a task, and none made on the executor's thread")
    func watchSeesThePool() async throws {
        let onPool = BlockingWatch()
        BlockingExecutor.$watch.withValue(onPool) { Parallel.forEach(count: 64) { _ in } }
        #expect(onPool.calls == ["Parallel: waits for both cores"])
        let offPool = BlockingWatch()
        try await BlockingExecutor.$watch.withValue(offPool) {
            try await BlockingExecutor.run { Parallel.forEach(count: 64) { _ in } }
        }
        #expect(offPool.calls.isEmpty)
    }

    /// Each local kind of source, built whole under a watch: Markdown in a git repository (its
    /// dates come from `git`), a JSON array, JSON Lines, a folder in HN's shape with threads,
    /// the sample.
    @Test("a build of every local source blocks no thread of the cooperative pool", arguments: 0..<5)
    func sourcesOffThePool(kind: Int) async throws {
        try await withTemporaryFolder { folder in
            let source: String?
            switch kind {
            case 0:
                try folder.write("---\ntitle: A post\n---\nSome *text*.\n", to: "site/posts/a.md")
                try folder.write("# Undated\n\nIts date is its first commit's.\n", to: "site/posts/b.md")
                try git(in: folder.path("site"), ["init", "-q"], home: folder.path("."))
                try git(in: folder.path("site"), at: 1_790_000_000, ["add", "."], home: folder.path("."))
                try git(in: folder.path("site"), at: 1_790_000_000, ["commit", "-qm", "first"], home: folder.path("."))
                source = folder.path("site")
            case 1:
                source = try folder.write(
                    #"[{"id":1,"type":"story","title":"One"},{"id":2,"type":"story","title":"Two"}]"#, to: "a.json")
            case 2:
                source = try folder.write("{\"id\":1,\"type\":\"story\",\"title\":\"One\"}\n", to: "a.jsonl")
            case 3:
                try ThreadFolder.write([(id: 7, comments: 60, deepest: 5)], to: folder.path("hn"))
                source = folder.path("hn")
            default:
                source = nil
            }
            var flags = SiteConfig()
            flags[.source] = source
            flags[.output] = folder.path("out")
            let settings = try BuildSettings.resolve(flags: flags, root: folder.path("."))
            let request = try settings.request(progress: nil)
            let watch = BlockingWatch()
            let report = try await BlockingExecutor.$watch.withValue(watch) { try await Build.run(request) }
            #expect(report.stories > 0)
            #expect(watch.calls.isEmpty, "blocking calls on the pool: \(watch.calls)")
        }
    }
}
