import Foundation
import SitegenHTTP
import SitegenModel
import SitegenStore
import SitegenSystem

/// The Hacker News API, or any API of its shape: `{base}/{list}.json` is an array of item ids in
/// rank order, `{base}/item/{id}.json` one item. The list is always asked for (it is what is
/// new); items come from the cache while younger than its TTL, the rest are fetched
/// `concurrency` at a time. An item that cannot be fetched or parsed is skipped and named by id;
/// a list that cannot be fetched fails the build.
public struct HNAPISource: StorySource {
    /// The lists HN has; another API of the same shape may have others, so any name is accepted.
    public static let knownLists = ["topstories", "newstories", "beststories", "askstories", "showstories", "jobstories"]

    public let base: String
    public let list: String
    public let limit: Int
    public let settings: FetchSettings
    public var name: String { "\(base) (\(list))" }
    /// The archive's store, where the stories' threads are kept (`ThreadFetch`); nil for none.
    public var store: String?
    /// The most comments fetched for a story's thread (`comments`); 0 fetches none.
    public var threadLimit = 10_000

    public init(base: String, list: String = "topstories", limit: Int = 500, settings: FetchSettings = .init()) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.list = list
        self.limit = limit
        self.settings = settings
    }

    public var listURL: String { "\(base)/\(list).json" }
    public func itemURL(_ id: Int) -> String { "\(base)/item/\(id).json" }

    public func entries() async throws -> [SourceEntry] {
        try await Fetcher.session(settings) { fetcher in
            let ids = Array(try ids(in: try await fetcher.required(listURL)).prefix(max(0, limit)))
            fetcher.tally.begin("items", total: ids.count)
            let entries = try await BoundedConcurrency.map(ids, limit: settings.concurrency) { id in
                try await entry(id: id, fetcher: fetcher)
            }
            fetcher.tally.end()
            if let path = store, threadLimit > 0, !settings.offline {
                let stories = entries.compactMap { entry -> (id: Int, descendants: Int, kids: [Int])? in
                    guard case .item(let item) = entry.content, let id = item.id, item.type == nil || item.type == "story"
                    else { return nil }
                    return (id, item.descendants ?? 0, item.kids ?? [])
                }
                let store = try await BlockingExecutor.run { try ArchiveStore(path: path) }
                try await ThreadFetch(base: base, store: store, concurrency: settings.concurrency, limit: threadLimit)
                    .fetch(stories, fetcher)
            }
            return entries
        }
    }

    /// The threads fetched into the store (`ThreadFetch`), read by `parent`.
    public func threads() async throws -> (any ThreadReader)? {
        guard let path = store, threadLimit > 0 else { return nil }
        return StoreThreads(store: try await BlockingExecutor.run { try ArchiveStore(path: path) })
    }

    private func ids(in body: [UInt8]) throws -> [Int] {
        // Firebase answers null for a list it doesn't have; say so rather than "not an array".
        if body.elementsEqual("null".utf8) {
            throw SourceError.invalidField(
                path: listURL, field: "(top level)",
                reason:
                    "the API has no list '\(list)' (it answered null); HN's lists are \(Self.knownLists.joined(separator: ", "))")
        }
        return try JSONInput.itemIDs(Data(body), path: listURL)
    }

    private func entry(id: Int, fetcher: Fetcher) async throws -> SourceEntry {
        let location = "item \(id)"
        let fetched: (body: [UInt8], origin: Fetcher.Origin)
        do {
            fetched = try await fetcher.get(itemURL(id), .cacheFirst)
        } catch {
            if case .deadline = error.failure {
                throw SourceError.fetchFailed(url: error.url, reason: error.failure.description)
            }
            fetcher.tally.finished(failed: true)
            return SourceEntry(location: location, id: id, content: .unfetched(error.description))
        }
        var content = fetched.body.withUnsafeBytes { SourceEntry.Content(itemJSON: $0) }
        // The list names the id; an item without one is still that item.
        if case .item(var item) = content, item.isObject, item.id == nil {
            item.id = id
            content = .item(item)
        }
        if case .unreadable = content {
            fetcher.tally.finished(failed: true)
        } else {
            if fetched.origin == .network { fetcher.remember(itemURL(id), fetched.body) }
            fetcher.tally.finished(cached: fetched.origin == .cache)
        }
        return SourceEntry(location: location, id: id, content: content)
    }
}
