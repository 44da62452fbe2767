import SitegenModel
import SitegenRender
import SitegenSystem
import SitegenWrite

/// Writes the search index (docs/internals/format.md, "Search") and the search page.
extension SiteWriter {
    /// What writing the index made.
    package struct SearchWritten: Sendable {
        /// The root's path, `x/<name>.json`.
        package var root: String
        package var files: Int
    }

    /// Writes the index's files, each named by its content (or, in a folder, by the folder's,
    /// `SearchFiles.Folder`): each segment's files of later results and packs first, then the
    /// directories (for a large index) and the root that name them, and the listing of them
    /// all; then the search page, which names the root and carries it (a cold query's request
    /// fewer).
    /// - Parameters:
    ///   - list: where the rows no pack holds a record of are read from the site's list.
    package func writeSearch(_ index: SearchIndexPlan, rows: Rows, list: SearchFiles.ListRows) throws -> SearchWritten {
        let names = try index.segments.indices.map { s in
            try writeSearchSegment(index.segments[s], inRoot: index.inRoot[s], stories: index.stories, rows: rows)
        }
        return try writeSearchIndex(index, names: names, list: list)
    }

    /// Writes one segment's packs and files of later results (`inRoot`: in a folder of their
    /// own, named by their contents), as soon as it is planned: a big list's segments are
    /// planned and written one after the other, each let go before the next.
    /// - Parameter stories: the list's count.
    package func writeSearchSegment(
        _ segment: SearchIndexPlan.Segment, inRoot: Bool, stories: Int, rows: Rows
    ) throws -> SearchFiles.SegmentNames {
        let plan = segment.plan
        // The segment's newest story's row in the list.
        let offset = stories - segment.start - segment.stories
        let more: @Sendable (inout JSONWriter, Int) -> Void = { w, k in SearchFiles.more(plan, runs: plan.more[k], into: &w) }
        let pack: @Sendable (inout JSONWriter, Int) -> Void = { w, k in
            SearchFiles.pack(plan, words: plan.packs[k], ids: rows.ids, html: rows.html, rowOffset: offset, into: &w)
        }
        guard inRoot else {
            return SearchFiles.SegmentNames(
                folder: nil, packs: try writeSearchFiles(count: plan.packs.count, pack),
                more: try writeSearchFiles(count: plan.more.count, more))
        }
        // The segments the root lists are the newest few (or all of a small index's): their
        // files are held until the folder's name is known.
        let folder = try writeSearchFolder([
            ("", searchFiles(count: plan.packs.count, pack)), ("m", searchFiles(count: plan.more.count, more)),
        ])
        return SearchFiles.SegmentNames(folder: folder.name, packs: folder.files[0], more: folder.files[1])
    }

    /// Writes what names the segments' files (`names`, as `writeSearchSegment` wrote them):
    /// the directories, the root, the listing of every file, and the search page. `index`'s
    /// plans may be without their results (`SearchPlan.withoutResults`): none is read here.
    package func writeSearchIndex(
        _ index: SearchIndexPlan, names: [SearchFiles.SegmentNames], list: SearchFiles.ListRows
    ) throws -> SearchWritten {
        let directories =
            index.directories.isEmpty
            ? nil
            : try writeSearchFolder([("", index.directories.map { SearchFiles.directory(index, $0, names: names) })])
        let rootJSON = SearchFiles.root(index, names: names, directories: directories, list: list)
        let root = try writeSearchFile(rootJSON)
        let all = [root] + (directories?.files[0] ?? []) + names.flatMap { $0.packs + $0.more }
        try output.writeContentNamed(
            Array(all.map { SitePaths.searchFile($0) + "\n" }.joined().utf8), to: SitePaths.searchListing(root))
        try output.write(renderer.searchPage(root: SitePaths.searchFile(root), index: rootJSON), to: SitePaths.searchPageFile)
        return SearchWritten(root: SitePaths.searchFile(root), files: all.count + 1)
    }

    /// Files `0..<count`'s bytes, made on both cores as `writeSearchFiles`.
    private func searchFiles(count: Int, _ fill: @Sendable (inout JSONWriter, Int) -> Void) -> [[UInt8]] {
        Parallel.array(
            count: count, scratch: { JSONWriter(capacity: 160 * 1024) },
            { w, k in
                fill(&w, k)
                return w.bytes
            })
    }

    /// Writes groups of files into a folder named by their contents: group g's file k as
    /// `x/<folder>/<prefix g><k>.json`.
    private func writeSearchFolder(_ groups: [(prefix: String, files: [[UInt8]])]) throws -> SearchFiles.Folder {
        let folder = SearchFiles.Folder(
            hashes: groups.map { $0.files.map { ContentHash.hex(of: $0) } }, prefixes: groups.map(\.prefix))
        for (g, group) in groups.enumerated() {
            for (k, bytes) in group.files.enumerated() {
                try output.writeContentNamed(bytes, to: SitePaths.searchFile(folder.files[g][k]))
            }
        }
        return folder
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
