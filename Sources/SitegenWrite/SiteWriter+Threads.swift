import SitegenModel
import SitegenRender

/// Where a story's comments come from when its page is written: the source's reader
/// (`ThreadReader`), asked for at most `cap` comments. Called from the writer's threads, a
/// story at a time, so a build holds the threads of the pages being written and no more.
package struct ThreadInput: Sendable {
    package var cap: Int
    package var tree: @Sendable (Story) throws -> CommentTree
    package var shardRule: ShardRule

    package init(cap: Int, shardRule: ShardRule, tree: @escaping @Sendable (Story) throws -> CommentTree) {
        self.cap = cap
        self.shardRule = shardRule
        self.tree = tree
    }
}

/// What a build's threads came to, for its summary.
package struct ThreadsWritten: Sendable, Equatable {
    package var threads = 0
    package var comments = 0
    /// Comments the stories count that their pages do not show (`ThreadPlan.leftOut`).
    package var leftOut = 0
    /// Threads the cap cut short.
    package var capped = 0
    /// Thread pages after the first (which is the story's page).
    package var pages = 0
    /// The thread pages' URLs, and the shards' and manifests' files (`c/…`).
    package var urls: [String] = []
    package var fileNames: [String] = []

    package init() {}

    package static func += (a: inout ThreadsWritten, b: ThreadsWritten) {
        a.threads += b.threads
        a.comments += b.comments
        a.leftOut += b.leftOut
        a.capped += b.capped
        a.pages += b.pages
        a.urls += b.urls
        a.fileNames += b.fileNames
    }
}

extension SiteWriter {
    /// A story's thread: pages 2 on, its shards and its manifest written; returns the first
    /// page's section (for the story's own page), the manifest's URL (nil for a thread with
    /// nothing to show) and what was written.
    package func writeThread(
        _ story: Story, tree: CommentTree, input: ThreadInput, rowHTML: [UInt8]
    ) throws -> (section: [UInt8], manifest: String?, written: ThreadsWritten) {
        let plan = ThreadPlanner.plan(tree, descendants: story.descendants, cap: input.cap)
        var written = ThreadsWritten()
        written.threads = 1
        written.comments = plan.rows.count
        written.leftOut = plan.leftOut
        written.capped = plan.capped ? 1 : 0
        guard !plan.isEmpty else {
            return (ThreadRenderer(paths: renderer.paths).empty(story, plan: plan), nil, written)
        }
        let threads = ThreadRenderer(paths: renderer.paths)
        let comments = tree.comments
        let rendered = threads.rendered(plan, story: story, comments: comments)
        // The shards, cut where the list's are (content-defined, by comment id): a reply added
        // to a thread changes the shard it falls in, and leaves the others' files as they were.
        let cuts = ShardPlanner.shards(
            ids: plan.rows.map(\.id), recordBytes: threads.recordBytes(plan, rendered: rendered), rule: input.shardRule)
        var shards: [(name: String, rows: Int)] = []
        for cut in cuts {
            let name = try writeNamedByContent(
                threads.shard(cut, of: plan, rendered: rendered), at: SitePaths.threadFile)
            shards.append((name, cut.count))
        }
        let manifest = try writeNamedByContent(threads.manifest(plan, shards: shards), at: SitePaths.threadFile)
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
        return (first, manifestURL, written)
    }
}
