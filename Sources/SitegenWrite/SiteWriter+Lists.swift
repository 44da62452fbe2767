import SitegenModel
import SitegenRender
import SitegenSystem

/// Writes a list (the site's, or a term's): its shards, its manifest and its pages, all made
/// from the rows rendered once for the site's list.
extension SiteWriter {
    /// The rows every list is made of: each story's id, row HTML and shard record size, by index.
    package struct Rows: Sendable {
        package let ids: [Int]
        package let html: RenderedRows
        package let recordBytes: [Int]

        package init(ids: [Int], html: RenderedRows, recordBytes: [Int]) {
            self.ids = ids
            self.html = html
            self.recordBytes = recordBytes
        }
    }

    /// What writing a list made.
    package struct Written: Sendable {
        /// Nil for a list without one (`StoryList.hasShards`).
        package var manifest: Manifest?
        package var shards: Int
        package var pages: Int
    }

    /// Writes `list`: its shards and manifest (when it has them) and its pages.
    /// - Parameter parallel: shards and pages from both cores (the site's list); term lists are
    ///   written many at once instead, each on one core.
    package func writeList(_ list: StoryList, rows: Rows, rule: ShardRule, parallel: Bool) throws -> Written {
        let options = renderer.options
        let (shards, manifest) =
            list.hasShards(pageSize: options.pageSize)
            ? try writeShards(list, rows: rows, rule: rule, parallel: parallel) : ([], nil)
        let pages = Paginator.pages(total: list.total, pageSize: options.pageSize)
        let head = ListHead(total: list.total, build: manifest?.build ?? "")
        // Pages other than the front learn the list's length and manifest from here, so that
        // they need not name them (and change when they do).
        if manifest != nil { try output.write(head.json(), to: SitePaths.listHeadFile(list.folder)) }
        try map(Array(pages.enumerated()), parallel: parallel) { index, range in
            let number = index + 1
            let config = PageConfig(
                page: number, below: list.total - range.upperBound, count: range.count,
                head: number == pages.count ? head : nil, pageSize: options.pageSize, base: renderer.paths.base,
                partRows: manifest?.partRows ?? ManifestPlanner.defaultPartRows,
                strategy: options.strategy,
                // The shards of the page's own rows, two pages above and four below (readers
                // scroll down more than up): constant, whatever the list's length.
                shards: ManifestPlanner.inlineEntries(
                    for: range, in: shards, before: 2 * options.pageSize, after: 4 * options.pageSize),
                list: list.folder)
            let html = renderer.listPage(
                list, number: number, pageCount: pages.count, rows: range, ids: rows.ids, rowHTML: rows.html, config: config)
            try output.write(html, to: SitePaths.listPageFile(list.folder, number, of: pages.count))
        }
        return Written(manifest: manifest, shards: shards.count, pages: pages.count)
    }

    /// The list's shards (each built, named by its hash and written at once, so no more than a
    /// few are in memory) and its manifest's parts.
    private func writeShards(_ list: StoryList, rows: Rows, rule: ShardRule, parallel: Bool) throws -> ([ShardEntry], Manifest) {
        let ids = list.term.map { $0.stories.map { rows.ids[$0] } } ?? rows.ids
        let recordBytes = list.term.map { $0.stories.map { rows.recordBytes[$0] } } ?? rows.recordBytes
        let shards = try map(ShardPlanner.shards(ids: ids, recordBytes: recordBytes, rule: rule), parallel: parallel) { range in
            let bytes = ShardFile.json(
                rows: range, of: list, ids: rows.ids, html: rows.html, capacity: recordBytes[range].reduce(0, +) + range.count)
            let name = try writeNamedByContent(bytes, at: SitePaths.shardFile)
            return ShardEntry(first: range.lowerBound, count: range.count, name: name, bytes: bytes.count)
        }
        let manifest = ManifestPlanner.manifest(shards: shards, total: list.total)
        for part in manifest.parts {
            try output.writeContentNamed(part.json(), to: SitePaths.manifestPartFile(build: manifest.build, index: part.index))
        }
        return (shards, manifest)
    }

    /// Each taxonomy's index of terms (`tags/`), for the taxonomies that have any.
    package func writeTaxonomyPages(_ terms: [Term]) throws {
        for (taxonomy, some) in Dictionary(grouping: terms, by: \.taxonomy) {
            try output.write(renderer.taxonomyPage(taxonomy, terms: some), to: SitePaths.taxonomyFile(taxonomy))
        }
    }

    @discardableResult
    private func map<T: Sendable, R: Sendable>(_ items: [T], parallel: Bool, _ body: @Sendable (T) throws -> R) throws -> [R] {
        parallel ? try Parallel.mapThrowing(items, body) : try items.map(body)
    }
}
