/// The search index as files: every word in order, with its results ranked, cut into the
/// dictionary's shards, the packs of first rows and the files of later rows. Plain values;
/// `SearchPlanner` makes it, SitegenRender writes its JSON (docs/format.md, "Search").
public struct SearchPlan: Sendable, Equatable {
    public struct Word: Sendable, Equatable {
        public var term: String
        /// The stories holding the word, best first, as rows of the site's list.
        public var results: [UInt32]
        /// Whether a pack carries the word's first rows: every word of a title or a body, and
        /// any word with more results than that. An author's or a domain's word with a few
        /// stories (most authors: hundreds of thousands of names at a million stories, a third
        /// of the index had they packs) lists its results' rows in its dictionary entry, and
        /// they load through the list's manifest and shards.
        public var hasPack: Bool

        public var count: Int { results.count }
    }

    /// Part of a word's later results (after the first rows) held by one file.
    public struct Segment: Sendable, Equatable {
        public var word: Int
        /// Indices into the word's `results`.
        public var results: Range<Int>
    }

    /// In `SearchPlanner.precedes` order (UTF-16 code units, as JavaScript compares strings).
    public var words: [Word]
    /// Word index ranges, one a dictionary shard, covering `words` in order.
    public var dictionaries: [Range<Int>]
    /// Ranges of `dictionaries`, one a directory file, when there are more dictionary shards
    /// than the root should list (`SearchRule.rootEntries`); empty when the root lists them.
    public var directories: [Range<Int>]
    /// Word index ranges, one a pack, covering `words` in order.
    public var packs: [Range<Int>]
    /// One entry a file of later results: its segments, in word order.
    public var more: [[Segment]]
    public var firstRows: Int
    public var stories: Int
}
