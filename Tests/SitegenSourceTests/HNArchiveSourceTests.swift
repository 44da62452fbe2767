import Foundation
import SitegenTestSupport
import Synchronization
import Testing

@testable import SitegenModel
@testable import SitegenSource
@testable import SitegenStore

/// `--list all` against a real HTTP server on 127.0.0.1 shaped like HN's API (`maxitem`,
/// `updates`, items of every type), whose items change between builds.
@Suite("HNArchiveSource: the archive grows across builds")
struct HNArchiveSourceTests {
    static func titles(_ entries: [SourceEntry]) -> [String] {
        entries.compactMap { if case .item(let item) = $0.content { item.title } else { nil } }
    }

    static func source(
        _ server: LoopbackServer, _ store: String, backfill: Int = 30, now: Int = 1_700_000_000 + 1_000_000
    )
        -> HNArchiveSource
    {
        HNArchiveSource(
            base: server.base + "/v0", store: store, backfill: backfill, refresh: .seconds(100),
            settings: HNAPISourceTests.settings(), now: { now })
    }

    @Test("the first build walks back `backfill` ids; the next asks only for what is new, updated or still moving")
    func grows() async throws {
        try await withTemporaryFolder { folder in
            let world = HNWorld(through: 50)
            try await LoopbackServer.with(world.route) { server in
                let store = folder.path("cache/archive.sqlite")
                let first = try await Self.source(server, store).entries()
                // Ids 21 to 50, stories only, newest first.
                let stories = (21...50).filter { $0 % 3 != 0 && $0 % 10 != 1 }.reversed()
                #expect(Self.titles(first) == stories.map { "Story \($0)" })
                #expect(server.asks("/v0/item/20.json") == 0 && server.asks("/v0/item/21.json") == 1)

                world.add(through: 60)
                world.set(25, #"{"id":25,"type":"story","time":1700025000,"title":"Story 25, edited","score":99}"#)
                world.set(26, #"{"id":26,"type":"story","time":1700026000,"title":"Story 26","dead":true}"#)
                world.set(20, #"{"id":20,"type":"story","time":1700020000,"title":"Not walked"}"#)
                // Story 59 is new at the second build, and still young at the third: fetched again.
                let second = try await Self.source(server, store, now: HNWorld.time(59) + 50).entries()
                #expect(Self.titles(second).first == "Story 59")
                #expect(Self.titles(second).contains("Story 25, edited"))
                #expect(!Self.titles(second).contains("Story 26"))
                #expect(!Self.titles(second).contains("Not walked"))
                // Nothing the store held was asked for again but the updated and the moving.
                #expect(server.asks("/v0/item/22.json") == 1)
                #expect(server.asks("/v0/item/25.json") == 2)
                #expect(server.asks("/v0/item/51.json") == 1)
                let third = try await Self.source(server, store, now: HNWorld.time(59) + 50).entries()
                #expect(Self.titles(third) == Self.titles(second))
                #expect(server.asks("/v0/item/59.json") == 2)
                #expect(server.asks("/v0/item/40.json") == 1)
                // Comments and jobs are kept as what they are.
                let counts = try ArchiveStore(path: store).counts()
                #expect(counts["comment"] == (21...60).count { $0 % 3 == 0 })
                #expect(counts["job"] == (21...60).count { $0 % 3 != 0 && $0 % 10 == 1 })
            }
        }
    }

    @Test("a window whose items fail is asked for again next build; what was stored is not")
    func resumes() async throws {
        try await withTemporaryFolder { folder in
            let world = HNWorld(through: 3_000)
            let failing = Mutex(true)
            let route: LoopbackServer.Route = { target, previous in
                if target == "/v0/item/1502.json", failing.withLock({ $0 }) { return .status(404) }
                return world.route(target, previous)
            }
            try await LoopbackServer.with(route) { server in
                let store = folder.path("archive.sqlite")
                let first = try await Self.source(server, store, backfill: 3_000).entries()
                #expect(first.count == 1_799)
                #expect(try ArchiveStore(path: store).mark("done") == 1_000)
                failing.withLock { $0 = false }
                let second = try await Self.source(server, store, backfill: 3_000).entries()
                #expect(second.count == 1_800)
                #expect(try ArchiveStore(path: store).mark("done") == 3_000)
                #expect(server.asks("/v0/item/1502.json") == 2 && server.asks("/v0/item/1501.json") == 1)
            }
        }
    }

    @Test("the stamp: the same after a fetch that found nothing new or changed, another after an edit")
    func stamp() async throws {
        try await withTemporaryFolder { folder in
            let world = HNWorld(through: 40)
            try await LoopbackServer.with(world.route) { server in
                let store = folder.path("archive.sqlite")
                let first = try await Self.source(server, store, now: HNWorld.time(40) + 50).stamp()
                // Story 40 is young: fetched again, with the same bytes.
                let same = try await Self.source(server, store, now: HNWorld.time(40) + 50).stamp()
                #expect(first != nil && same == first)
                #expect(server.asks("/v0/item/40.json") == 2)
                world.set(40, #"{"id":40,"type":"story","time":1700040000,"title":"Story 40","score":1000}"#, updated: false)
                let moved = try await Self.source(server, store, now: HNWorld.time(40) + 50).stamp()
                #expect(moved != first)
                // stamp() fetched; entries() after it reads the store alone.
                let source = Self.source(server, store, now: HNWorld.time(40) + 50)
                let asks = server.totalAsks
                _ = try await source.stamp()
                let entries = try await source.entries()
                #expect(server.totalAsks - asks == 3)  // maxitem, updates, story 40
                #expect(Self.titles(entries).count == (11...40).count { $0 % 3 != 0 && $0 % 10 != 1 })
            }
        }
    }

    @Test("--since walks back to the first item of that time, found by halving the ids, nulls passed over")
    func since() async throws {
        try await withTemporaryFolder { folder in
            let world = HNWorld(through: 5_000)
            // Nulls around the answer, as HN has for ids it never gave out.
            for id in 3_990...3_999 { world.set(id, "null", updated: false) }
            try await LoopbackServer.with(world.route) { server in
                let source = HNArchiveSource(
                    base: server.base + "/v0", store: folder.path("a.sqlite"), backfill: 10, since: HNWorld.time(3_995),
                    refresh: .zero, settings: HNAPISourceTests.settings(), now: { HNWorld.time(5_000) })
                let entries = try await source.entries()
                let ids = entries.compactMap(\.id)
                // The first story at or after 3,995's time: 3,995 to 3,999 are null, 4,000 a story.
                #expect(ids.min() == 4_000)
                #expect(ids.max() == 5_000)
                // Some 13 halvings of 5,000 ids, a few more for the nulls; then the walk.
                #expect(server.totalAsks < 1_001 + 2 + 40, "\(server.totalAsks)")
            }
        }
    }

    @Test("a store of a newer sitegen, of another program, or damaged is refused by name and left as it is")
    func refusedStores() throws {
        try withTemporaryFolder { folder in
            let newer = folder.path("newer.sqlite")
            _ = try ArchiveStore(path: newer)
            try run("sqlite3", newer, "PRAGMA user_version = 9")
            #expect(throws: ArchiveStoreError(path: newer, reason: .newer(format: 9, reads: ArchiveStore.format))) {
                try ArchiveStore(path: newer)
            }

            let other = folder.path("other.sqlite")
            try run("sqlite3", other, "CREATE TABLE t (x)")
            #expect(throws: ArchiveStoreError(path: other, reason: .notAnArchive)) { try ArchiveStore(path: other) }

            let damaged = try folder.write(String(repeating: "not a database ", count: 500), to: "damaged.sqlite")
            let before = try Data(contentsOf: URL(fileURLWithPath: damaged))
            #expect {
                try ArchiveStore(path: damaged)
            } throws: { error in
                guard let error = error as? ArchiveStoreError, case .damaged = error.reason else { return false }
                return error.description.hasPrefix(damaged + ": the archive's store is damaged")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == before)
        }
    }

    func run(_ tool: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
