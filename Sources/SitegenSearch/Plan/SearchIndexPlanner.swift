import SitegenModel

/// Cuts the site's list into the search index's segments, and lists the segments' packs in
/// directories (pure: values in, a `SearchIndexPlan` out). Each segment is planned on its own
/// (`SearchPlanner`) from its own stories' words.
///
/// Why segments (docs/guides/search.md, "Segments"): a new story is the newest result of each of its
/// words, so in an index of the whole list it changes the pack of every word it has. In
/// segments, new stories change the newest segment alone (a few files), and the older
/// segments' files keep their names: a deploy uploads what changed, and caches keep the rest.
/// Segment boundaries come from the stories' count alone (`SearchRule.tiers`), so a build
/// needs nothing of the last one and the same list always makes the same files.
public enum SearchIndexPlanner {
    /// The segments of a list of `stories`, as ranges of its stories counted from its end (0
    /// the oldest), newest first, none empty: blocks of `block` stories from the oldest, then
    /// the tiers'.
    public static func segments(stories n: Int, tiers: [Int], block: Int = SearchRule.default.blockStories) -> [Range<Int>] {
        let tiered = tiers.first.map { n - n % $0 } ?? n
        let blocks = Array(stride(from: 0, through: tiered - tiered % block, by: block))
        let bounds = blocks + tiers.map { n - n % $0 } + [n]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }.reversed()
    }

    /// Whether a segment is one of the deep ones (the oldest, a block, or the segment of the
    /// first tier): the root lists their packs through directories when they have many; the
    /// newer segments, which change with every build or merge, it lists itself.
    public static func isDeep(_ segment: Range<Int>, stories n: Int, tiers: [Int]) -> Bool {
        segment.lowerBound == 0 || segment.upperBound <= (tiers.first.map { n - n % $0 } ?? n)
    }

    /// Whether the root lists `segment`'s packs and files of later results itself (a newer
    /// segment, or a deep one with few packs) rather than through directories.
    public static func isInRoot(_ segment: SearchIndexPlan.Segment, stories: Int, rule: SearchRule) -> Bool {
        !isDeep(segment.start..<segment.start + segment.stories, stories: stories, tiers: rule.tiers)
            || segment.plan.packs.count <= rule.rootEntries
    }

    /// The index of `segments` (newest first, as `segments(stories:tiers:)` gives them, each with
    /// its plan). Directories list the oldest segment (the largest) when it has more packs
    /// than `rootEntries`; the root lists every other segment itself, whatever its size. The
    /// segments above the oldest are the ones that merge (every `tiers.last` new stories):
    /// listed in directories, each merge would rewrite every directory too, where the root
    /// changes with every build anyway. What bounds the root is the tiers: the segments above
    /// the oldest hold fewer than `tiers[0]` stories, a hundred packs or so.
    /// - Parameter bounds: where the directories begin (`directoryBounds`), when the oldest
    ///   segment's plan is no longer whole to cut them from.
    public static func index(
        _ segments: [SearchIndexPlan.Segment], stories: Int, rule: SearchRule, bounds: [String]? = nil
    ) -> SearchIndexPlan {
        precondition(segments.reduce(0) { $0 + $1.stories } == stories, "segments cover the list")
        let inRoot = segments.map { isInRoot($0, stories: stories, rule: rule) }
        let bounds = bounds ?? segments.last.map { directoryBounds(oldest: $0.plan, rule: rule) } ?? []
        return SearchIndexPlan(
            segments: segments, inRoot: inRoot, directories: directories(segments, inRoot: inRoot, bounds: bounds),
            filters: filters(segments, inRoot: inRoot, rule: rule), stories: stories, firstRows: rule.firstRows,
            moreRows: SearchPlanner.moreRows(rule))
    }

    /// A segment the root lists through directories, once its files are written: what each
    /// directory lists of it worked out, and its plan reduced to the words the directories
    /// and the root name (`SearchPlan.namesOnly`). The index made of such segments is the one
    /// their whole plans make, file for file.
    public static func listedThroughDirectories(
        _ segment: SearchIndexPlan.Segment, bounds: [String]
    ) -> SearchIndexPlan.Segment {
        SearchIndexPlan.Segment(
            start: segment.start, plan: segment.plan.namesOnly(), slices: slices(of: segment.plan, bounds: bounds))
    }

    /// A filter of its words (`WordFilter`) for each segment the root lists with no more than
    /// `filterWords` of them, when there are several segments: a query of a word a filter
    /// says the segment lacks needs no pack of it. (With one segment, a word it lacks is in
    /// no segment, and its pack is read anyway for the words beginning with it.)
    static func filters(_ segments: [SearchIndexPlan.Segment], inRoot: [Bool], rule: SearchRule) -> [WordFilter?] {
        segments.indices.map { s in
            let words = segments[s].plan.words
            guard segments.count > 1, inRoot[s], words.count <= rule.filterWords else { return nil }
            return WordFilter(words: words.lazy.map(\.term))
        }
    }

    /// Directories cut the oldest segment's packs as a single index's were cut (by the hash
    /// of each pack's first word, about `rootEntries` of them), and list, for each word range,
    /// the packs and files of later results in it of every segment the root does not list
    /// (the oldest alone, as `index` plans it; the format allows more). A directory changes
    /// only when one of those does: not with the newer segments, which the root lists (were
    /// the directories to list the newest, every build would rewrite them all).
    static func directories(
        _ segments: [SearchIndexPlan.Segment], inRoot: [Bool], bounds: [String]
    ) -> [SearchIndexPlan.Directory] {
        guard !bounds.isEmpty else { return [] }
        let listed = segments.indices.map { s in
            inRoot[s] ? nil : segments[s].slices ?? slices(of: segments[s].plan, bounds: bounds)
        }
        let none = SearchIndexPlan.Slice(packs: 0..<0, more: 0..<0)
        return bounds.indices.map { d in
            SearchIndexPlan.Directory(
                first: bounds[d], packs: listed.map { ($0?[d] ?? none).packs }, more: listed.map { ($0?[d] ?? none).more })
        }
    }

    /// Where the directories begin: the first words of the oldest segment's packs they are cut
    /// at ("" the first), none when the root lists the oldest segment's packs itself.
    public static func directoryBounds(oldest: SearchPlan, rule: SearchRule) -> [String] {
        guard oldest.packs.count > rule.rootEntries else { return [] }
        let firstWords = oldest.packs.map { oldest.words[$0.lowerBound].term }
        let cuts = SearchPlanner.cut(
            oldest.packs.indices, target: SearchPlanner.step((oldest.packs.count + rule.rootEntries - 1) / rule.rootEntries),
            hashes: firstWords.map(SearchPlanner.hash), bytes: { _ in 1 })
        return cuts.map { $0.lowerBound == 0 ? "" : firstWords[$0.lowerBound] }
    }

    /// What each directory (from `bounds[d]`, inclusive, to the next) lists of a segment's
    /// whole plan: the packs and files of later results holding a word of its range.
    static func slices(of plan: SearchPlan, bounds: [String]) -> [SearchIndexPlan.Slice] {
        bounds.indices.map { d in
            guard !plan.packs.isEmpty else { return SearchIndexPlan.Slice(packs: 0..<0, more: 0..<0) }
            let (low, high) = (bounds[d], d + 1 < bounds.count ? bounds[d + 1] : nil)
            let from = lowerBound(plan, low)
            let to = high.map { lowerBound(plan, $0) } ?? plan.words.count
            // A query for a word of the range takes the last pack whose first word is not
            // after it: the one holding `low` (or the word before it) first.
            let floor = from < plan.words.count && plan.words[from].term == low ? from : from - 1
            return SearchIndexPlan.Slice(
                packs: pack(of: max(0, floor), in: plan)..<pack(of: max(0, to - 1), in: plan) + 1,
                more: SearchPlanner.moreFiles(plan, words: from..<max(from, to)))
        }
    }

    /// The first of `plan.words` not before `word` (in `SearchPlanner.precedes` order).
    static func lowerBound(_ plan: SearchPlan, _ word: String) -> Int {
        var (low, high) = (0, plan.words.count)
        while low < high {
            let mid = (low + high) / 2
            if SearchPlanner.precedes(plan.words[mid].term, word) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The pack holding word index `w`.
    static func pack(of w: Int, in plan: SearchPlan) -> Int {
        var (low, high) = (0, plan.packs.count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if plan.packs[mid].lowerBound <= w { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
