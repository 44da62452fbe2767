import SitegenModel
import SitegenSystem
import SitegenWrite

/// The search index's part of a build, from the stories' fields to its files: search's slice
/// keeps its steps, and `Build` calls them.
package enum SearchIndexBuild {
    /// The search index, planned and written a segment at a time: every story's title, domain
    /// and author, and its body (HN's text or a Markdown body), broken into folded words,
    /// segment by segment (ranges of the list, `SearchIndexPlanner.segments`), each ranked (on
    /// both cores), cut into files and written (docs/internals/format.md, "Search"), then kept without
    /// its results for the root and directories that name its files. The oldest comes first:
    /// the directories are cut at its packs, and a segment they list keeps only what they and
    /// the root name of it (`SearchIndexPlanner.listedThroughDirectories`).
    /// - Returns: the index, its segments' files, and each segment's count of words.
    package static func segments(
        _ fields: SearchFieldTable, terms early: [SearchTerms]? = nil, recordBytes: [Int], rule: SearchRule,
        writer: SiteWriter, rows: SiteWriter.Rows
    ) throws -> (SearchIndexPlan, [SearchFiles.SegmentNames], words: [Int]) {
        let count = early != nil ? recordBytes.count : fields.count
        // Oldest first here; the index lists them newest first.
        var segments: [SearchIndexPlan.Segment] = []
        var names: [SearchFiles.SegmentNames] = []
        var words: [Int] = []
        var bounds: [String] = []
        let ranges = SearchIndexPlanner.segments(stories: count, tiers: rule.tiers, block: rule.blockStories)
        for (k, range) in ranges.reversed().enumerated() {
            // The segment's rows in the list: its newest story's first.
            let top = count - range.upperBound
            let terms = early?[k] ?? SearchTermsBuilder.terms(count: range.count) { i in fields.fields(of: top + i) }
            let plan = SearchPlanner.plan(
                terms, recordBytes: Array(recordBytes[top..<top + range.count]), rule: rule,
                map: { count, word in Parallel.array(count: count, word) })
            let segment = SearchIndexPlan.Segment(start: range.lowerBound, plan: plan)
            if segments.isEmpty { bounds = SearchIndexPlanner.directoryBounds(oldest: plan, rule: rule) }
            let inRoot = SearchIndexPlanner.isInRoot(segment, stories: count, rule: rule)
            names.append(try writer.writeSearchSegment(segment, inRoot: inRoot, stories: count, rows: rows))
            words.append(plan.words.count)
            segments.append(
                inRoot
                    ? SearchIndexPlan.Segment(start: range.lowerBound, plan: plan.withoutResults())
                    : SearchIndexPlanner.listedThroughDirectories(segment, bounds: bounds))
        }
        return (
            SearchIndexPlanner.index(segments.reversed(), stories: count, rule: rule, bounds: bounds), names.reversed(),
            words.reversed()
        )
    }

    /// Each segment's terms, oldest first (as `segments` reads them), from a whole list's
    /// stories at once: for a list read in one window, whose segments are known as soon as it
    /// is read, so its words are broken and folded beside its rows' rendering rather than
    /// after it, and its fields are never laid out.
    package static func terms(of stories: [Story], rule: SearchRule) -> [SearchTerms] {
        let count = stories.count
        return SearchIndexPlanner.segments(stories: count, tiers: rule.tiers, block: rule.blockStories).reversed().map {
            range in
            let top = count - range.upperBound
            return SearchTermsBuilder.terms(count: range.count) { i in SearchFieldTable.fields(of: stories, at: top + i) }
        }
    }
}
