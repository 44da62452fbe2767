import Foundation
import SitegenHTTP
import SitegenModel
import SitegenStore
import SitegenSystem
import Synchronization

/// `--list all`: every story an HN-shaped API has made, kept in the archive's store
/// (`ArchiveStore`) so that the site grows from build to build instead of showing one ranked
/// list. Each build:
///
/// 1. asks for `maxitem` and walks the ids the store lacks, window by window (`ArchiveWalk`):
///    the first build `backfill` ids back from the newest, later ones from where the last
///    stopped; each window is stored as one transaction, so a killed build resumes there;
/// 2. fetches again the items `updates` names that the store holds (HN lists items and
///    profiles changed lately);
/// 3. fetches again the stories younger than `refresh`, whose score and comments still move
///    (HN's front page holds stories of about two days);
/// 4. lists the store's stories, newest first; dead and deleted ones are kept as what they are
///    but no longer listed.
///
/// Comments need no step of their own: they are items, and a story's are newer than it, so the
/// walk fetches every one of a stored story's comments, and `updates` the ones that changed
/// (`StoreThreads` finds a thread by each comment's `parent`).
///
/// Items are fetched with the usual rules (timeouts, retries, 429's pause), never from the
/// fetch cache: the store is the cache. An item that cannot be fetched is left for the next
/// build (its window is not marked done) and counted; `--offline` builds from the store alone.
public struct HNArchiveSource: StorySource {
    public let base: String
    public let store: String
    public let backfill: Int
    /// Walk back to the first item made on or after this time (Unix seconds) rather than
    /// `backfill` ids (`--since`).
    public let since: Int?
    public let refresh: Duration
    public let settings: FetchSettings
    /// Unix seconds now (tests move time).
    let now: @Sendable () -> Int
    /// Whether `stamp()` fetched for the `entries()` that follow it (which then do not).
    private let fetched = FetchedForEntries()

    public init(
        base: String, store: String, backfill: Int = 10_000, since: Int? = nil, refresh: Duration = .seconds(48 * 3600),
        settings: FetchSettings = .init(), now: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }
    ) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.store = store
        self.backfill = backfill
        self.since = since
        self.refresh = refresh
        var settings = settings
        settings.cacheFolder = nil
        self.settings = settings
        self.now = now
    }

    public var name: String { "\(base) (all, kept in \(store))" }

    /// The store's path and its count of changes, after fetching: the same after a build that
    /// found nothing new or changed.
    public func stamp() async throws -> String? {
        let store = try await prepared(forEntries: false)
        return "archive \(store.path) \(try await BlockingExecutor.run { try store.changes() })"
    }

    public func entries() async throws -> [SourceEntry] {
        let store = try await prepared(forEntries: true)
        return try await BlockingExecutor.run {
            var entries: [SourceEntry] = []
            try store.forEachStory { item in
                let content = item.json.withUnsafeBytes { SourceEntry.Content(itemJSON: $0) }
                entries.append(SourceEntry(prefix: "item ", number: item.id, id: item.id, content: content))
            }
            return entries
        }
    }

    /// The store's stories a window at a time, newest first.
    public func windows() async throws -> (any EntryWindows)? {
        Windows(store: try await prepared(forEntries: true), size: windowStories)
    }

    /// The comments the store holds, found by their `parent` (the walk fetches them as it
    /// fetches every id).
    public func threads() async throws -> (any ThreadReader)? {
        let path = store
        return StoreThreads(store: try await BlockingExecutor.run { try ArchiveStore(path: path) })
    }

    /// How many stories a window holds.
    public var windowStories = 65_536

    final class Windows: EntryWindows, @unchecked Sendable {
        // Used by the one thread that reads the windows.
        private let store: ArchiveStore
        private let size: Int
        private var below: Int?
        private var ended = false

        init(store: ArchiveStore, size: Int) {
            self.store = store
            self.size = max(1, size)
        }

        func next() throws -> [SourceEntry]? {
            guard !ended else { return nil }
            let items = try store.stories(below: below, limit: size)
            ended = items.count < size
            below = items.last?.id
            guard !items.isEmpty else { return nil }
            // Parsed on both cores: the window's rows come from the store on this thread alone.
            return Parallel.array(count: items.count) { i in
                let content = items[i].json.withUnsafeBytes { SourceEntry.Content(itemJSON: $0) }
                return SourceEntry(prefix: "item ", number: items[i].id, id: items[i].id, content: content)
            }
        }
    }

    /// The store, with what the API has new fetched into it: by `stamp()` always, by
    /// `entries()` unless the `stamp()` before it did (a build calls both, one after the other;
    /// the same source built again fetches again).
    private func prepared(forEntries: Bool) async throws -> ArchiveStore {
        let path = store
        let store = try await BlockingExecutor.run { try ArchiveStore(path: path) }
        let fetchNow = forEntries ? !fetched.take() : true
        if !settings.offline && fetchNow { try await fetch(into: store) }
        if !forEntries { fetched.set() }
        return store
    }

    /// Steps 1 to 3: what the store lacks, and what changed.
    func fetch(into store: ArchiveStore) async throws {
        try await Fetcher.session(settings) { fetcher in
            let maxItem = try await self.maxItem(fetcher)
            let stored = try await BlockingExecutor.run { () throws(ArchiveStoreError) -> ArchiveWalk.Marks? in
                guard let low = try store.mark("low"), let done = try store.mark("done") else { return nil }
                return ArchiveWalk.Marks(low: low, done: done)
            }
            // `--since`: as many ids back as reach the first item of that day.
            var back = backfill
            if let since { back = maxItem - (try await firstID(since: since, maxItem: maxItem, fetcher)) + 1 }
            var marks = ArchiveWalk.start(stored, maxItem: maxItem, backfill: back)
            if marks != stored { try await save(marks, in: store) }
            let windows = ArchiveWalk.windows(marks, maxItem: maxItem)
            fetcher.tally.begin("items", total: windows.reduce(0) { $0 + $1.count })
            defer { fetcher.tally.end() }
            var fetchedAgain = Set<Int>()
            var complete = true
            for window in windows {
                let held = try await BlockingExecutor.run { try store.ids(in: window) }
                let missing = window.filter { !held.contains($0) }
                var stored = 0
                // Stored a batch at a time: a build killed mid-window loses at most a batch.
                for start in stride(from: 0, to: missing.count, by: ArchiveWalk.batch) {
                    let items = try await fetch(Array(missing[start..<min(start + ArchiveWalk.batch, missing.count)]), fetcher)
                    try await BlockingExecutor.run { [now] in try store.put(items, at: now()) }
                    fetchedAgain.formUnion(items.map(\.id))
                    stored += items.count
                }
                // Done moves only over windows whose every id is stored, so none is skipped.
                if complete && stored == missing.count {
                    marks.done = window.upperBound
                    try await save(marks, in: store)
                } else {
                    complete = false
                }
            }
            let changed = try await updated(fetcher).filter { !fetchedAgain.contains($0) }
            let since = now() - Int(refresh.components.seconds)
            let moving = try await BlockingExecutor.run { try store.storyIDs(since: since) }
            let again = try await BlockingExecutor.run { try store.held(changed) } + moving.filter { !fetchedAgain.contains($0) }
            let refreshed = try await fetch(Array(Set(again)).sorted(), fetcher)
            try await BlockingExecutor.run { [now] in try store.put(refreshed, at: now()) }
        }
    }

    private func save(_ marks: ArchiveWalk.Marks, in store: ArchiveStore) async throws {
        try await BlockingExecutor.run {
            try store.setMark("low", marks.low)
            try store.setMark("done", marks.done)
        }
    }

    /// The first id whose item was made at or after `since`, by halving `1...maxItem` (ids
    /// are in the order items were made): some 26 requests for all of HN. An id without a time
    /// (null, deleted) is passed over for the next one with a time, at most 16 ahead.
    func firstID(since: Int, maxItem: Int, _ fetcher: Fetcher) async throws -> Int {
        var (low, high) = (1, maxItem)
        while low < high {
            let middle = (low + high) / 2
            var time: Int?
            for id in middle...min(middle + 16, high) {
                let answer = try? await fetcher.get("\(base)/item/\(id).json", .network).body
                if let answer, let at = Self.archived(id: id, json: answer)?.time {
                    time = at
                    break
                }
            }
            if let time, time < since { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func maxItem(_ fetcher: Fetcher) async throws -> Int {
        let url = "\(base)/maxitem.json"
        let body = try await fetcher.required(url)
        guard let text = String(validating: body, as: UTF8.self),
            let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), value > 0
        else {
            throw SourceError.invalidField(path: url, field: "(top level)", reason: "maxitem must be a positive integer")
        }
        return value
    }

    /// The ids `updates.json` names (`{"items": [...], "profiles": [...]}`); none when the API
    /// has no such file, or it cannot be read: the next build asks again.
    private func updated(_ fetcher: Fetcher) async throws -> [Int] {
        let url = "\(base)/updates.json"
        guard let body = try? await fetcher.get(url, .network).body,
            let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let items = object["items"] as? [Any]
        else { return [] }
        return items.compactMap { ($0 as? NSNumber)?.intValue }.filter { $0 > 0 }
    }

    /// The items at `ids`, `concurrency` at a time; those that cannot be fetched or read are
    /// left out (and counted), to be asked for again by the next build.
    private func fetch(_ ids: [Int], _ fetcher: Fetcher) async throws -> [ArchivedItem] {
        try await Self.fetch(ids, base: base, concurrency: settings.concurrency, fetcher)
    }

    /// The items at `ids` from the API at `base`, as the store keeps them (the archive's walk,
    /// and `ThreadFetch`).
    static func fetch(_ ids: [Int], base: String, concurrency: Int, _ fetcher: Fetcher) async throws -> [ArchivedItem] {
        guard !ids.isEmpty else { return [] }
        let items = try await BoundedConcurrency.map(ids, limit: concurrency) { id -> ArchivedItem? in
            let url = "\(base)/item/\(id).json"
            let body: [UInt8]
            do throws(FetchError) {
                body = try await fetcher.get(url, .network).body
            } catch {
                if case .deadline = error.failure {
                    throw SourceError.fetchFailed(url: error.url, reason: error.failure.description)
                }
                fetcher.tally.finished(failed: true)
                return nil
            }
            guard let item = Self.archived(id: id, json: body) else {
                fetcher.tally.finished(failed: true)
                return nil
            }
            fetcher.tally.finished(cached: false)
            return item
        }
        return items.compactMap { $0 }
    }

    /// An answer as the store keeps it; nil when it is not JSON, or an object of another id.
    static func archived(id: Int, json: [UInt8]) -> ArchivedItem? {
        let content = json.withUnsafeBytes { SourceEntry.Content(itemJSON: $0) }
        switch content {
        case .null:
            return ArchivedItem(id: id, kind: "null", time: nil, gone: true, json: json)
        case .item(let item):
            guard item.isObject, item.id == nil || item.id == id else { return nil }
            // A comment's parent, by which its thread finds it (`StoreThreads`).
            let parent = item.type == "comment" ? item.parent : nil
            return ArchivedItem(
                id: id, kind: item.type ?? "story", time: item.time, gone: item.dead == true || item.deleted == true, json: json,
                parent: parent)
        default:
            return nil
        }
    }
}

/// Whether a `stamp()` fetched for the `entries()` that follow it.
private final class FetchedForEntries: Sendable {
    private let fetched = Mutex(false)

    func set() { fetched.withLock { $0 = true } }

    /// Whether it was set, unset again.
    func take() -> Bool {
        fetched.withLock { fetched in
            defer { fetched = false }
            return fetched
        }
    }
}
