import SitegenModel

/// The whole search index as files: segments, each a range of the site's list with an index of
/// its own (`SearchPlan`), and the directories that list them. Plain values;
/// `SearchIndexPlanner` makes it, SitegenSearch writes its JSON (docs/internals/format.md, "Search").
public struct SearchIndexPlan: Sendable, Equatable {
    /// A range of the list and its index.
    public struct Segment: Sendable, Equatable {
        /// Its oldest story, counted from the list's end (0 the list's last story): its rows
        /// are numbered from here, so a story deleted under it moves this alone.
        public var start: Int
        public var plan: SearchPlan
        /// For a segment the root lists through directories, what each directory lists of
        /// it, worked out while its plan was whole (`SearchIndexPlanner.listedThroughDirectories`):
        /// its plan then keeps only the words the directories and the root name. Nil: worked
        /// out from the plan.
        public var slices: [Slice]?

        public var stories: Int { plan.stories }

        public init(start: Int, plan: SearchPlan, slices: [Slice]? = nil) {
            self.start = start
            self.plan = plan
            self.slices = slices
        }
    }

    /// What one directory lists of one segment: its packs and its files of later results that
    /// hold a word of the directory's range.
    public struct Slice: Sendable, Equatable {
        public var packs: Range<Int>
        public var more: Range<Int>

        public init(packs: Range<Int>, more: Range<Int>) {
            self.packs = packs
            self.more = more
        }
    }

    /// A directory file: the words from `first` (inclusive) to the next directory's first,
    /// and for each segment (in `segments`' order) the packs and the files of later results
    /// that hold any of them (empty for a segment the root lists).
    public struct Directory: Sendable, Equatable {
        public var first: String
        public var packs: [Range<Int>]
        public var more: [Range<Int>]
    }

    /// Newest first: the order their results rank in.
    public var segments: [Segment]
    /// Whether the root lists the segment's packs and files of later results itself (every
    /// segment but the oldest, which changes only when all of them merge, and the oldest too
    /// when it has no more packs than `SearchRule.rootEntries`), or directories do.
    public var inRoot: [Bool]
    /// Empty when the root lists every segment.
    public var directories: [Directory]
    /// For each segment, a filter of its words when it is small (`SearchIndexPlanner.filters`).
    public var filters: [WordFilter?]
    public var stories: Int
    public var firstRows: Int
    public var moreRows: Int
}
