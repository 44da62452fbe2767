import SitegenModel
import SitegenSystem

/// Where a build reads its stories' comments: the archive's store, a folder in the API's
/// shape, the embedded sample. Its calls block (a file, a query): the build makes them from its
/// own threads, never on Swift's cooperative pool.
public protocol ThreadReader: Sendable {
    /// The comments under story `id`, at most `limit` of them (the first found, a level of the
    /// thread at a time). A comment that cannot be read is left out, and so counted as left
    /// out by the plan (`ThreadPlan.leftOut`): one bad item does not cost a story its thread.
    func tree(of story: Int, limit: Int) throws -> CommentTree
    /// Whether story `id` has a comment the reader can read: the build gives it a page for
    /// its thread. Cheaper than `tree`: one file or one query.
    func hasThread(_ story: Int) throws -> Bool
    /// Of `stories`, those with a comment the reader can read (`hasThread` of each, by
    /// default): a reader that can ask for many at once says so here.
    func withThreads(_ stories: [Int]) throws -> Set<Int>
    /// A note of the threads as the reader holds them now, taken before a build reads any, for
    /// the next build to ask what changed since (`storiesChanged(since:)`); nil when the reader
    /// cannot tell, and every build makes every thread's pages.
    func changeNote() throws -> String?
    /// The stories whose threads may differ from what they were when this reader (or one over
    /// the same store, in an earlier build) gave `note`; nil when it cannot tell from that note.
    /// A story left out has the same thread: its pages may be kept as they are (`KeptPages`).
    func storiesChanged(since note: String) throws -> Set<Int>?
}

extension ThreadReader {
    public func withThreads(_ stories: [Int]) throws -> Set<Int> {
        let found = try Parallel.mapThrowing(stories) { id in try hasThread(id) }
        return Set(zip(stories, found).filter(\.1).map(\.0))
    }

    public func changeNote() throws -> String? { nil }
    public func storiesChanged(since note: String) throws -> Set<Int>? { nil }
}

extension ThreadReader {
    /// A level at a time from the story's replies: `read(ids)` gives the comments of a level
    /// it can read (in any order), and their replies make the next level. Each id is read once,
    /// so a loop in the `kids` lists ends.
    static func levels(roots: [Int], limit: Int, read: ([Int]) throws -> [Comment]) rethrows -> CommentTree {
        var tree = CommentTree(roots: roots)
        var seen = Set(roots)
        var level = roots
        while !level.isEmpty && tree.comments.count < limit {
            let wanted = Array(level.prefix(limit - tree.comments.count))
            var next: [Int] = []
            for comment in try read(wanted) where tree.comments[comment.id] == nil {
                tree.comments[comment.id] = comment
                for kid in comment.kids where seen.insert(kid).inserted { next.append(kid) }
            }
            level = next
        }
        tree.truncated = !level.isEmpty
        return tree
    }
}
