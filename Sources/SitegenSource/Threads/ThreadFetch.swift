import SitegenHTTP
import SitegenModel
import SitegenStore
import SitegenSystem

/// The threads of an HN list's stories (`--list top` and the others), fetched into the
/// archive's store. A list has no walk over every id, as the archive has, so a thread is
/// fetched whole from its story's `kids` down, a level of every thread at a time (the level's
/// ids fetched together, `concurrency` at a time, with the usual retries and 429 pauses), each
/// level stored before the next is asked for. A comment's replies are only known from it
/// fetched again, so a thread is fetched again when, and only when, its story's count of
/// comments (`descendants`) is not the count it had when its thread was last fetched.
struct ThreadFetch {
    let base: String
    let store: ArchiveStore
    let concurrency: Int
    /// The most comments a thread is fetched to.
    let limit: Int

    /// The threads of `stories` (id, count of comments, replies) whose count changed.
    func fetch(_ stories: [(id: Int, descendants: Int, kids: [Int])], _ fetcher: Fetcher) async throws {
        let counted = stories.filter { $0.descendants > 0 && !$0.kids.isEmpty }
        guard limit > 0, !counted.isEmpty else { return }
        let known = try await BlockingExecutor.run { [store] in try store.threadCounts(counted.map(\.id)) }
        let changed = counted.filter { known[$0.id] != $0.descendants }
        guard !changed.isEmpty else { return }
        // Each comment with the thread it is in, so that a thread stops at the limit.
        var threadOf: [Int: Int] = [:]
        var sizes: [Int: Int] = [:]
        var level: [Int] = []
        for story in changed {
            for kid in story.kids.prefix(limit) where threadOf[kid] == nil {
                threadOf[kid] = story.id
                level.append(kid)
            }
            sizes[story.id] = min(story.kids.count, limit)
        }
        fetcher.tally.begin("comments", total: level.count)
        defer { fetcher.tally.end() }
        while !level.isEmpty {
            let items = try await HNArchiveSource.fetch(level, base: base, concurrency: concurrency, fetcher)
            try await BlockingExecutor.run { [store] in try store.put(items, at: 0) }
            var next: [Int] = []
            for item in items where item.kind == "comment" {
                guard let thread = threadOf[item.id] else { continue }
                for kid in CommentJSON.kids(item.json) where threadOf[kid] == nil && sizes[thread, default: 0] < limit {
                    threadOf[kid] = thread
                    sizes[thread, default: 0] += 1
                    next.append(kid)
                }
            }
            fetcher.tally.add(next.count)
            level = next
        }
        try await BlockingExecutor.run { [store] in
            for story in changed { try store.setThread(story.id, descendants: story.descendants, kids: story.kids) }
        }
    }
}
