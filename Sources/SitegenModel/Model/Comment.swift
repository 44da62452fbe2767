/// One comment of a story's thread, as a source read it: HN's comment item, before any
/// judgement. Its text is HN's HTML, sanitized when it is rendered (`HTMLSanitizer`), as a
/// story's is.
public struct Comment: Sendable, Equatable {
    /// What HN shows in a comment's place: its text, `[deleted]` or `[flagged]`.
    public enum State: Sendable, Equatable {
        case live
        /// Deleted by its author: HN keeps the place (when it has replies) and drops the rest.
        case deleted
        /// Killed by flags or moderators (`dead`): HN shows `[flagged]` to readers signed out.
        case flagged
    }

    public var id: Int
    public var by: String?
    /// Unix seconds.
    public var time: Int?
    /// HN's `text`: HTML.
    public var text: String?
    public var state: State
    /// Its replies' ids, in HN's order (HN ranks them).
    public var kids: [Int]

    public init(id: Int, by: String? = nil, time: Int? = nil, text: String? = nil, state: State = .live, kids: [Int] = []) {
        self.id = id
        self.by = by
        self.time = time
        self.text = text
        self.state = state
        self.kids = kids
    }
}

/// A story's comments as a source read them: the story's own replies (`roots`, in HN's order)
/// and the comments found under them, by id. A comment a `kids` list names may be missing
/// (not fetched, past the cap); the planner counts it as left out.
public struct CommentTree: Sendable, Equatable {
    public var roots: [Int]
    public var comments: [Int: Comment]
    /// Whether the source stopped reading at the limit it was given: the thread has more.
    public var truncated: Bool

    public init(roots: [Int] = [], comments: [Int: Comment] = [:], truncated: Bool = false) {
        self.roots = roots
        self.comments = comments
        self.truncated = truncated
    }

    /// How many comments a build asks a source for, for a thread shown to `cap`: a few more,
    /// since deleted and flagged comments without replies are read and then not shown.
    public static func readLimit(cap: Int) -> Int { cap > Int.max / 2 ? cap : cap + cap / 8 + 16 }

    public var isEmpty: Bool { comments.isEmpty }
}
