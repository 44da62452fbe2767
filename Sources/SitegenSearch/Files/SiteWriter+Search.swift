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

    /// Writes the index's files, each named by its content: the files of later results and the
    /// packs first, then the directories (for a large index) or the root that name them, and
    /// the listing of them all; then the search page, which names the root.
    /// - Parameters:
    ///   - build, partRows: the site list's manifest, through which later results' rows load.
    package func writeSearch(_ plan: SearchPlan, rows: Rows, build: String, partRows: Int) throws -> SearchWritten {
        let more = try writeSearchFiles(count: plan.more.count) { w, k in
            SearchFiles.more(plan, segments: plan.more[k], into: &w)
        }
        let packs = try writeSearchFiles(count: plan.packs.count) { w, k in
            SearchFiles.pack(plan, words: plan.packs[k], ids: rows.ids, html: rows.html, into: &w)
        }
        let directories = try plan.directories.map { range in
            try writeSearchFile(
                SearchFiles.directory(
                    plan, range: range, packNames: packs, more: SearchPlanner.moreFiles(plan, packs: range),
                    moreNames: more))
        }
        let root = try writeSearchFile(
            SearchFiles.root(
                plan, packNames: packs, directoryNames: directories, moreNames: more, build: build, partRows: partRows))
        let all = [root] + directories + packs + more
        try output.writeContentNamed(
            Array(all.map { SitePaths.searchFile($0) + "\n" }.joined().utf8), to: SitePaths.searchListing(root))
        try output.write(renderer.searchPage(root: SitePaths.searchFile(root)), to: SitePaths.searchPageFile)
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
