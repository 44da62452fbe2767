import Foundation
import SitegenMarkdown
import SitegenModel
import SitegenRender
import SitegenSearch
import SitegenSource
import SitegenSystem
import SitegenThreads
import SitegenWrite

/// The list as the build has read it so far, window by window (`EntryWindows`): what the
/// lists, the search index, the feed, the sitemap and the summary need of every story, and no
/// story itself. A window's stories are gone once it is read, so a build's memory is a window's
/// stories and these few numbers a story (its id, its row's place, its shard record's size),
/// with the rows and search fields spilled to files when the list is big.
struct ListSoFar {
    var ids: [Int] = []
    /// Each window's rows, joined once the last is read.
    var rows: [RenderedRows] = []
    var recordBytes: [Int] = []
    var fields = SearchFieldTable()
    /// The search index's terms, segment by segment, broken and folded beside the rows'
    /// rendering when the whole list is one window (`WindowContext.oneWindow`): its fields are
    /// then not laid out.
    var searchTerms: Parallel.Beside<[SearchTerms]>?
    var terms = TaxonomyPlanner.Gathered()
    /// The newest stories by time so far (`AtomFeed.newest`), in its order.
    var feed: [Story] = []
    /// The URLs of the item pages written, and of the bundle files beside them.
    var itemURLs: [String] = []
    var bundleURLs: [String] = []
    /// The first folders of item pages at paths of their own, and bundle files that could run
    /// script (`_headers`).
    var itemFolders: Set<String> = []
    var sandboxed: [String] = []
    var authored: [AuthoredPage] = []
    /// The pages with a Markdown body or a thread, as `KeptPages` keeps them for the next
    /// build, and how many of them this one kept from the last rather than made.
    var keptPages: KeptPages.Records
    var pagesKept = 0
    /// Documents' texts written (`t/<id>.txt`, with search): the search page shows passages.
    var texts = 0
    /// The threads written on item pages and their own pages.
    var threads = ThreadsWritten()
    /// The redirect pages' paths (folders, and files ending `.html`).
    var redirectPaths: [String] = []
    /// The last window's Markdown documents, whose links between pages the site pages' links
    /// go by too (a Markdown folder is read whole, as one window).
    var documents: MarkdownDocuments?
    var skipped: [Skip] = []
    var refusals: [PathRefusal] = []
    /// Bundle files copied beside item pages, and found on every story (with or without one).
    var bundleFiles = 0
    var bundleFilesFound = 0
    var templateLines = 0
    var templateFiles = 0

    var count: Int { ids.count }
}

/// What every window is read with.
struct WindowContext {
    var request: BuildRequest
    var rows: RowRenderer
    var renderer: PageRenderer
    var output: OutputFolder
    var siteSlugs: Set<String>
    var paths: SitePaths
    /// Where the stories' comments are read; nil when the build shows none.
    var threads: (any ThreadReader)?
    /// The source is read whole, as one window (`WholeEntries`): its list is known once that
    /// window is read.
    var oneWindow = false
    /// The last build's document pages, when this build may keep them (`KeptPages`).
    var kept: KeptPages?
    /// The thread reader can say what changed by the next build (`ThreadReader.changeNote`):
    /// pages with a thread are recorded for it to keep.
    var keepsThreads = false
}

extension Build {
    /// One window of the source's entries into the list: its stories filtered (an id of an
    /// earlier window is a duplicate), given their paths, their rows rendered (and spilled when
    /// the list is big), their search fields kept, and their item pages and redirects written.
    static func read(
        window entries: inout [SourceEntry], into list: inout ListSoFar, seen: inout Set<Int>, context: WindowContext,
        log: (String) -> Void
    ) throws {
        let request = context.request
        let options = request.options
        var (stories, skipped) = ItemFilter.stories(taking: &entries, seen: &seen)
        // Stories with comments the source can read get a page for their thread, before
        // their paths and rows are made (a row links to its page).
        if let threads = context.threads {
            let counted = stories.indices.filter { (stories[$0].descendants ?? 0) > 0 }
            let found = try threads.withThreads(counted.map { stories[$0].id })
            for i in counted where found.contains(stories[i].id) { stories[i].hasThread = true }
        }
        for skip in skipped where skip.reason == .ignored {
            log("      ignored \(skip.location) (\(skip.detail ?? ""))")
        }
        // Stories that asked for a path of their own get it where it is free.
        let (refusedPaths, claims) = ItemPaths.grant(
            &stories, siteSlugs: context.siteSlugs, refuseActive: request.refuseActiveFiles, itemPages: options.itemPages)
        // Named by their source files: looked up only for the stories refused.
        let refusedIDs = Set(refusedPaths.map(\.id))
        let sourceFiles =
            refusedIDs.isEmpty
            ? [:]
            : Dictionary(
                stories.lazy.filter { refusedIDs.contains($0.id) }.map { ($0.id, $0.markdownExtras.sourceFile) },
                uniquingKeysWith: { first, _ in first })
        let refusals = refusedPaths.map { PathRefusal($0, file: sourceFiles[$0.id] ?? nil) }
        for refusal in refusals { log("      \(refusal.line)") }
        if request.strict {
            let lines =
                skipped.filter { $0.reason == .notFollowed }.map { "\($0.location): \($0.detail ?? "not followed")" }
                + refusals.map(\.line)
            if !lines.isEmpty { throw BuildError.strict(lines) }
        }
        // Another generator's template code, left as text: said, not silent.
        // (Stories are read through a buffer here and below: `for story in stories`, and even
        // `stories[i].markdownExtras` on the array, copy each story, a retain and a release of
        // every string it holds, a million times; a buffer's element is read where it lies.)
        stories.withUnsafeBufferPointer { stories in
            for i in stories.indices where !stories[i].markdownExtras.templateLines.isEmpty {
                let extras = stories[i].markdownExtras
                let lines = extras.templateLines.map(String.init).joined(separator: ", ")
                log("      template code left as text: \(extras.sourceFile ?? "story \(stories[i].id)") line \(lines)")
                list.templateLines += extras.templateLines.count
                list.templateFiles += 1
            }
        }
        list.skipped += skipped
        list.refusals += refusals

        let first = list.count
        // Spilled into the output's parent folder: on the disk the user chose for the site, not
        // in a /tmp that may be memory.
        let text = stories.indices.reduce(0) { $0 + (stories[$1].markdown ?? stories[$1].text ?? "").utf8.count }
        let big = first + stories.count >= request.spillRowsFrom || text >= request.spillTextFrom
        let spill = big ? context.output.parent : nil
        // The search fields are laid out on a thread beside the rows' rendering (on both cores):
        // laid out after it, they held one core while the other waited. A list read in one
        // window that is not big has its words broken and folded there instead: they are then
        // ready when the list's writing starts, and the index is planned and written beside it.
        if options.search && context.oneWindow && spill == nil {
            list.searchTerms = Parallel.beside { [stories, rule = request.searchRule] in
                SearchIndexBuild.terms(of: stories, rule: rule)
            }
        }
        // Never left running past a failed window (the index's writing waits for it otherwise).
        var read = false
        defer { if !read { list.searchTerms?.wait() } }
        let laying =
            options.search && list.searchTerms == nil ? Parallel.beside { [stories] in SearchFieldTable.laidOut(stories) } : nil
        // Never left running past a failed window.
        defer { laying?.wait() }
        let (html, recordBytes) = try RenderedRows.render(stories, with: context.rows, spill: spill)
        if options.taxonomies { list.terms.add(stories, first: first) }
        if let laying { try list.fields.append(laying.take(), spill: spill) }
        list.rows.append(html)
        list.recordBytes += recordBytes
        list.ids += stories.map(\.id)
        list.feed = AtomFeed.newest(list.feed + AtomFeed.newest(stories))

        // Item pages, with the links between Markdown pages of this window (all of them: a
        // Markdown folder is one window).
        let itemRows = context.rows.itemRows(stories)
        var renderer = context.renderer
        let links = MarkdownLinks(stories: stories, withPages: itemRows, paths: context.paths)
        if !links.isEmpty {
            let documents = MarkdownDocuments(
                paths: context.paths, sitePages: renderer.sitePages, links: links,
                outline: DocumentOutline(stories: stories, withPages: itemRows, paths: context.paths))
            renderer.documents = documents
            list.documents = documents
        }
        let writer = SiteWriter(output: context.output, renderer: renderer, rows: context.rows, texts: options.search)
        let threadWriter = context.threads.map { reader in
            ThreadWriter(cap: options.comments, shardRule: request.shardRule) { story in
                try reader.tree(of: story.id, limit: CommentTree.readLimit(cap: options.comments))
            }
        }
        let pages = try writer.writeItemPages(
            itemRows, stories: stories, rowHTML: html, threads: threadWriter, kept: context.kept,
            records: list.keptPages, keepsThreads: context.keepsThreads)
        list.authored += pages.authored
        list.threads += pages.threads
        list.pagesKept += pages.kept
        if writer.texts { list.texts += itemRows.count { stories[$0].markdown != nil } }
        for i in itemRows {
            let story = stories[i]
            let page = context.paths.item(story)
            list.itemURLs.append(page)
            list.bundleURLs += story.markdownExtras.files.map { page + $0.name }
            if let folder = story.markdownExtras.itemPath?.split(separator: "/").first { list.itemFolders.insert(String(folder)) }
            list.sandboxed += story.markdownExtras.files.map { SitePaths.itemFolder(story) + $0.name }
                .filter(ContentSecurity.isSandboxed)
            list.bundleFiles += story.markdownExtras.files.count
        }
        list.bundleFilesFound += stories.withUnsafeBufferPointer { stories in
            stories.indices.reduce(0) { $0 + stories[$1].markdownExtras.files.count }
        }
        let redirects = Redirects.plan(stories, withPages: itemRows, siteSlugs: context.siteSlugs, claims: claims)
        try writer.writeRedirects(redirects, stories: stories)
        list.redirectPaths += redirects.map(\.path)
        // A window's stories are many strings each; freed on another thread, off the build's time.
        Parallel.releaseInBackground(consume stories)
        read = true
    }
}
