import SitegenModel

/// How the search index is cut into files (docs/internals/format.md, "Search").
///
/// A query reads, after the search page, the root, a directory (for a large index) and one
/// pack: the words of a range with their counts, and each word's first rows, records and
/// all. The pack is most of a query's bytes, so packs are made as small as the file budget
/// allows: all of them about `packFiles` files at a million stories (smaller sites get smaller
/// packs, down to `minPackBytes`).
public struct SearchRule: Sendable, Equatable {
    /// Results whose rows a word's pack carries: the first screen of a window up to about 900
    /// px tall (56 px rows under the header and the status line), so that a cold query needs
    /// no request beyond its pack until the reader scrolls (a row past these costs three: a
    /// file of later results, a manifest part and a shard). Results after these are loaded by
    /// their row in the site's list (its manifest and shards) as the reader scrolls to them.
    public var firstRows: Int
    /// Packs are sized so that all of them make about `packFiles` files ...
    public var packFiles: Int
    /// ... but none is aimed smaller than this (uncompressed JSON).
    public var minPackBytes: Int
    /// A word's later results come in runs of this size (a common word's, a file each) ...
    public var moreBytes: Int
    /// ... and the shorter last runs of many words share files of about this size: a query
    /// of several words whose rarest has a few thousand results reads its last run through
    /// one of them, a few kilobytes gzipped rather than a run's hundred.
    public var moreFileBytes: Int
    /// Packs the root lists itself; past this, the root lists directories of them (a request
    /// more, and a root of a kilobyte rather than of four thousand packs).
    public var rootEntries: Int
    /// Where the index's segments end, largest first, each a multiple of the next: with the
    /// stories numbered from the oldest, one segment holds the first `n - n % tiers[0]`, the
    /// next the stories up to `n - n % tiers[1]`, and so on, the last the newest `n % tiers.last`
    /// (`SearchIndexPlanner.segments`). New stories on top rewrite the newest segment alone,
    /// until their number crosses a multiple of a tier and the segments under it merge. Every
    /// segment costs a query a request (its pack), so they are few: docs/guides/search.md, "Segments".
    /// The segments above the oldest cost more a story than it (their words are rare in them,
    /// and each carries its stories' records), about a file for ten stories, and a merge
    /// rewrites up to `tiers[0]` stories' worth: 1,024 keeps every merge but the whole
    /// index's (once in 1,024 new stories) under 3 % of the files of an index of 100,000
    /// stories or more (about 4,400 files from there on).
    public var tiers: [Int]
    /// A word with no more results than this carries them all in its pack, as rows: a query
    /// of several words holding it needs no file of later results for it (one would hold
    /// other words' runs too, twenty times its bytes). A word with more carries its first this
    /// many: a query of several common words finds its first stories among them, and shows
    /// them before it reads a file of later results.
    public var wholeRows: Int
    /// A segment's common words (more results than `wholeRows`, commonest first, words of the
    /// very same results under one id) that each result marks when its story holds them
    /// (`SearchPlan.common`): at most this many ids ...
    public var commonWords: Int
    /// ... and no more than this many marks a story on average, which a text's every word
    /// makes true of titles and a body's every common word would not (a body holds most of
    /// them). Every result repeats its story's marks, and marks of many different words gzip
    /// worse than a few domains' (about a byte an id against half): at a million Zipf titles,
    /// three a story make 45 ids (a domain's parts one each, the rest title words down to
    /// those in 3 % of the stories) and keep the packs near their target; four made 201 and
    /// packs a tenth larger than their target (docs/internals/perf-log.md).
    public var marksPerStory: Int
    /// A segment the root lists with no more words than this carries a filter of them in the
    /// root (`WordFilter`, about 1.3 bytes gzipped a word), so that a query of a word it lacks
    /// skips its pack: a request and a few kilobytes (a pack is at least `minPackBytes`, about
    /// 4 KB gzipped). Every query pays for the filter, so it is kept to about a third of a
    /// pack: the newest segment of a site of titles (at most 63 stories, a few hundred words).
    public var filterWords: Int
    /// The most stories a segment under the tiers holds: with the stories numbered from the
    /// oldest, the first `blockStories` are a segment, the next `blockStories` another, and
    /// so on up to the tiers' segments. A segment is planned (its words' results in memory)
    /// and written before the next: at 2^20, a list of any length plans as much at once as a
    /// list of a million stories, whose index is one segment as before. Each block costs a
    /// query a pack more (docs/guides/search.md, "Segments"). A multiple of `tiers[0]`.
    public var blockStories: Int

    public init(
        firstRows: Int = 16, packFiles: Int = 4_300, minPackBytes: Int = 16 * 1024, moreBytes: Int = 128 * 1024,
        rootEntries: Int = 64, tiers: [Int] = [1_024, 64], wholeRows: Int = 2_048, commonWords: Int = 256,
        marksPerStory: Int = 3, moreFileBytes: Int = 32 * 1024, filterWords: Int = 1_024, blockStories: Int = 1 << 20
    ) {
        precondition(firstRows >= 1 && packFiles >= 1 && minPackBytes >= 64 && moreBytes >= 64)
        precondition(
            tiers.allSatisfy { $0 >= 1 } && zip(tiers, tiers.dropFirst()).allSatisfy { $0 > $1 && $0 % $1 == 0 },
            "each tier a multiple of the next")
        precondition(blockStories >= (tiers.first ?? 1) && blockStories % (tiers.first ?? 1) == 0, "blocks of whole tiers")
        self.firstRows = firstRows
        self.packFiles = packFiles
        self.minPackBytes = minPackBytes
        self.moreBytes = moreBytes
        self.moreFileBytes = max(64, min(moreBytes, moreFileBytes))
        self.rootEntries = max(2, rootEntries)
        self.tiers = tiers
        self.wholeRows = max(firstRows, wholeRows)
        self.commonWords = min(256, max(0, commonWords))
        self.marksPerStory = max(0, marksPerStory)
        self.filterWords = max(0, filterWords)
        self.blockStories = blockStories
    }

    public static let `default` = SearchRule()
}
