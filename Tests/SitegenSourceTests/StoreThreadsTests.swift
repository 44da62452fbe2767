import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSource
@testable import SitegenStore

/// Threads from the archive's store: comments the walk fetched, found by their parent, in HN's
/// order; a reply that came after its parent was stored is found all the same.
@Suite("StoreThreads: threads from the archive")
struct StoreThreadsTests {
    static func comment(_ id: Int, parent: Int, kids: [Int] = [], text: String = "hi", extra: String = "") -> String {
        #"{"id":\#(id),"type":"comment","by":"u\#(id)","time":\#(HNWorld.time(id)),"parent":\#(parent),"kids":[\#(kids.map(String.init).joined(separator: ","))],"text":"\#(text)"\#(extra)}"#
    }

    @Test("a thread in HN's order, deleted comments kept, and a later reply found by its parent")
    func thread() async throws {
        try await withTemporaryFolder { folder in
            let world = HNWorld(through: 40)
            world.set(
                31,
                #"{"id":31,"type":"story","by":"pg","time":\#(HNWorld.time(31)),"title":"Thread","descendants":3,"kids":[33,32]}"#,
                updated: false)
            world.set(32, Self.comment(32, parent: 31, kids: [34]), updated: false)
            world.set(33, Self.comment(33, parent: 31, text: "&lt;b&gt; 한국어"), updated: false)
            world.set(34, #"{"id":34,"type":"comment","time":\#(HNWorld.time(34)),"parent":32,"deleted":true}"#, updated: false)
            // Not comments of the thread: a comment of another story, and a story.
            world.set(35, Self.comment(35, parent: 2), updated: false)
            try await LoopbackServer.with(world.route) { server in
                let store = folder.path("archive.sqlite")
                let source = HNArchiveSourceTests.source(server, store, backfill: 40, now: HNWorld.time(40))
                _ = try await source.entries()
                let reader = try await source.threads()!
                #expect(try reader.hasThread(31) && !(try reader.hasThread(40)))
                let tree = try reader.tree(of: 31, limit: 100)
                #expect(tree.roots == [33, 32], "HN's order, not the ids'")
                #expect(tree.comments[32]?.kids == [34])
                #expect(tree.comments[34]?.state == .deleted)
                #expect(tree.comments[33]?.text == "&lt;b&gt; 한국어")
                #expect(tree.comments.count == 3)

                // A reply to 33 comes in with the walk; 33 as stored does not list it.
                world.add(through: 42)
                world.set(41, Self.comment(41, parent: 33, text: "later"), updated: false)
                world.set(42, Self.comment(42, parent: 41), updated: false)
                _ = try await HNArchiveSourceTests.source(server, store, backfill: 40, now: HNWorld.time(42)).entries()
                let later = try reader.tree(of: 31, limit: 100)
                #expect(later.comments[33]?.kids == [41] && later.comments[41]?.kids == [42])
                // The limit: the first levels first.
                let limited = try reader.tree(of: 31, limit: 2)
                #expect(Set(limited.comments.keys) == [32, 33])
            }
        }
    }

    @Test("an HN list's threads: fetched level by level into the store, again only when a story's count moves")
    func listThreads() async throws {
        try await withTemporaryFolder { folder in
            let world = HNWorld(through: 40)
            world.set(
                5, #"{"id":5,"type":"story","by":"pg","time":\#(HNWorld.time(5)),"title":"Old","descendants":4,"kids":[7,6]}"#,
                updated: false)
            world.set(6, Self.comment(6, parent: 5, kids: [8]), updated: false)
            world.set(7, Self.comment(7, parent: 5, text: "中文"), updated: false)
            world.set(8, Self.comment(8, parent: 6, kids: [9]), updated: false)
            world.set(
                9, #"{"id":9,"type":"comment","time":\#(HNWorld.time(9)),"parent":8,"dead":true,"text":"[flagged]"}"#,
                updated: false)
            world.set(10, #"{"id":10,"type":"story","title":"No comments","descendants":0}"#, updated: false)
            let route: LoopbackServer.Route = { target, previous in
                target == "/v0/topstories.json" ? .json("[5,10]") : world.route(target, previous)
            }
            try await LoopbackServer.with(route) { server in
                func source(limit: Int = 100) -> HNAPISource {
                    var source = HNAPISource(base: server.base + "/v0", settings: HNAPISourceTests.settings())
                    source.store = folder.path("archive.sqlite")
                    source.threadLimit = limit
                    return source
                }
                _ = try await source().entries()
                for id in 6...9 { #expect(server.asks("/v0/item/\(id).json") == 1, "item \(id)") }
                let tree = try await source().threads()!.tree(of: 5, limit: 100)
                #expect(tree.roots == [7, 6] && tree.comments[6]?.kids == [8] && tree.comments[9]?.state == .flagged)
                #expect(tree.comments[7]?.text == "中文")

                // The same count: the thread is not asked for again.
                _ = try await source().entries()
                for id in 6...9 { #expect(server.asks("/v0/item/\(id).json") == 1, "item \(id) not again") }

                // A reply comes to 7: the story counts one more, and the thread is fetched again.
                world.set(7, Self.comment(7, parent: 5, kids: [41], text: "中文"), updated: false)
                world.add(through: 41)
                world.set(41, Self.comment(41, parent: 7, text: "later"), updated: false)
                world.set(
                    5,
                    #"{"id":5,"type":"story","by":"pg","time":\#(HNWorld.time(5)),"title":"Old","descendants":5,"kids":[7,6]}"#,
                    updated: false)
                _ = try await source().entries()
                #expect(server.asks("/v0/item/7.json") == 2 && server.asks("/v0/item/41.json") == 1)
                #expect(try await source().threads()!.tree(of: 5, limit: 100).comments[7]?.kids == [41])

                // The limit: a thread is fetched to it and no further.
                world.set(
                    5,
                    #"{"id":5,"type":"story","by":"pg","time":\#(HNWorld.time(5)),"title":"Old","descendants":6,"kids":[7,6]}"#,
                    updated: false)
                let (sixBefore, eightBefore) = (server.asks("/v0/item/6.json"), server.asks("/v0/item/8.json"))
                _ = try await source(limit: 2).entries()
                #expect(server.asks("/v0/item/6.json") == sixBefore + 1)
                #expect(server.asks("/v0/item/8.json") == eightBefore, "past the limit, not asked again")
            }
        }
    }

    static func item(_ id: Int, _ json: String, parent: Int? = nil) -> ArchivedItem {
        ArchivedItem(
            id: id, kind: parent == nil ? "story" : "comment", time: id, gone: false, json: Array(json.utf8), parent: parent)
    }

    @Test("a thread read in one query is the thread read a level at a time: deep, wide, looped, cut by the limit")
    func oneQuery() throws {
        try withTemporaryFolder { folder in
            let store = try ArchiveStore(path: folder.path("archive.sqlite"))
            let reader = StoreThreads(store: store)
            // Story 1: a chain 30 deep (ids 2...31), 40 replies to its third comment (100...139),
            // a reply whose JSON is not a comment (200) with a reply of its own (201), and two
            // comments whose parents loop (300, 301) under nothing.
            var items = [Self.item(1, #"{"id":1,"type":"story","title":"S","kids":[2]}"#)]
            for id in 2...31 { items.append(Self.item(id, Self.comment(id, parent: id - 1), parent: id - 1)) }
            for id in 100...139 { items.append(Self.item(id, Self.comment(id, parent: 4), parent: 4)) }
            items.append(Self.item(200, "not json", parent: 1))
            items.append(Self.item(201, Self.comment(201, parent: 200), parent: 200))
            items.append(Self.item(300, Self.comment(300, parent: 301), parent: 301))
            items.append(Self.item(301, Self.comment(301, parent: 300), parent: 300))
            // Story 2 names a reply of its own as its parent: its thread ends where it began.
            items.append(Self.item(2_000, #"{"id":2000,"type":"story","title":"L","kids":[2001]}"#, parent: 2_001))
            items.append(Self.item(2_001, Self.comment(2_001, parent: 2_000), parent: 2_000))
            try store.put(items, at: 1)

            #expect(try store.descendants(of: 1, limit: 1_000)?.count == 72)
            #expect(try store.descendants(of: 1, limit: 71) == nil, "more than the limit: read a level at a time")
            let whole = try reader.tree(of: 1, limit: 1_000)
            #expect(whole.comments.count == 70 && !whole.truncated)
            #expect(whole.comments[30]?.kids == [31] && whole.comments[4]?.kids.count == 41)
            #expect(whole.comments[200] == nil && whole.comments[201] == nil, "under a reply that is no comment")
            // Cut by the limit, the first levels first and by id within one: read a level at a
            // time up to 71 (72 rows, two of them no comments), in one query from 72.
            for limit in [1, 5, 44, 45, 69, 70, 71, 72] {
                let cut = try reader.tree(of: 1, limit: limit)
                var levels: [Int] = Array(2...4) + [5] + Array(100...139) + Array(6...31)
                levels = Array(levels.prefix(limit))
                #expect(Set(cut.comments.keys) == Set(levels), "limit \(limit)")
                #expect(cut.truncated == (limit < 70), "limit \(limit)")
            }
            let looped = try reader.tree(of: 2_000, limit: 100)
            #expect(looped.roots == [2_001] && looped.comments.count == 1)
        }
    }

    @Test("the threads that changed since a build's note: a reply deep down, a kids list, and only those")
    func changedSince() throws {
        try withTemporaryFolder { folder in
            let store = try ArchiveStore(path: folder.path("archive.sqlite"))
            let reader = StoreThreads(store: store)
            let story = { (id: Int, kids: [Int]) in
                Self.item(
                    id, #"{"id":\#(id),"type":"story","title":"S","kids":[\#(kids.map(String.init).joined(separator: ","))]}"#)
            }
            try store.put(
                [
                    story(1, [2]), Self.item(2, Self.comment(2, parent: 1, kids: [3]), parent: 1),
                    Self.item(3, Self.comment(3, parent: 2), parent: 2), story(10, []),
                ], at: 1)
            let note = try #require(try reader.changeNote())
            #expect(try reader.storiesChanged(since: note) == [], "nothing came in since")

            // The same bytes again are no change; a reply three levels down is one for story 1.
            try store.put([story(10, [])], at: 2)
            try store.put([Self.item(4, Self.comment(4, parent: 3), parent: 3)], at: 2)
            let changed = try #require(try reader.storiesChanged(since: note))
            #expect(changed.contains(1) && !changed.contains(10))

            // A reply whose parent the store lacks changes no thread, until the parent comes.
            let later = try #require(try reader.changeNote())
            try store.put([Self.item(6, Self.comment(6, parent: 5), parent: 5)], at: 3)
            #expect(try reader.storiesChanged(since: later)?.contains(10) == false)
            try store.put([Self.item(5, Self.comment(5, parent: 10, kids: [6]), parent: 10)], at: 3)
            #expect(try reader.storiesChanged(since: later)?.contains(10) == true)

            // An HN list's story, not kept: its thread record's replies.
            let listed = try #require(try reader.changeNote())
            try store.setThread(77, descendants: 1, kids: [78])
            #expect(try reader.storiesChanged(since: listed)?.contains(77) == true)
            let again = try #require(try reader.changeNote())
            try store.setThread(77, descendants: 2, kids: [78])
            #expect(try reader.storiesChanged(since: again) == [], "the same replies: no change")
            try store.setThread(77, descendants: 2, kids: [79, 78])
            #expect(try reader.storiesChanged(since: again)?.contains(77) == true, "HN's order moved")

            // Another store's note, or one of more changes than this store counts: it cannot tell.
            #expect(try reader.storiesChanged(since: "store /elsewhere.sqlite 1") == nil)
            #expect(try reader.storiesChanged(since: "store \(store.path) \(try store.changes() + 1)") == nil)
        }
    }

    @Test("a store of format 2 is brought to format 3: every row's change is 0, before any note")
    func upgradeFromFormat2() throws {
        try withTemporaryFolder { folder in
            let path = folder.path("old.sqlite")
            try Self.sqlite(
                path,
                """
                CREATE TABLE item (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, time INTEGER, gone INTEGER NOT NULL,
                    json BLOB NOT NULL, fetched INTEGER NOT NULL, parent INTEGER);
                CREATE INDEX item_listed ON item (kind, gone, id);
                CREATE INDEX item_time ON item (kind, time);
                CREATE INDEX item_parent ON item (parent) WHERE parent IS NOT NULL;
                CREATE TABLE walk (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
                CREATE TABLE thread (story INTEGER PRIMARY KEY, descendants INTEGER NOT NULL, kids TEXT NOT NULL);
                INSERT INTO item VALUES (1, 'story', 1, 0, CAST('{"id":1,"type":"story","title":"T","kids":[2]}' AS BLOB), 1, NULL);
                INSERT INTO item VALUES (2, 'comment', 2, 0, CAST('\(Self.comment(2, parent: 1))' AS BLOB), 1, 1);
                INSERT INTO walk VALUES ('changes', 2);
                INSERT INTO thread VALUES (9, 1, '[8]');
                PRAGMA application_id = 1936290919;
                PRAGMA user_version = 2;
                """)
            let store = try ArchiveStore(path: path)
            let reader = StoreThreads(store: store)
            #expect(try reader.storiesChanged(since: "store \(path) 0") == [])
            #expect(try StoreThreads(store: store).tree(of: 1, limit: 10).roots == [2])
            try store.put([Self.item(3, Self.comment(3, parent: 2), parent: 2)], at: 2)
            #expect(try reader.storiesChanged(since: "store \(path) 2") == [1, 2, 3])
            #expect(try Self.sqlite(path, "PRAGMA user_version") == "3\n")
        }
    }

    /// Runs `sql` on the SQLite file at `path` with the sqlite3 tool; what it printed.
    @discardableResult
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        process.standardOutput = pipe
        try process.run()
        let printed = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: printed, as: UTF8.self)
    }

    @Test("a store of format 1 is brought to format 3: comments get their parent from their JSON")
    func upgrade() throws {
        try withTemporaryFolder { folder in
            let path = folder.path("old.sqlite")
            // Format 1 as the fourteenth session's sitegen made it.
            let sql = """
                CREATE TABLE item (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, time INTEGER, gone INTEGER NOT NULL,
                    json BLOB NOT NULL, fetched INTEGER NOT NULL);
                CREATE INDEX item_listed ON item (kind, gone, id);
                CREATE INDEX item_time ON item (kind, time);
                CREATE TABLE walk (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
                INSERT INTO item VALUES (1, 'story', 1, 0, CAST('{"id":1,"type":"story","title":"T","kids":[2]}' AS BLOB), 1);
                INSERT INTO item VALUES (2, 'comment', 2, 0, CAST('\(Self.comment(2, parent: 1, kids: [3]))' AS BLOB), 1);
                INSERT INTO item VALUES (3, 'comment', 3, 0, CAST('\(Self.comment(3, parent: 2))' AS BLOB), 1);
                INSERT INTO item VALUES (4, 'comment', 4, 0, CAST('not json' AS BLOB), 1);
                PRAGMA application_id = 1936290919;
                PRAGMA user_version = 1;
                """
            try Self.sqlite(path, sql)

            let store = try ArchiveStore(path: path)
            #expect(try store.replies(to: [1]).map(\.id) == [2])
            #expect(try store.replies(to: [2]).map(\.id) == [3])
            #expect(try store.item(4)?.parent == nil, "JSON that is not JSON gets no parent, and the upgrade goes on")
            let tree = try StoreThreads(store: store).tree(of: 1, limit: 10)
            #expect(tree.roots == [2] && tree.comments[2]?.kids == [3])
            // Opened again, it is format 3 and stays as it is.
            _ = try ArchiveStore(path: path)
            #expect(try Self.sqlite(path, "PRAGMA user_version") == "3\n")
        }
    }
}
