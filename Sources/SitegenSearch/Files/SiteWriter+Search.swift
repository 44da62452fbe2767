import SitegenModel
import SitegenRender
import SitegenSystem
import SitegenWrite

/// Writes the search index (docs/format.md, "Search") and the search page.
extension SiteWriter {
    /// What writing the index made.
    package struct SearchWritten: Sendable {
        /// The root's path, `x/<name>.json`.
        package var root: String
        package var files: Int
    }

    /// Writes the index's files, each named by its content: each segment's files of later
    /// results and packs first, then the directories (for a large index) and the root that
    /// name them, and the listing of them all; then the search page, which names the root and
    /// carries it (a cold query's request fewer).
    /// - Parameters:
    ///   - build, partRows: the site list's manifest, through which later results' rows load.
    package func writeSearch(_ index: SearchIndexPlan, rows: Rows, build: String, partRows: Int) throws -> SearchWritten {
        let names = try index.segments.map { segment in
            let plan = segment.plan
            // The segment's newest story's row in the list.
            let offset = index.stories - segment.start - segment.stories
            let more = try writeSearchFiles(count: plan.more.count) { w, k in
                SearchFiles.more(plan, runs: plan.more[k], into: &w)
            }
            let packs = try writeSearchFiles(count: plan.packs.count) { w, k in
                SearchFiles.pack(plan, words: plan.packs[k], ids: rows.ids, html: rows.html, rowOffset: offset, into: &w)
            }
            return SearchFiles.SegmentNames(packs: packs, more: more)
        }
        let directories = try index.directories.map { directory in
            try writeSearchFile(SearchFiles.directory(index, directory, names: names))
        }
        let rootJSON = SearchFiles.root(index, names: names, directoryNames: directories, build: build, partRows: partRows)
        let root = try writeSearchFile(rootJSON)
        let all = [root] + directories + names.flatMap { $0.packs + $0.more }
        try output.writeContentNamed(
            Array(all.map { SitePaths.searchFile($0) + "\n" }.joined().utf8), to: SitePaths.searchListing(root))
        try output.write(renderer.searchPage(root: SitePaths.searchFile(root), index: rootJSON), to: SitePaths.searchPageFile)
        return SearchWritten(root: SitePaths.searchFile(root), files: all.count + 1)
    }

    /// Files `0..<count` on both cores, `fill(&w, k)` writing file k's JSON into `w`: one
    /// writer a chunk of files, its memory used again by each (see `SearchFiles.pack`).
    /// Returns their names.
    private func writeSearchFiles(count: Int, _ fill: @Sendable (inout JSONWriter, Int) -> Void) throws -> [String] {
        try Parallel.array(count: count, scratch: { JSONWriter(capacity: 160 * 1024) }) { w, k in
            Result {
                fill(&w, k)
                return try writeSearchFile(w.bytes)
            }
        }.map { try $0.get() }
    }

    /// Writes `bytes` as `x/<its hash>.json`; returns the name.
    private func writeSearchFile(_ bytes: [UInt8]) throws -> String {
        try writeNamedByContent(bytes, at: SitePaths.searchFile)
    }
}
