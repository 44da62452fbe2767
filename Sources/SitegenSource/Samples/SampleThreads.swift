import SitegenModel

/// The embedded sample's threads: each story's `descendants` comments, made by
/// `ThreadGenerator` from its id, the deeper the bigger the thread (a story of 400 comments
/// goes 12 levels down, as HN's busy threads do).
struct SampleThreads: ThreadReader {
    /// Each sample story's count of comments and time, by id.
    let stories: [Int: (comments: Int, time: Int)]
    let generator: ThreadGenerator

    init(items: [RawItem], seed: UInt64) {
        var stories: [Int: (Int, Int)] = [:]
        for item in items {
            guard let id = item.id, let comments = item.descendants, comments > 0 else { continue }
            stories[id] = (comments, item.time ?? 0)
        }
        self.stories = stories
        generator = ThreadGenerator(seed: seed)
    }

    func tree(of story: Int, limit: Int) throws -> CommentTree {
        guard let found = stories[story] else { return CommentTree() }
        let count = min(found.comments, limit)
        var tree = generator.tree(story: story, time: found.time, count: count, deepest: min(24, 2 + count / 30))
        tree.truncated = count < found.comments
        return tree
    }

    func hasThread(_ story: Int) throws -> Bool { stories[story] != nil }
}
