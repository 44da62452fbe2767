import SitegenModel
import SitegenRender
import SitegenWrite

/// Writes a story's thread as its page is written (`ItemThreads`): its comments read from the
/// source's reader (`ThreadReader`), at most `cap` of them, planned (`ThreadPlanner`),
/// rendered (`ThreadRenderer`), and written: pages 2 on, its shards and its manifest. Called
/// from the writer's threads, a story at a time, so a build holds the threads of the pages
/// being written and no more.
package struct ThreadWriter: ItemThreads {
    package var cap: Int
    package var tree: @Sendable (Story) throws -> CommentTree
    package var shardRule: ShardRule

    package init(cap: Int, shardRule: ShardRule, tree: @escaping @Sendable (Story) throws -> CommentTree) {
        self.cap = cap
        self.shardRule = shardRule
        self.tree = tree
    }

    package func write(_ story: Story, rowHTML: [UInt8], with writer: SiteWriter) throws -> WrittenThread {
        let (renderer, output, rows) = (writer.renderer, writer.output, writer.rows)
        let tree = try tree(story)
        let plan = ThreadPlanner.plan(tree, descendants: story.descendants, cap: cap)
        var written = ThreadsWritten()
        written.threads = 1
        written.comments = plan.rows.count
        written.leftOut = plan.leftOut
        written.capped = plan.capped ? 1 : 0
        let threads = ThreadRenderer(paths: renderer.paths)
        guard !plan.isEmpty else {
            return WrittenThread(section: threads.empty(story, plan: plan), manifest: nil, written: written)
        }
        let comments = tree.comments
        let rendered = threads.rendered(plan, story: story, comments: comments)
        // The shards, cut where the list's are (content-defined, by comment id): a reply added
        // to a thread changes the shard it falls in, and leaves the others' files as they were.
        let cuts = ShardPlanner.shards(
            ids: plan.rows.map(\.id), recordBytes: threads.recordBytes(plan, rendered: rendered), rule: shardRule)
        var shards: [(name: String, rows: Int)] = []
        for cut in cuts {
            let name = try writer.writeNamedByContent(
                threads.shard(cut, of: plan, rendered: rendered), at: SitePaths.threadFile)
            shards.append((name, cut.count))
        }
        let manifest = try writer.writeNamedByContent(threads.manifest(plan, shards: shards), at: SitePaths.threadFile)
        written.fileNames = (shards.map(\.name) + [manifest]).map(SitePaths.threadFile)
        let manifestURL = renderer.paths.base + SitePaths.threadFile(manifest)
        for number in plan.pages.indices.dropFirst().map({ $0 + 1 }) {
            let section = threads.section(
                story, plan: plan, page: number, comments: comments, rendered: rendered, manifest: manifestURL)
            try output.write(
                renderer.threadPage(story, row: rows, rowHTML: rowHTML, number: number, thread: section, manifest: manifestURL),
                to: SitePaths.threadPageFile(story, page: number))
            written.pages += 1
            written.urls.append(renderer.paths.threadPage(story, page: number))
        }
        let first = threads.section(
            story, plan: plan, page: 1, comments: comments, rendered: rendered, manifest: manifestURL)
        return WrittenThread(section: first, manifest: manifestURL, written: written)
    }
}
