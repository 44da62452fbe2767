import Foundation
import SitegenConfig
import SitegenMarkdown
import SitegenModel
import SitegenRender
import SitegenSearch
import SitegenSource
import SitegenSystem
import SitegenWrite

/// What to build: the inputs of one `sitegen build`.
public struct BuildRequest: Sendable {
    public var source: any StorySource
    public var output: String
    /// Folder of templates overriding the built-in theme file by file; nil for the built-in one.
    public var templates: String?
    /// Folder of Markdown site pages (`about.md` → `/about/`); nil for none.
    public var pages: String?
    public var options: SiteOptions
    public var shardRule: ShardRule
    /// How the search index is cut (tests make small indexes deep with it).
    public var searchRule: SearchRule = .default
    /// Fail rather than leave out what the safety rules refuse (`--strict`): a story's path, a
    /// bundle file, a symbolic link not followed.
    public var strict = false
    /// Leave out a bundle's files that can run script when opened (SVG, HTML, XML) rather than
    /// copy them under a sandboxing policy (`active_files = "refuse"`).
    public var refuseActiveFiles = false
    /// From this many stories on, the rendered rows are spilled to unnamed files beside the
    /// output rather than kept in memory (`RenderedRows`, `SpilledBytes`): a big list's rows
    /// are a third of its build's memory. Tests set it low to spill small lists.
    public var spillRowsFrom = 200_000
    /// From this many bytes of text in a window (Markdown bodies, HN's texts) on, the window's
    /// rows and search fields are spilled too, however few its stories: a blog of 20,000 long
    /// posts would otherwise keep a second copy of every body until the index is planned.
    public var spillTextFrom = 32 << 20

    public init(
        source: any StorySource, output: String, templates: String? = nil, options: SiteOptions = .init(),
        shardRule: ShardRule = .default, pages: String? = nil
    ) {
        self.source = source
        self.output = output
        self.templates = templates
        self.pages = pages
        self.options = options
        self.shardRule = shardRule
    }
}

/// The build, as the sequence of steps it is. Read it top to bottom:
///
///     [1/5] read      a source that cannot stream, whole
///     [2/5] theme     templates parsed (a template error stops here, before any writing)
///     [3/5] render    the source a window at a time (`EntryWindows`; a source that cannot
///                     stream is one window): each window's entries → stories (ItemFilter),
///                     their rows rendered once (RowRenderer) with their shard records'
///                     sizes, their search fields kept, their item pages written
///                     (`Build.read(window:)`, `ListSoFar`); then the stories are gone
///     [4/5] plan      the terms' lists, the search index (pure, SitegenModel, from the
///                     words SearchTermsBuilder breaks and folds), the index on another
///                     thread, beside the list's writing, which does not need it
///               write each list: its shards (each built, named by its hash and written at
///                     once), its manifest (pure, from the shards' names) and pages (`SiteWriter
///                     .writeList`: the site's list, then every term's); the search index;
///                     site pages, assets, feed, sitemap, robots.txt, 404.html, _headers
///     [5/5] commit    the output put in place whole
///
/// A build blocks the threads it runs on (its parallel steps wait for both cores, its files
/// are written synchronously, a window is read from a file or the store), so its steps run on
/// a thread of their own (`BlockingExecutor`), never on Swift's cooperative pool, whose few
/// threads `sitegen serve` answers requests on. A source read whole (an HTTP source awaits the
/// network) is read on the caller's.
public enum Build {
    public static func run(
        _ request: BuildRequest, log: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws
        -> BuildReport
    {
        // The ranges flags and config files are held to (SiteConfig.keys), for callers that
        // make options in code.
        try SiteConfig(options: request.options).check()
        // A source that can say what it holds without reading it all, and settings as they
        // were: the output is already what this build would write.
        let settings = try await BlockingExecutor.run { Self.settingsStamp(request) }
        let stamp: String?
        if let source = try await request.source.stamp() {
            stamp = Self.stamp(request, source: source, settings: settings)
            if BuildStamp.read(output: request.output) == stamp {
                log("      nothing changed since the last build")
                try ChangedURLs.write([], paths: SitePaths(base: request.options.baseURL), output: request.output)
                return BuildReport(unchangedFrom: request.source.name, output: request.output)
            }
        } else {
            stamp = nil
        }
        log("[1/5] Read \(request.source.name)")
        // A source may keep what it read between builds, beside the output (a Markdown
        // folder's parses), and take it again when this build goes over an output.
        var keeping = request
        keeping.source = request.source.keeping(
            in: KeptFolder(reuse: FileManager.default.fileExists(atPath: request.output)) { [output = request.output] kind in
                BesideOutput.path(of: output, kind)
            })
        let request = keeping
        let windows: any EntryWindows
        if let streamed = try await request.source.windows() {
            windows = streamed
        } else {
            windows = WholeEntries(try await request.source.entries())
        }
        // The stories' comments, where the source has them and the build shows them.
        let options = request.options
        let threads = options.comments > 0 && options.itemPages ? try await request.source.threads() : nil
        return try await BlockingExecutor.run {
            try steps(request, windows: windows, threads: threads, stamp: stamp, settings: settings, log: log)
        }
    }

    private static func steps(
        _ request: BuildRequest, windows: any EntryWindows, threads: (any ThreadReader)?, stamp: String?,
        settings: String, log: (String) -> Void
    ) throws -> BuildReport {
        let options = request.options
        let paths = SitePaths(base: options.baseURL)
        let sitePages = try SitePagesFolder.load(request.pages)
        let siteSlugs = Set(sitePages.map(\.slug))
        log("[2/5] Load the theme")
        let theme = try Theme.load(from: request.templates)
        let rows = RowRenderer(theme: theme, paths: paths, itemPages: options.itemPages, termLists: options.taxonomies)
        let stylesheets = theme.stylesheetParts
        let style = Asset(stem: "style", ext: "css", text: CompactCSS.compact(stylesheets.every))
        let pagesStyle = stylesheets.pages.map { Asset(stem: "pages", ext: "css", text: CompactCSS.compact($0)) }
        let script = Asset(stem: "sitegen", ext: "js", text: theme.script(for: options.strategy))
        let favicon = Asset(stem: "favicon", ext: "svg", text: theme.favicon)
        let searchScript = options.search ? Asset(stem: "search", ext: "js", text: theme.searchScript) : nil
        let searchMore = options.search ? Asset(stem: "search-more", ext: "js", text: theme.searchMoreScript) : nil
        let threadScript = threads != nil ? Asset(stem: "thread", ext: "js", text: theme.threadScript) : nil
        let assets = [style, script, favicon] + [pagesStyle, searchScript, searchMore, threadScript].compactMap { $0 }
        var renderer = PageRenderer(
            theme: theme, options: options, paths: paths,
            styleHref: paths.base + style.file, scriptHref: paths.base + script.file,
            faviconHref: paths.base + favicon.file, sitePages: sitePages)
        renderer.searchScriptHref = searchScript.map { paths.base + $0.file }
        renderer.pagesStyleHref = pagesStyle.map { paths.base + $0.file }
        renderer.searchMoreHref = searchMore.map { paths.base + $0.file }
        renderer.threadScriptHref = threadScript.map { paths.base + $0.file }
        renderer.documents = MarkdownDocuments(paths: paths, sitePages: sitePages)

        let output = try OutputFolder(path: request.output, precompress: options.precompress)
        // No stamp from here on until this build is whole: a build killed or failed after it
        // wrote its first file (a rebuild writes `.sitegen-new` files in the output) is never
        // taken for the last one, and the next build runs whole and clears what it left.
        BuildStamp.remove(output: request.output)
        // The document pages the last build made, kept where nothing they are made from
        // changed. Not removed here: each vouches only for files as that build left them.
        let kept = output.inPlace ? KeptPages.read(output: request.output, settings: settings) : .none
        do {
            // What the threads are before any is read, for the next build to ask what changed.
            let threadNote = try threads?.changeNote()
            var list = ListSoFar(keptPages: KeptPages.Records(folder: output.parent))
            var seen = Set<Int>()
            var keptPages: KeptPages?
            if case .pages(var pages) = kept {
                if let note = pages.threadNote { pages.threadsChanged = try threads?.storiesChanged(since: note) }
                keptPages = pages
            }
            if case .settingsChanged = kept { log("      settings, theme or sitegen changed: every page made again") }
            let context = WindowContext(
                request: request, rows: rows, renderer: renderer, output: output, siteSlugs: siteSlugs, paths: paths,
                threads: threads, oneWindow: windows is WholeEntries, kept: keptPages,
                // A first build's too: records are encoded as made and spilled past a
                // mebibyte, so they cost it little, and its first refresh keeps its pages.
                keepsThreads: threadNote != nil)
            log("[3/5] Render rows and item pages")
            while var entries = try windows.next() {
                log("      \(entries.count) entries")
                try read(window: &entries, into: &list, seen: &seen, context: context, log: log)
            }
            // The ids seen are for the windows alone (a Set of ten million is 134 MB): gone
            // before the lists and the index are written, where a big build's peak is.
            seen = []
            var report = try write(
                list, request: request, renderer: renderer, rows: rows, output: output, assets: assets,
                sitePages: sitePages, themeIDs: theme.itemPageIDs.union(theme.sitePageIDs), stamp: stamp,
                settings: settings, threadNote: threadNote, log: log)
            if case .settingsChanged = kept { report.settingsChanged = true }
            return report
        } catch {
            output.discard()
            throw error
        }
    }

    /// Steps 3 to 5, from the list as read.
    private static func write(
        _ list: consuming ListSoFar, request: BuildRequest, renderer: PageRenderer, rows: RowRenderer, output: OutputFolder,
        assets: [Asset], sitePages: [SitePage], themeIDs: Set<String>, stamp: String?, settings: String,
        threadNote: String?, log: (String) -> Void
    ) throws -> BuildReport {
        let options = request.options
        let paths = renderer.paths
        log("[4/5] Plan and write \(request.output)")
        let terms = list.terms.terms
        for taxonomy in Set(terms.map(\.taxonomy)) {
            guard sitePages.contains(where: { $0.slug == taxonomy.rawValue }), let folder = request.pages else { continue }
            throw SourceError.sitePage(
                path: (folder as NSString).appendingPathComponent(taxonomy.rawValue + ".md"), line: nil,
                reason:
                    "'\(taxonomy.rawValue)' is where the site lists its \(taxonomy.rawValue); rename the page, or build with --no-taxonomies"
            )
        }
        let listRows = SiteWriter.Rows(ids: list.ids, html: RenderedRows(joining: list.rows), recordBytes: list.recordBytes)
        list.rows = []
        // The search index is planned beside the list's writing, on another thread, and waited
        // for only when its files are written: its merge, sort and cuts run on one core, and
        // the list, which needs nothing of it, fills the other. (The peak of memory, the scan's
        // merge, then meets the list's buffers: the million-story build's peak is checked in
        // bench, docs/internals/perf-log.md.)
        var renderer = renderer
        if let documents = list.documents { renderer.documents = documents }
        renderer.documentTexts = list.texts > 0
        let writer = SiteWriter(output: output, renderer: renderer, rows: rows)
        let search =
            options.search
            ? Parallel.beside {
                [fields = list.fields, early = list.searchTerms, recordBytes = list.recordBytes, rule = request.searchRule] in
                Result {
                    try SearchIndexBuild.segments(
                        fields, terms: early?.take(), recordBytes: recordBytes, rule: rule, writer: writer, rows: listRows)
                }
            } : nil
        // Never a plan left running past the build (a failed one included).
        defer { _ = search?.value }

        try writer.writeAssets(assets)
        log("      the list: shards, manifest, pages")
        let site = StoryList(all: list.count)
        let written = try writer.writeList(site, rows: listRows, rule: request.shardRule, parallel: true)
        guard let manifest = written.manifest else { preconditionFailure("the site's list always has a manifest") }
        if !terms.isEmpty { log("      \(terms.count) terms' lists") }
        // Many small lists: one list a core at a time, rather than each list cut across both.
        let termLists = try Parallel.mapThrowing(terms) { term in
            try writer.writeList(StoryList(term: term), rows: listRows, rule: request.shardRule, parallel: false)
        }
        try writer.writeTaxonomyPages(terms)
        let searchIndex = try search.map { planning in
            let (index, names, words) = try planning.value.get()
            log("      the search index: \(index.segments.count) segments, \(words) words")
            return try writer.writeSearchIndex(
                index, names: names,
                list: .init(
                    build: manifest.build, partRows: manifest.partRows,
                    pageRows: SearchFiles.ListRows.pageRows(pageSize: options.pageSize, rule: request.shardRule)))
        }
        let authored = list.authored + (try writer.writeSitePages(sitePages))
        if !authored.isEmpty { log("      the links of \(authored.count) Markdown pages") }
        let dead = deadLinks(
            authored.map(\.links), itemPages: list.itemURLs + list.bundleURLs + list.threads.urls, listPages: written.pages,
            sitePages: sitePages, terms: terms, termPages: termLists.map(\.pages), search: searchIndex != nil, assets: assets,
            redirects: list.redirectPaths, paths: paths, themeIDs: themeIDs)
        for link in dead { log("      dead link on \(link.page): \(link.link)") }
        for page in authored where !page.removed.isEmpty {
            log("      unsafe HTML removed from \(page.links.url): \(page.removed.joined(separator: ", "))")
        }
        for page in authored where !page.capped.isEmpty {
            log("      capped on \(page.links.url): \(page.capped.joined(separator: ", "))")
        }
        log("      feed, sitemap, hosting files")
        try writer.writeDiscovery(
            feed: list.feed, built: Int(Date().timeIntervalSince1970), pageCount: written.pages,
            itemURLs: list.itemURLs + list.threads.urls,
            itemFolders: list.itemFolders.sorted(),
            sandboxed: list.sandboxed.sorted(), sitePages: sitePages, terms: terms)
        let threadListing = try writer.writeThreadListing(list.threads.fileNames)
        try writer.keepGenerations(
            current: Generation(
                build: manifest.build, assets: assets.map(\.file),
                lists: termLists.compactMap { $0.manifest?.build }, search: searchIndex?.root, threads: threadListing?.path),
            keep: options.keepGenerations, threadListing: threadListing?.bytes ?? [])
        log("[5/5] Commit")
        try output.commit()
        if let stamp { BuildStamp.write(stamp, output: request.output) }
        if list.keptPages.isEmpty {
            KeptPages.remove(output: request.output)
        } else {
            KeptPages.write(
                list.keptPages, settings: settings, threadNote: threadNote, output: request.output,
                precompress: output.precompress)
        }
        let changed = output.changedFiles()
        try ChangedURLs.write(changed.written + changed.removed, paths: paths, output: request.output)
        return BuildReport(
            sourceName: request.source.name, output: request.output, stories: list.count, pages: written.pages,
            shards: written.shards, manifestParts: manifest.parts.count, itemPages: list.itemURLs.count,
            itemPagesKept: list.pagesKept,
            skipped: list.skipped, sitePages: sitePages.count, filesWritten: output.written,
            filesUnchanged: output.unchanged, bundleFiles: list.bundleFiles,
            bundleFilesLeft: list.bundleFilesFound - list.bundleFiles,
            pathsRefused: list.refusals.filter { $0.bundleFile == nil }.map(\.line),
            bundleFilesRefused: list.refusals.filter { $0.bundleFile != nil }.map(\.line), terms: terms.count,
            termPages: termLists.reduce(0) { $0 + $1.pages },
            searchFiles: searchIndex?.files ?? 0, deadLinks: dead.count,
            linksChecked: authored.reduce(0) { $0 + $1.links.links.count },
            unsafeHTML: authored.reduce(0) { $0 + $1.removed.count },
            unsafeHTMLPages: authored.count { !$0.removed.isEmpty },
            capped: authored.reduce(0) { $0 + $1.capped.count }, cappedPages: authored.count { !$0.capped.isEmpty },
            templateLines: list.templateLines, templateFiles: list.templateFiles, redirectPages: list.redirectPaths.count,
            threads: list.threads.threads, comments: list.threads.comments, commentsLeftOut: list.threads.leftOut,
            threadsCapped: list.threads.capped, threadPages: list.threads.pages)
    }
}
