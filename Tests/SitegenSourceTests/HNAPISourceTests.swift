import Foundation
import SitegenHTTP
import SitegenTestSupport
import Synchronization
import Testing

@testable import SitegenModel
@testable import SitegenSource

/// The Hacker News API source against a real HTTP server on 127.0.0.1 that misbehaves on cue.
@Suite("HNAPISource over HTTP")
struct HNAPISourceTests {
    /// Quick settings for tests: short waits, no cache unless a test gives one. The deadline is the
    /// product's default: only `deadline()` tests it, and other suites' work on the same few
    /// threads can hold a fetch back for many seconds on a loaded CI machine.
    static func settings(
        cache: String? = nil, ttl: Duration = .seconds(60), offline: Bool = false, timeout: Duration = .seconds(5),
        deadline: Duration = .seconds(300), attempts: Int = 4, concurrency: Int = 8, progress: (any FetchProgress)? = nil
    ) -> FetchSettings {
        FetchSettings(
            concurrency: concurrency, timeout: timeout, deadline: deadline,
            retry: RetryPolicy(attempts: attempts, baseDelay: .milliseconds(20), maxDelay: .milliseconds(200)),
            cacheFolder: cache, cacheTTL: ttl, offline: offline, progress: progress)
    }

    static func ids(_ entries: [SourceEntry]) -> [Int] {
        entries.compactMap { if case .item(let item) = $0.content { item.id } else { nil } }
    }

    @Test("items come in the list's order, at most `concurrency` at a time, and --limit cuts the list")
    func orderAndBound() async throws {
        let ids = Array((1...120).reversed())
        try await LoopbackServer.with(
            APIRoutes.hn(ids: ids, special: { id, _ in .json(APIRoutes.hnItem(id), delay: .milliseconds(id % 7 * 3)) })
        ) { server in
            let source = HNAPISource(base: server.base + "/v0", limit: 100, settings: Self.settings(concurrency: 5))
            let entries = try await source.entries()
            #expect(Self.ids(entries) == Array(ids.prefix(100)))
            #expect(entries.first?.location == "item 120")
            #expect(server.mostInFlight <= 5)
            #expect(server.mostInFlight >= 2)
            #expect(server.asks("/v0/item/1.json") == 0)
        }
    }

    @Test("503, a dropped connection and a cut-off body are retried until the item comes")
    func transientFaults() async throws {
        let route = APIRoutes.hn(ids: [1, 2, 3, 4]) { id, previous in
            switch (id, previous) {
            case (1, 0): .status(503)
            case (2, 0), (2, 1): .drop
            case (3, 0): .cutOff(body: APIRoutes.hnItem(3))
            case (4, 0): .status(500)
            default: nil
            }
        }
        try await LoopbackServer.with(route) { server in
            let entries = try await HNAPISource(base: server.base + "/v0", settings: Self.settings()).entries()
            #expect(Self.ids(entries) == [1, 2, 3, 4])
            #expect(server.asks("/v0/item/1.json") == 2)
            #expect(server.asks("/v0/item/2.json") == 3)
            #expect(server.asks("/v0/item/3.json") == 2)
            #expect(server.asks("/v0/item/4.json") == 2)
        }
    }

    @Test("a 429's Retry-After is honoured before asking again")
    func retryAfter() async throws {
        let route = APIRoutes.hn(ids: [1]) { _, previous in previous == 0 ? .status(429, headers: ["Retry-After": "1"]) : nil }
        try await LoopbackServer.with(route) { server in
            let started = ContinuousClock.now
            let entries = try await HNAPISource(base: server.base + "/v0", settings: Self.settings()).entries()
            #expect(Self.ids(entries) == [1])
            #expect(server.asks("/v0/item/1.json") == 2)
            // The backoff alone would have waited 20 ms at most.
            #expect(started.duration(to: .now) >= .milliseconds(950))
        }
    }

    @Test("truncated JSON is skipped and named by id, not retried; a 404 is not retried either")
    func malformed() async throws {
        let route = APIRoutes.hn(ids: [1, 2, 3, 4]) { id, _ in
            switch id {
            case 2: .json(String(APIRoutes.hnItem(2).prefix(20)))
            case 3: .status(404)
            default: nil
            }
        }
        try await LoopbackServer.with(route) { server in
            let entries = try await HNAPISource(base: server.base + "/v0", settings: Self.settings()).entries()
            #expect(Self.ids(entries) == [1, 4])
            #expect(entries[1] == SourceEntry(location: "item 2", id: 2, content: .unreadable("not valid JSON")))
            #expect(entries[2] == SourceEntry(location: "item 3", id: 3, content: .unfetched("HTTP 404")))
            #expect(server.asks("/v0/item/2.json") == 1)
            #expect(server.asks("/v0/item/3.json") == 1)
            let (stories, skipped) = ItemFilter.stories(from: entries)
            #expect(stories.map(\.id) == [1, 4])
            #expect(skipped.map(\.id) == [2, 3])
        }
    }

    @Test("an item that never answers times out on each attempt, then is skipped and named")
    func hanging() async throws {
        let route = APIRoutes.hn(ids: [1, 2]) { id, _ in id == 2 ? .hang : nil }
        try await LoopbackServer.with(route) { server in
            let started = ContinuousClock.now
            let entries = try await HNAPISource(
                base: server.base + "/v0", settings: Self.settings(timeout: .milliseconds(600), attempts: 2)
            ).entries()
            #expect(Self.ids(entries) == [1])
            #expect(entries[1].content == .unfetched("no answer within 0.6 s after 2 attempts"))
            #expect(server.asks("/v0/item/2.json") == 2)
            // Bounded by the attempts' timeouts, not by the server (which never answers); slack
            // for a loaded machine.
            #expect(started.duration(to: .now) < .seconds(30))
        }
    }

    @Test("a list that can't be fetched fails with its URL; nothing else is asked for")
    func listFails() async throws {
        let route: LoopbackServer.Route = { _, _ in .status(503) }
        try await LoopbackServer.with(route) { server in
            let source = HNAPISource(base: server.base + "/v0", settings: Self.settings(attempts: 2))
            await #expect(
                throws: SourceError.fetchFailed(url: server.base + "/v0/topstories.json", reason: "HTTP 503 after 2 attempts")
            ) {
                try await source.entries()
            }
            #expect(server.totalAsks == 2)
        }
    }

    @Test("a list the API doesn't have (null), or that is not ids, is a clear error")
    func listShapes() async throws {
        let route: LoopbackServer.Route = { target, _ in
            target.hasSuffix("nostories.json") ? .json("null") : .json(#"{"ids":[1]}"#)
        }
        try await LoopbackServer.with(route) { server in
            let missing = await #expect(throws: SourceError.self) {
                try await HNAPISource(base: server.base + "/v0", list: "nostories", settings: Self.settings()).entries()
            }
            #expect(missing?.description.contains("has no list 'nostories'") == true)
            let wrong = await #expect(throws: SourceError.self) {
                try await HNAPISource(base: server.base + "/v0", settings: Self.settings()).entries()
            }
            #expect(
                wrong
                    == .invalidField(
                        path: server.base + "/v0/topstories.json", field: "(top level)",
                        reason: "must be an array of integer item ids"))
        }
    }

    @Test("past the overall deadline the fetch fails, however many items were still coming")
    func deadline() async throws {
        try await LoopbackServer.with(APIRoutes.hn(ids: Array(1...10)) { _, _ in .hang }) { server in
            let started = ContinuousClock.now
            let source = HNAPISource(
                base: server.base + "/v0", settings: Self.settings(timeout: .seconds(120), deadline: .milliseconds(500)))
            let error = await #expect(throws: SourceError.self) { try await source.entries() }
            #expect(error?.description.contains("the deadline of 0.5 s passed") == true)
            // Ended by the deadline, long before any request's timeout (slack for a loaded machine).
            #expect(started.duration(to: .now) < .seconds(60))
        }
    }

    @Test("a rebuild within the TTL asks only for the list; TTL 0 asks again; offline needs no server")
    func cache() async throws {
        try await withTemporaryFolder { folder in
            let cache = folder.path(".sitegen-cache")
            let route = APIRoutes.hn(ids: [1, 2, 3]) { id, previous in id == 3 && previous == 0 ? .json("{trunc") : nil }
            var base = ""
            try await LoopbackServer.with(route) { server in
                base = server.base + "/v0"
                let first = try await HNAPISource(base: base, settings: Self.settings(cache: cache)).entries()
                #expect(Self.ids(first) == [1, 2])
                let second = try await HNAPISource(base: base, settings: Self.settings(cache: cache)).entries()
                // The truncated item was not cached, so it alone is asked for again (and is whole now).
                #expect(Self.ids(second) == [1, 2, 3])
                #expect(server.asks("/v0/topstories.json") == 2)
                #expect(server.asks("/v0/item/1.json") == 1)
                #expect(server.asks("/v0/item/3.json") == 2)
                _ = try await HNAPISource(base: base, settings: Self.settings(cache: cache, ttl: .zero)).entries()
                #expect(server.asks("/v0/item/1.json") == 2)
            }
            // The server is gone.
            let offline = try await HNAPISource(base: base, settings: Self.settings(cache: cache, offline: true)).entries()
            #expect(Self.ids(offline) == [1, 2, 3])
            await #expect(
                throws: SourceError.fetchFailed(url: base + "/newstories.json", reason: "not in the cache (--offline)")
            ) {
                try await HNAPISource(base: base, list: "newstories", settings: Self.settings(cache: cache, offline: true))
                    .entries()
            }
        }
    }

    @Test("when the network fails for an item, an older cached copy stands in, and the user is told")
    func staleFallback() async throws {
        try await withTemporaryFolder { folder in
            let cache = folder.path("cache")
            let failing = Mutex(false)
            let route = APIRoutes.hn(ids: [1, 2]) { id, _ in id == 2 && failing.withLock { $0 } ? .status(500) : nil }
            try await LoopbackServer.with(route) { server in
                _ = try await HNAPISource(base: server.base + "/v0", settings: Self.settings(cache: cache)).entries()
                failing.withLock { $0 = true }
                let notes = RecordingProgress()
                let entries = try await HNAPISource(
                    base: server.base + "/v0", settings: Self.settings(cache: cache, ttl: .zero, attempts: 2, progress: notes)
                ).entries()
                #expect(Self.ids(entries) == [1, 2])
                #expect(notes.notes == [server.base + "/v0/item/2.json: HTTP 500 after 2 attempts; used the cached copy"])
            }
        }
    }

    @Test("progress: a phase of items, each counted once, retries counted")
    func progress() async throws {
        let route = APIRoutes.hn(ids: [1, 2, 3]) { id, previous in id == 2 && previous == 0 ? .status(503) : nil }
        try await LoopbackServer.with(route) { server in
            let progress = RecordingProgress()
            _ = try await HNAPISource(base: server.base + "/v0", settings: Self.settings(progress: progress)).entries()
            #expect(progress.begun == ["items 3"])
            #expect(progress.updates.map(\.done) == [1, 2, 3])
            #expect(progress.ended == [FetchCounts(what: "items", total: 3, done: 3, cached: 0, failed: 0, retries: 1)])
            #expect(progress.details.count == 1)
        }
    }
}

/// A FetchProgress that keeps every call, for assertions.
final class RecordingProgress: FetchProgress {
    private let calls = Mutex(
        (begun: [String](), updates: [FetchCounts](), notes: [String](), details: [String](), ended: [FetchCounts]()))
    var begun: [String] { calls.withLock { $0.begun } }
    var updates: [FetchCounts] { calls.withLock { $0.updates } }
    var notes: [String] { calls.withLock { $0.notes } }
    var details: [String] { calls.withLock { $0.details } }
    var ended: [FetchCounts] { calls.withLock { $0.ended } }

    func begin(_ what: String, total: Int) { calls.withLock { $0.begun.append("\(what) \(total)") } }
    func update(_ counts: FetchCounts) { calls.withLock { $0.updates.append(counts) } }
    func note(_ message: String, isDetail: Bool) {
        calls.withLock { if isDetail { $0.details.append(message) } else { $0.notes.append(message) } }
    }
    func end(_ counts: FetchCounts) { calls.withLock { $0.ended.append(counts) } }
}
