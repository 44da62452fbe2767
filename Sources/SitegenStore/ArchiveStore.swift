import Foundation
import GRDB
import SitegenSystem

/// The archive: every item an HN-shaped API has given (`--list all`), in one SQLite file that
/// grows from build to build, and how far the walk over the API's ids has come.
///
/// Every write is its own transaction, committed before the call returns, in SQLite's
/// write-ahead log: a build killed at any moment (`kill -9`) leaves every item it stored, and
/// the next one does not fetch them again. Calls block their thread (SQLite is synchronous):
/// callers make them off Swift's cooperative pool.
///
/// Format 3 (`PRAGMA user_version`; `application_id` says the file is sitegen's):
///
///     item(id INTEGER PRIMARY KEY, kind TEXT, time INTEGER, gone INTEGER, json BLOB, fetched INTEGER,
///          parent INTEGER,                        -- a comment's parent: its thread is found by it
///          change INTEGER)                        -- the count of changes when its bytes last came in new
///     walk(key TEXT PRIMARY KEY, value INTEGER)   -- the walk's marks (`HNArchiveSource`), and
///                                                   `changes`, the count of items that came in new
///     thread(story INTEGER PRIMARY KEY, descendants INTEGER, kids TEXT, change INTEGER)
///                                                 -- a list's story's count of comments and its
///                                                   replies (JSON) when its thread was last
///                                                   fetched (`ThreadFetch`)
///
/// `change` says what came in after what: a build notes `changes` before it reads, and the next
/// one asks which threads hold a row whose `change` is past that note (`threads(changedSince:)`)
/// to make only their pages again.
///
/// An older store is brought to format 3 when it is opened, in one transaction: format 1 gets
/// `parent`, filled from the comments' JSON; format 2 gets `change`, 0 for every row (before
/// any build's note).
public final class ArchiveStore: Sendable {
    /// The newest format this sitegen reads and writes.
    public static let format = 3
    /// "sitg", so that another program's SQLite file is told from an archive.
    static let applicationID: Int32 = 0x7369_7467

    public let path: String
    /// A pool: reads run side by side, each on its own connection to the write-ahead log (a
    /// rebuild reads the threads it makes on both cores), writes one at a time. A store this
    /// process may not write (a shared one, read with `--offline`) is one plain connection: a
    /// pool writes to a store as it opens it.
    private let database: any DatabaseWriter

    /// Opens the store at `path`, making it (and its folder) when there is none. A store of a
    /// newer format, of another program, or damaged is refused by name (`ArchiveStoreError`).
    public init(path: String) throws(ArchiveStoreError) {
        BlockingExecutor.willBlock("ArchiveStore: opens its file")
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        do {
            try FileManager.default.createDirectory(atPath: FolderAbove.of(path), withIntermediateDirectories: true)
        } catch {
            throw ArchiveStoreError(path: path, reason: .unusable(error.localizedDescription))
        }
        var configuration = Configuration()
        // Another build writing the same store waits for this one's write rather than failing
        // (readers of the write-ahead log wait for no writer).
        configuration.busyMode = .timeout(30)
        do {
            // Looked at through one plain connection first: a pool would turn another
            // program's SQLite file to the write-ahead log before it is refused.
            let checking = try DatabaseQueue(path: path, configuration: configuration)
            try checking.writeWithoutTransaction { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                if exists && (application != Self.applicationID || version == 0) && tables > 0 {
                    throw ArchiveStoreError(path: path, reason: .notAnArchive)
                }
                if version > Self.format {
                    throw ArchiveStoreError(path: path, reason: .newer(format: version, reads: Self.format))
                }
                // The write-ahead log: a commit is one append, and a killed process loses none.
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                if version == 0 { try Self.create(db) }
                if version == 1 { try Self.upgradeFromFormat1(db) }
                if version == 1 || version == 2 { try Self.upgradeFromFormat2(db) }
            }
            if access(path, W_OK) == 0 {
                try checking.close()
                configuration.maximumReaderCount = max(2, ProcessInfo.processInfo.activeProcessorCount)
                database = try DatabasePool(path: path, configuration: configuration)
            } else {
                database = checking
            }
        } catch let error as ArchiveStoreError {
            throw error
        } catch let error as DatabaseError {
            throw ArchiveStoreError(path: path, reason: Self.reason(error))
        } catch {
            throw ArchiveStoreError(path: path, reason: .unusable(String(describing: error)))
        }
    }

    private static func create(_ db: Database) throws {
        try db.inTransaction {
            try db.execute(
                sql: """
                    CREATE TABLE item (
                        id INTEGER PRIMARY KEY, kind TEXT NOT NULL, time INTEGER, gone INTEGER NOT NULL,
                        json BLOB NOT NULL, fetched INTEGER NOT NULL, parent INTEGER, change INTEGER NOT NULL DEFAULT 0);
                    CREATE INDEX item_listed ON item (kind, gone, id);
                    CREATE INDEX item_time ON item (kind, time);
                    CREATE INDEX item_parent ON item (parent) WHERE parent IS NOT NULL;
                    CREATE INDEX item_change ON item (change);
                    CREATE TABLE walk (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
                    CREATE TABLE thread (
                        story INTEGER PRIMARY KEY, descendants INTEGER NOT NULL, kids TEXT NOT NULL,
                        change INTEGER NOT NULL DEFAULT 0);
                    PRAGMA application_id = \(applicationID);
                    PRAGMA user_version = \(format);
                    """)
            return .commit
        }
    }

    /// Format 1 had no `parent`: added, and filled from the JSON of the comments it holds.
    private static func upgradeFromFormat1(_ db: Database) throws {
        try db.inTransaction {
            try db.execute(
                sql: """
                    ALTER TABLE item ADD COLUMN parent INTEGER;
                    UPDATE item SET parent = json_extract(CAST(json AS TEXT), '$.parent')
                        WHERE kind = 'comment' AND json_valid(CAST(json AS TEXT));
                    CREATE INDEX item_parent ON item (parent) WHERE parent IS NOT NULL;
                    PRAGMA user_version = 2;
                    """)
            return .commit
        }
    }

    /// Format 2 had no `change`: added, 0 everywhere. (Its `thread` table came within format
    /// 2, so a store of it may lack one: made here with the column.)
    private static func upgradeFromFormat2(_ db: Database) throws {
        try db.inTransaction {
            try db.execute(
                sql: """
                    ALTER TABLE item ADD COLUMN change INTEGER NOT NULL DEFAULT 0;
                    CREATE INDEX item_change ON item (change);
                    CREATE TABLE IF NOT EXISTS thread (story INTEGER PRIMARY KEY, descendants INTEGER NOT NULL, kids TEXT NOT NULL);
                    ALTER TABLE thread ADD COLUMN change INTEGER NOT NULL DEFAULT 0;
                    PRAGMA user_version = 3;
                    """)
            return .commit
        }
    }

    private static func reason(_ error: DatabaseError) -> ArchiveStoreError.Reason {
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: .damaged(error.message ?? "\(error.resultCode)")
        default: .unusable(error.message ?? "\(error.resultCode)")
        }
    }

    /// `work` against the database, its errors said as the store's.
    private func run<T>(_ work: (any DatabaseWriter) throws -> T) throws(ArchiveStoreError) -> T {
        BlockingExecutor.willBlock("ArchiveStore: a query")
        do {
            return try work(database)
        } catch let error as DatabaseError {
            throw ArchiveStoreError(path: path, reason: Self.reason(error))
        } catch {
            throw ArchiveStoreError(path: path, reason: .unusable(String(describing: error)))
        }
    }

    // MARK: The walk's marks

    /// A mark of the walk (`low`, `high`), nil before it is first set.
    public func mark(_ key: String) throws(ArchiveStoreError) -> Int? {
        try run { try $0.read { db in try Int.fetchOne(db, sql: "SELECT value FROM walk WHERE key = ?", arguments: [key]) } }
    }

    public func setMark(_ key: String, _ value: Int) throws(ArchiveStoreError) {
        try run {
            try $0.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO walk (key, value) VALUES (?, ?)", arguments: [key, value])
            }
        }
    }

    // MARK: Items

    /// The ids in `range` the store holds (an answer of null included).
    public func ids(in range: ClosedRange<Int>) throws(ArchiveStoreError) -> Set<Int> {
        try run {
            try $0.read { db in
                Set(
                    try Int.fetchAll(
                        db, sql: "SELECT id FROM item WHERE id BETWEEN ? AND ?", arguments: [range.lowerBound, range.upperBound]))
            }
        }
    }

    /// Of `ids`, those the store holds.
    public func held(_ ids: [Int]) throws(ArchiveStoreError) -> [Int] {
        try run {
            try $0.read { db in
                try ids.filter { id in try Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE id = ?", arguments: [id]) ?? false }
            }
        }
    }

    /// Stores `items` (replacing what it held under their ids), in one transaction, and adds
    /// to the count of changes those whose bytes are new: an item fetched again as it was is
    /// not a change. Those get the count as it was plus one for their `change`: past every note
    /// a build took before this commit, and within every note taken after it.
    public func put(_ items: [ArchivedItem], at now: Int) throws(ArchiveStoreError) {
        guard !items.isEmpty else { return }
        try run {
            try $0.write { db in
                let change = try Self.changes(db) + 1
                let statement = try db.makeStatement(
                    sql: """
                        INSERT INTO item (id, kind, time, gone, json, fetched, parent, change) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, time = excluded.time, gone = excluded.gone,
                            json = excluded.json, fetched = excluded.fetched, parent = excluded.parent,
                            change = excluded.change
                        WHERE item.json IS NOT excluded.json
                        """)
                var changed = 0
                for item in items {
                    try statement.execute(arguments: [
                        item.id, item.kind, item.time, item.gone, Data(item.json), now, item.parent, change,
                    ])
                    changed += db.changesCount
                }
                try Self.count(changed, db)
            }
        }
    }

    private static func changes(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT value FROM walk WHERE key = 'changes'") ?? 0
    }

    private static func count(_ changed: Int, _ db: Database) throws {
        guard changed > 0 else { return }
        try db.execute(
            sql: "INSERT INTO walk (key, value) VALUES ('changes', ?) ON CONFLICT (key) DO UPDATE SET value = value + ?",
            arguments: [changed, changed])
    }

    /// The ids of every row that came in new after the count of changes was `mark` (`changes()`,
    /// noted by an earlier build), and of every item above one of them, up to the story (or to
    /// an id the store lacks): a story not among them has the thread it had then. A list's
    /// story, which the store does not keep, is among them by its `thread` record or by the
    /// replies under it.
    public func threads(changedSince mark: Int) throws(ArchiveStoreError) -> Set<Int> {
        try run {
            try $0.read { db in
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        WITH RECURSIVE up(id, parent) AS (
                            SELECT id, parent FROM item WHERE change > ?1
                            UNION SELECT item.id, item.parent FROM item JOIN up ON item.id = up.parent)
                        SELECT id, parent FROM up
                        UNION ALL SELECT story, NULL FROM thread WHERE change > ?1
                        """, arguments: [mark])
                var ids = Set<Int>()
                while let row = try rows.next() {
                    ids.insert(row[0])
                    if let parent: Int = row[1] { ids.insert(parent) }
                }
                return ids
            }
        }
    }

    /// How many times an item came in with new bytes, over the store's life: the same number
    /// twice means nothing the store holds changed between.
    public func changes() throws(ArchiveStoreError) -> Int { try mark("changes") ?? 0 }

    /// The stories (not gone) whose time is at or after `time`: the ones whose score and
    /// comments still move.
    public func storyIDs(since time: Int) throws(ArchiveStoreError) -> [Int] {
        try run {
            try $0.read { db in
                try Int.fetchAll(
                    db, sql: "SELECT id FROM item WHERE kind = 'story' AND gone = 0 AND time >= ? ORDER BY id DESC",
                    arguments: [time])
            }
        }
    }

    /// How many items of each kind the store holds (`null` for the API's nulls).
    public func counts() throws(ArchiveStoreError) -> [String: Int] {
        try run {
            try $0.read { db in
                var counts: [String: Int] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT kind, count(*) FROM item GROUP BY kind") {
                    counts[row[0]] = row[1]
                }
                return counts
            }
        }
    }

    /// Up to `limit` listed stories with ids below `id` (any id when nil), newest first: the
    /// store a window at a time, each window a query of its own (no read held open between).
    public func stories(below id: Int?, limit: Int) throws(ArchiveStoreError) -> [ArchivedItem] {
        try run {
            try $0.read { db in
                // Through a cursor: each row's JSON copied once, from SQLite's buffer into the item.
                let rows = try Row.fetchCursor(
                    db,
                    sql: "SELECT id, time, json FROM item WHERE kind = 'story' AND gone = 0 AND id < ? ORDER BY id DESC LIMIT ?",
                    arguments: [id ?? Int.max, limit])
                var items: [ArchivedItem] = []
                while let row = try rows.next() {
                    items.append(
                        ArchivedItem(
                            id: row[0], kind: "story", time: row[1], gone: false,
                            json: try row.withUnsafeData(atIndex: 2) { $0.map { Array($0) } ?? [] }))
                }
                return items
            }
        }
    }

    /// The item at `id` (a story, a comment), nil when the store does not hold it.
    public func item(_ id: Int) throws(ArchiveStoreError) -> ArchivedItem? {
        try run {
            try $0.read { db in
                try Row.fetchOne(db, sql: "SELECT id, kind, time, gone, json, parent FROM item WHERE id = ?", arguments: [id])
                    .map { try Self.item($0) }
            }
        }
    }

    /// The items at `ids` the store holds, in no order.
    public func items(_ ids: [Int]) throws(ArchiveStoreError) -> [ArchivedItem] {
        guard !ids.isEmpty else { return [] }
        return try run {
            try $0.read { db in
                try Self.rows(db, "SELECT id, kind, time, gone, json, parent FROM item WHERE id IN", ids).map {
                    try Self.item($0)
                }
            }
        }
    }

    /// The comments whose parent is one of `parents` (a level of a thread), in no order.
    public func replies(to parents: [Int]) throws(ArchiveStoreError) -> [ArchivedItem] {
        guard !parents.isEmpty else { return [] }
        return try run {
            try $0.read { db in
                try Self.rows(db, "SELECT id, kind, time, gone, json, parent FROM item WHERE parent IN", parents).map {
                    try Self.item($0)
                }
            }
        }
    }

    /// The comments under `id` however deep (by `parent`, each once, in no order), in one
    /// query, if there are at most `limit` of them; nil when there are more (a thread to read a
    /// level at a time, as far as it is shown).
    public func descendants(of id: Int, limit: Int) throws(ArchiveStoreError) -> [ArchivedItem]? {
        try run {
            try $0.read { db in
                // `UNION`, not `UNION ALL`: a chain of parents that loops ends where it began.
                let statement = try db.cachedStatement(
                    sql: """
                        WITH RECURSIVE under(id) AS (
                            SELECT id FROM item WHERE parent = ?1
                            UNION SELECT item.id FROM item JOIN under ON item.parent = under.id
                            LIMIT ?2)
                        SELECT item.id, kind, time, gone, json, parent FROM under JOIN item ON item.id = under.id
                        """)
                let rows = try Row.fetchCursor(statement, arguments: [id, limit < Int.max ? limit + 1 : limit])
                var items: [ArchivedItem] = []
                while let row = try rows.next() {
                    guard items.count < limit else { return nil }
                    items.append(try Self.item(row))
                }
                return items
            }
        }
    }

    /// Each of `stories`' count of comments when its thread was last fetched, for those fetched.
    public func threadCounts(_ stories: [Int]) throws(ArchiveStoreError) -> [Int: Int] {
        guard !stories.isEmpty else { return [:] }
        return try run {
            try $0.read { db in
                var counts: [Int: Int] = [:]
                for row in try Self.rows(db, "SELECT story, descendants FROM thread WHERE story IN", stories) {
                    counts[row[0]] = row[1]
                }
                return counts
            }
        }
    }

    /// Records that `story`'s thread was fetched when the story counted `descendants` comments
    /// and had the replies `kids` (in HN's order: a list's stories are not kept as items).
    /// A record with other replies than the last is a change, counted as an item's is.
    public func setThread(_ story: Int, descendants: Int, kids: [Int]) throws(ArchiveStoreError) {
        try run {
            try $0.write { db in
                let listed = "[" + kids.map(String.init).joined(separator: ",") + "]"
                // Counted only when the replies moved (a new count alone changes no page).
                let moved = try String.fetchOne(db, sql: "SELECT kids FROM thread WHERE story = ?", arguments: [story]) != listed
                guard moved else {
                    return try db.execute(
                        sql: "UPDATE thread SET descendants = ? WHERE story = ?", arguments: [descendants, story])
                }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO thread (story, descendants, kids, change) VALUES (?, ?, ?, ?)",
                    arguments: [story, descendants, listed, try Self.changes(db) + 1])
                try Self.count(1, db)
            }
        }
    }

    /// `story`'s replies as its thread was last fetched (`setThread`), nil when it was not.
    public func threadKids(_ story: Int) throws(ArchiveStoreError) -> [Int]? {
        try run {
            try $0.read { db in
                try String.fetchOne(db, sql: "SELECT kids FROM thread WHERE story = ?", arguments: [story]).map { text in
                    text.dropFirst().dropLast().split(separator: ",").compactMap { Int($0) }
                }
            }
        }
    }

    /// Whether the store holds a comment replying to `id`.
    public func hasReplies(_ id: Int) throws(ArchiveStoreError) -> Bool {
        try run {
            try $0.read { db in
                try Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE parent = ? LIMIT 1", arguments: [id]) ?? false
            }
        }
    }

    /// Of `ids`, those the store holds a comment replying to: `hasReplies` for many at once.
    public func withReplies(_ ids: [Int]) throws(ArchiveStoreError) -> Set<Int> {
        guard !ids.isEmpty else { return [] }
        return try run {
            try $0.read { db in
                Set(try Self.rows(db, "SELECT DISTINCT parent FROM item WHERE parent IN", ids).map { $0[0] as Int })
            }
        }
    }

    /// The rows of `sql`, which ends in `IN`, for `values`: 10,000 values a statement, as
    /// SQLite takes at most 32,766.
    private static func rows(_ db: Database, _ sql: String, _ values: [Int]) throws -> [Row] {
        var rows: [Row] = []
        for start in stride(from: 0, to: values.count, by: 10_000) {
            let some = Array(values[start..<min(start + 10_000, values.count)])
            let marks = Array(repeating: "?", count: some.count).joined(separator: ",")
            rows += try Row.fetchAll(db, sql: sql + " (\(marks))", arguments: StatementArguments(some))
        }
        return rows
    }

    /// The item of a row `id, kind, time, gone, json, parent`, fetched or a cursor's (which
    /// lives only until the next): its JSON copied once, from the row's buffer.
    private static func item(_ row: Row) throws -> ArchivedItem {
        ArchivedItem(
            id: row[0], kind: row[1], time: row[2], gone: row[3],
            json: try row.withUnsafeData(atIndex: 4) { $0.map { Array($0) } ?? [] }, parent: row[5])
    }

    /// The listed stories (kind `story`, not dead or deleted), newest id first, one at a time:
    /// the store's rows are read as a cursor, never all at once.
    public func forEachStory(_ body: (ArchivedItem) throws -> Void) throws(ArchiveStoreError) {
        try run {
            try $0.read { db in
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT id, time, json FROM item WHERE kind = 'story' AND gone = 0 ORDER BY id DESC")
                while let row = try rows.next() {
                    let json: Data = row[2]
                    try body(ArchivedItem(id: row[0], kind: "story", time: row[1], gone: false, json: Array(json)))
                }
            }
        }
    }
}
