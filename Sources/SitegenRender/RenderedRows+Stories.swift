import SitegenModel
import SitegenSystem

extension RenderedRows {
    /// Every story's row through `rows`, and the length of its shard record: the build's render
    /// step. It lives here, beside the renderer, rather than as two closures passed in from
    /// SitegenBuild, so that the loop over a million stories is compiled as one piece: across
    /// targets the closures were calls the optimizer could not see into, and the step took
    /// a tenth longer.
    /// - Parameter spill: a folder to spill the rows into (a big list's), or nil.
    package static func render(
        _ stories: [Story], with rows: RowRenderer, spill: String? = nil
    ) throws(SpillError) -> (rows: RenderedRows, recordBytes: [Int]) {
        let (html, recordBytes) = try render(
            count: stories.count, { i, out in rows.append(stories[i], to: &out) },
            measuring: { i, escaped in StoryRecord.length(id: stories[i].id, escapedHTML: escaped.count) }, spill: spill)
        return (html, recordBytes)
    }
}
