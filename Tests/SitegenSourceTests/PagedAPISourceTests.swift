import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSource

/// Paged JSON APIs (`?page={page}`) against a real HTTP server on 127.0.0.1.
@Suite("PagedAPISource over HTTP")
struct PagedAPISourceTests {
    static func titles(_ entries: [SourceEntry]) -> [String] {
        entries.compactMap { if case .item(let item) = $0.content { item.title } else { nil } }
    }

    @Test("500 items at 25 a page: page 1 tells the total, the other 19 are fetched at once, in order")
    func fiveHundred() async throws {
        try await LoopbackServer.with(APIRoutes.beers(total: 500, perPage: 25)) { server in
            let progress = RecordingProgress()
            let source = PagedAPISource(
                template: server.base + "/beers?page={page}&per_page=25",
                settings: HNAPISourceTests.settings(concurrency: 8, progress: progress))
            let entries = try await source.entries()
            #expect(Self.titles(entries) == (0..<500).map { "Beer \($0)" })
            #expect(entries[30].location == "page 2 item 6")
            #expect(entries[30].id == StableID.of("beer-30"))
            #expect(server.totalAsks == 20)
            #expect(server.mostInFlight > 1)
            #expect(progress.begun == ["pages 20"])
            #expect(progress.ended.last?.done == 20)
        }
    }

    @Test("--limit stops at a page boundary's worth, then cuts to the count")
    func limit() async throws {
        try await LoopbackServer.with(APIRoutes.beers(total: 500, perPage: 25)) { server in
            let source = PagedAPISource(
                template: server.base + "/beers?page={page}", limit: 60, settings: HNAPISourceTests.settings())
            let entries = try await source.entries()
            #expect(Self.titles(entries).count == 60)
            #expect(server.totalAsks == 3)
        }
    }

    @Test("without a total, pages are read one after another until a short one")
    func noTotal() async throws {
        try await LoopbackServer.with(APIRoutes.beers(total: 53, perPage: 10, withTotal: false)) { server in
            let source = PagedAPISource(template: server.base + "/beers?page={page}", settings: HNAPISourceTests.settings())
            let entries = try await source.entries()
            #expect(Self.titles(entries) == (0..<53).map { "Beer \($0)" })
            #expect(server.totalAsks == 6)
        }
    }

    @Test("a page that fails after its retries fails the build, naming the page's URL")
    func pageFails() async throws {
        try await LoopbackServer.with(APIRoutes.beers(total: 100, perPage: 25) { page, _ in page == 3 ? .status(502) : nil }) {
            server in
            let source = PagedAPISource(
                template: server.base + "/beers?page={page}", settings: HNAPISourceTests.settings(attempts: 2))
            await #expect(
                throws: SourceError.fetchFailed(url: server.base + "/beers?page=3", reason: "HTTP 502 after 2 attempts")
            ) {
                try await source.entries()
            }
        }
    }

    @Test("a page that answers 503 once is asked again and its items kept")
    func pageRetried() async throws {
        try await LoopbackServer.with(
            APIRoutes.beers(total: 100, perPage: 25) { page, previous in page == 2 && previous == 0 ? .status(503) : nil }
        ) {
            server in
            let source = PagedAPISource(template: server.base + "/beers?page={page}", settings: HNAPISourceTests.settings())
            let entries = try await source.entries()
            #expect(Self.titles(entries).count == 100)
            #expect(server.asks("/beers?page=2") == 2)
        }
    }

    @Test("a page without the items key says which keys it has")
    func wrongItemsKey() async throws {
        try await LoopbackServer.with(APIRoutes.beers(total: 10, perPage: 5)) { server in
            let source = PagedAPISource(
                template: server.base + "/beers?page={page}", itemsKey: "beers", settings: HNAPISourceTests.settings())
            await #expect(
                throws: SourceError.invalidField(
                    path: server.base + "/beers?page=1", field: "beers",
                    reason: "missing; --items-key names the array of items (this page has currentPage, data, totalResults)")
            ) { try await source.entries() }
        }
    }

    @Test("a total that is not a count is a clear error")
    func badTotal() async throws {
        let route: LoopbackServer.Route = { _, _ in .json(#"{"data":[],"totalResults":"many"}"#) }
        try await LoopbackServer.with(route) { server in
            let source = PagedAPISource(template: server.base + "/x?page={page}", settings: HNAPISourceTests.settings())
            await #expect(
                throws: SourceError.invalidField(
                    path: server.base + "/x?page=1", field: "totalResults", reason: "must be a count of items, not a string")
            ) { try await source.entries() }
        }
    }

    @Test("a page that is not JSON names the URL, line and column")
    func notJSON() async throws {
        let route: LoopbackServer.Route = { _, _ in .json("{\"data\": [1,\n ,]}") }
        try await LoopbackServer.with(route) { server in
            let source = PagedAPISource(template: server.base + "/x?page={page}", settings: HNAPISourceTests.settings())
            let error = await #expect(throws: SourceError.self) { try await source.entries() }
            guard case .invalidJSON(let path, let line, _, _) = error else {
                Issue.record("expected invalidJSON, got \(String(describing: error))")
                return
            }
            #expect(path == server.base + "/x?page=1")
            #expect(line == 2)
        }
    }
}
