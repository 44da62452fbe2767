import SitegenModel

/// One segment of the search index as files (`SearchIndexPlan` holds the segments): every word of
/// its stories in order, with its results ranked, cut into packs (words, counts and first rows)
/// and files of later rows. Rows are the segment's own (0 its newest story). Plain values;
/// `SearchPlanner` makes it, SitegenSearch writes its JSON (docs/internals/format.md, "Search").
public struct SearchPlan: Sendable, Equatable {
    public struct Word: Sendable, Equatable {
        public var term: String
        /// The stories holding the word, best first, as rows of the segment.
        public var results: [UInt32]
        /// How many of `results`, the first, have the word in their title, author or domain
        /// (the rest in their body alone): segments' results rank by this first.
        public var titled: Int
        /// Whether its pack carries the word's first rows (records): every word of a title or
        /// a body, and any word with more results than that. An author's or a domain's word
        /// with a few stories (most authors: hundreds of thousands of names at a million
        /// stories, a third of the index were they records) lists its results' rows instead,
        /// and they load through the list's manifest and shards. So does a pair of CJK
        /// neighbours (`CJKScalars.isPair`): a CJK text makes nearly as many different pairs as
        /// it has characters, and a pack record for each of their first results would make the
        /// index many times the site (docs/internals/perf-log.md).
        public var hasRecords: Bool
        /// How many stories hold the word: `results.count`, kept when the results are let go
        /// (`withoutResults`).
        public private(set) var count: Int

        public init(term: String, results: [UInt32], titled: Int, hasRecords: Bool) {
            self.term = term
            self.results = results
            self.titled = titled
            self.hasRecords = hasRecords
            self.count = results.count
        }
    }

    /// A run of a word's later results (after its pack's rows), held by one file: run `run`
    /// holds results `wholeRows + run × moreRows` on, at most `moreRows` of them.
    public struct Run: Sendable, Equatable {
        public var word: Int
        public var run: Int
        /// Indices into the word's `results`.
        public var results: Range<Int>
    }

    /// Which common words each story holds, by their index in `common`: the ids of row r (0
    /// the segment's newest story) are `ids[starts[r]..<starts[r + 1]]`, ascending. Every
    /// result written carries its story's (docs/internals/format.md, "Marks").
    public struct Marks: Sendable, Equatable {
        public var starts: [UInt32]
        public var ids: [UInt8]

        /// How many common words row `r`'s story holds.
        public func count(row r: Int) -> Int { Int(starts[r + 1] - starts[r]) }
    }

    /// In `SearchPlanner.precedes` order (UTF-16 code units, as JavaScript compares strings).
    public var words: [Word]
    /// The segment's common words, whose results a query of several words does not load: each
    /// result of the others says which of these its story holds (`marks`). One entry an id:
    /// the words (indices into `words`, in order) whose results are the very same (a domain's
    /// parts: `github`, `github.com`), so that they cost one mark; entries in the order of
    /// their first words. Empty for a segment with no word past `wholeRows`.
    public var common: [[Int]]
    public var marks: Marks
    /// A word with at most this many results has them all in its pack.
    public var wholeRows: Int
    /// Word index ranges, one a pack, covering `words` in order.
    public var packs: [Range<Int>]
    /// One entry a file of later results: its runs, in word order.
    public var more: [[Run]]
    /// Results a segment holds at most.
    public var moreRows: Int
    public var firstRows: Int
    public var stories: Int

    /// The plan without its words' results and its marks, once its files are written: what
    /// the root and the directories read of it (words, counts, packs, runs) is a small part of
    /// a segment's plan, and a list of ten million stories plans ten segments one after the
    /// other (`SearchRule.blockStories`).
    public func withoutResults() -> SearchPlan {
        var plan = self
        for w in plan.words.indices { plan.words[w].results = [] }
        plan.marks = Marks(starts: [], ids: [])
        return plan
    }

    /// The plan as the root and the directories name a segment they list through directories,
    /// once its files are written: of its words only the first of each pack, the first of each
    /// file of later results (with its first run) and the common ones, with their counts. Each
    /// pack is then the range from its first word to the next pack's, and each file of later
    /// results its first run alone. What each directory lists of the segment must be worked
    /// out before (`SearchIndexPlanner.listedThroughDirectories`): it needs every word. At ten
    /// million stories the blocks' words were some 140 MB of the build's peak.
    public func namesOnly() -> SearchPlan {
        var kept = Set(packs.map(\.lowerBound))
        for file in more { kept.insert(file[0].word) }
        for group in common { kept.formUnion(group) }
        let order = kept.sorted()
        let index = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        var plan = self
        plan.words = order.map { w in
            var word = words[w]
            word.results = []
            return word
        }
        plan.packs = packs.indices.map { k in
            index[packs[k].lowerBound]!..<(k + 1 < packs.count ? index[packs[k + 1].lowerBound]! : order.count)
        }
        plan.more = more.map { file in [Run(word: index[file[0].word]!, run: file[0].run, results: 0..<0)] }
        plan.common = common.map { group in group.map { index[$0]! } }
        plan.marks = Marks(starts: [], ids: [])
        return plan
    }

    /// How many of `word`'s results its pack holds as rows: its first `wholeRows` (all of them
    /// for a word of no more); the rest are in files of later results.
    public func packRows(_ word: Word) -> Int { Self.packRows(count: word.count, wholeRows: wholeRows) }

    /// `packRows` of a word of `count` results, before there is a plan to ask.
    public static func packRows(count: Int, wholeRows: Int) -> Int { min(count, wholeRows) }
}
