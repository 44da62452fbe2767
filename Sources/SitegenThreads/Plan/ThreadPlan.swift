import SitegenModel

/// A story's thread as its pages and shards show it: its comments in HN's reading order (a
/// comment, then its replies, depth first), each with its depth and how many rows its replies
/// take, and where the static pages cut it. Pure: `ThreadPlanner` makes it from a
/// `CommentTree`.
public struct ThreadPlan: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var id: Int
        /// 0 for a reply to the story.
        public var depth: Int
        /// The rows right after it that are its replies and theirs: what folding it hides.
        public var replies: Int
        /// The row of the comment it replies to; nil for a reply to the story.
        public var parent: Int?

        public init(id: Int, depth: Int, replies: Int, parent: Int?) {
            self.id = id
            self.depth = depth
            self.replies = replies
            self.parent = parent
        }
    }

    public var rows: [Row]
    /// Comments the story counts (`descendants`) that the thread does not show: past the cap,
    /// or never read (not fetched yet, or gone from the API).
    public var leftOut: Int
    /// Whether the cap (`comments`) cut the thread short.
    public var capped: Bool
    /// The static pages' rows: the story's page first (the first screen of comments), then the
    /// thread pages 2, 3, … that `rel=next` links walk.
    public var pages: [Range<Int>]

    public init(rows: [Row], leftOut: Int, capped: Bool, pages: [Range<Int>]) {
        self.rows = rows
        self.leftOut = leftOut
        self.capped = capped
        self.pages = pages
    }

    public var isEmpty: Bool { rows.isEmpty }

    /// The static page (0 for the story's own) that holds `row`.
    public func page(of row: Int) -> Int {
        var low = 0
        var high = pages.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pages[middle].lowerBound <= row { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The rows of the comments `row` replies to, the story's reply first: what a page that
    /// starts inside a subtree shows above its first comment, and what a link to a comment
    /// opens with it.
    public func ancestors(of row: Int) -> [Int] {
        var chain: [Int] = []
        var next = rows[row].parent
        while let parent = next {
            chain.append(parent)
            next = rows[parent].parent
        }
        return chain.reversed()
    }
}
