import SitegenModel
import SitegenStore

/// Threads from the archive's store: a level of a thread is one query by `parent`, so a reply
/// the store holds is found even when its parent's `kids` were stored before it came (the walk
/// fetches every new id, replies included). Replies keep HN's order where their parent's
/// `kids` name them; the others follow, oldest first.
struct StoreThreads: ThreadReader {
    let store: ArchiveStore

    func hasThread(_ story: Int) throws -> Bool { try store.hasReplies(story) }

    func withThreads(_ stories: [Int]) throws -> Set<Int> { try store.withReplies(stories) }

    /// The store's path and its count of changes (`ArchiveStore.changes()`), which every item
    /// or thread record that comes in new moves past.
    func changeNote() throws -> String? { "store \(store.path) \(try store.changes())" }

    /// The stories above every row that came in new since the note (`ArchiveStore.threads(
    /// changedSince:)`); nil for a note of another store, or of more changes than this one
    /// counts (a copy of the store older than the note's).
    func storiesChanged(since note: String) throws -> Set<Int>? {
        let prefix = "store \(store.path) "
        guard note.hasPrefix(prefix), let mark = Int(note.dropFirst(prefix.count)), mark <= (try store.changes()) else {
            return nil
        }
        return try store.threads(changedSince: mark)
    }

    func tree(of story: Int, limit: Int) throws -> CommentTree {
        // The story's replies in HN's order: from the story the archive keeps, or, for an HN
        // list's story (not kept), from its thread's record (`ThreadFetch`).
        guard let roots = try store.item(story).map({ CommentJSON.kids($0.json) }) ?? store.threadKids(story) else {
            return CommentTree()
        }
        // A thread within the limit comes in one query, and is gone through a level at a time
        // here; a longer one is read a level at a time, each level a query, as far as the
        // limit. Either way the same comments, in the same order.
        let replies: ([Int]) throws -> [ArchivedItem]
        if let whole = try store.descendants(of: story, limit: limit) {
            let byParent = Dictionary(grouping: whole) { $0.parent ?? 0 }
            replies = { level in level.flatMap { byParent[$0] ?? [] } }
        } else {
            replies = { level in try store.replies(to: level) }
        }
        var comments: [Int: Comment] = [:]
        // Replies as HN lists them, and as the store holds them, by parent.
        var named: [Int: [Int]] = [story: roots]
        var found: [Int: [Int]] = [:]
        var level = [story]
        var truncated = false
        while !level.isEmpty && !truncated {
            var next: [Int] = []
            // By id, so that a thread cut by the limit keeps the same comments every build.
            for reply in try replies(level).sorted(by: { $0.id < $1.id }) {
                if comments.count == limit { truncated = true }
                guard !truncated, reply.id != story, comments[reply.id] == nil, let parent = reply.parent,
                    let comment = CommentJSON.read(reply.json, id: reply.id)?.comment
                else { continue }
                comments[reply.id] = comment
                named[reply.id] = comment.kids
                found[parent, default: []].append(reply.id)
                next.append(reply.id)
            }
            level = next
        }
        func ordered(_ parent: Int) -> [Int] {
            let held = found[parent] ?? []
            let present = Set(held)
            var listed: [Int] = []
            var placed = Set<Int>()
            for id in named[parent] ?? [] where present.contains(id) && placed.insert(id).inserted { listed.append(id) }
            return listed + held.filter { !placed.contains($0) }
        }
        for id in Array(comments.keys) { comments[id]!.kids = ordered(id) }
        return CommentTree(roots: ordered(story), comments: comments, truncated: truncated)
    }
}
