import Foundation
import SitegenConfig
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
///     [1/5] read      the source's entries → stories (ItemFilter)
///     [2/5] theme     templates parsed (a template error stops here, before any writing)
///     [3/5] render    each row once (RowRenderer), and its shard record's size
///     [4/5] plan      the terms' lists, the search index (pure, SitegenModel, from the
///                     words SearchTermsBuilder breaks and folds), the index on another
///                     thread, beside the list's writing, which does not need it
///     [5/5] write     each list: its shards (each built, named by its hash and written at
///                     once), its manifest (pure, from the shards' names) and pages (`SiteWriter
///                     .writeList`: the site's list, then every term's); the search index;
///                     item pages, site pages,
///                     assets, feed, sitemap, robots.txt, 404.html, _headers → output
///
/// After reading, a build blocks the threads it runs on (its parallel steps wait for both
/// cores, its files are written synchronously), so its steps run on a thread of their own
/// (`BlockingExecutor`), never on Swift's cooperative pool, whose few threads `sitegen serve`
/// answers requests on. Reading stays on the caller's: an HTTP source awaits the network.
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
        let stamp: String?
        if let source = try await request.source.stamp() {
            stamp = try await BlockingExecutor.run { Self.stamp(request, source: source) }
            if BuildStamp.read(output: request.output) == stamp {
                log("      nothing changed since the last build")
                try ChangedURLs.write([], paths: SitePaths(base: request.options.baseURL), output: request.output)
                return BuildReport(unchangedFrom: request.source.name, output: request.output)
            }
        } else {
            stamp = nil
        }
        log("[1/5] Read \(request.source.name)")
        let entries = Handoff(try await request.source.entries())
        return try await BlockingExecutor.run { try steps(request, entries: entries.take(), stamp: stamp, log: log) }
    }

    private static func steps(
        _ request: BuildRequest, entries: consuming [SourceEntry], stamp: String?, log: (String) -> Void
    ) throws -> BuildReport {
        let options = request.options
        let paths = SitePaths(base: options.baseURL)
        log("      filter \(entries.count) entries")
        var (filtered, skipped) = ItemFilter.stories(taking: &entries)
        for skip in skipped where skip.reason == .ignored {
            log("      ignored \(skip.location) (\(skip.detail ?? ""))")
        }
        let sitePages = try SitePagesFolder.load(request.pages)
        // Stories that asked for a path of their own get it where it is free.
        let (refusedPaths, claims) = ItemPaths.grant(
            &filtered, siteSlugs: Set(sitePages.map(\.slug)), refuseActive: request.refuseActiveFiles,
            itemPages: options.itemPages)
        // Named by their source files: looked up only for the stories refused.
        let refusedIDs = Set(refusedPaths.map(\.id))
        let sourceFiles =
            refusedIDs.isEmpty
            ? [:]
            : Dictionary(
                filtered.lazy.filter { refusedIDs.contains($0.id) }.map { ($0.id, $0.markdownExtras.sourceFile) },
                uniquingKeysWith: { first, _ in first })
        let refusals = refusedPaths.map { PathRefusal($0, file: sourceFiles[$0.id] ?? nil) }
        for refusal in refusals { log("      \(refusal.line)") }
        if request.strict {
            let lines =
                skipped.filter { $0.reason == .notFollowed }.map { "\($0.location): \($0.detail ?? "not followed")" }
                + refusals.map(\.line)
            if !lines.isEmpty { throw BuildError.strict(lines) }
        }
        let stories = consume filtered
        let ids = stories.map { $0.id }
        // Another generator's template code, left as text: said, not silent.
        let templated = stories.filter { !$0.markdownExtras.templateLines.isEmpty }
        for story in templated {
            let lines = story.markdownExtras.templateLines.map(String.init).joined(separator: ", ")
            log("      template code left as text: \(story.markdownExtras.sourceFile ?? "story \(story.id)") line \(lines)")
        }

        log("[2/5] Load the theme")
        let theme = try Theme.load(from: request.templates)
        let rows = RowRenderer(theme: theme, paths: paths, itemPages: options.itemPages, termLists: options.taxonomies)

        log("[3/5] Render \(stories.count) rows")
        // Spilled into the output's parent folder (made now if it is new, as the output's
        // writing would): on the disk the user chose for the site, not in a /tmp that may be
        // memory.
        let spill = try stories.count >= request.spillRowsFrom ? Self.spillFolder(request.output) : nil
        let (rowHTML, recordBytes) = try RenderedRows.render(stories, with: rows, spill: spill)

        log("[4/5] Plan the lists")
        let terms = options.taxonomies ? TaxonomyPlanner.terms(stories) : []
        for taxonomy in Set(terms.map(\.taxonomy)) {
            guard sitePages.contains(where: { $0.slug == taxonomy.rawValue }), let folder = request.pages else { continue }
            throw SitegenError.sitePage(
                path: (folder as NSString).appendingPathComponent(taxonomy.rawValue + ".md"), line: nil,
                reason:
                    "'\(taxonomy.rawValue)' is where the site lists its \(taxonomy.rawValue); rename the page, or build with --no-taxonomies"
            )
        }
        let listRows = SiteWriter.Rows(ids: ids, html: rowHTML, recordBytes: recordBytes)
        // The search index is planned beside the list's writing, on another thread, and waited
        // for only when its files are written: its merge, sort and cuts run on one core, and
        // the list, which needs nothing of it, fills the other. (The peak of memory, the scan's
        // merge, then meets the list's buffers: the million-story build's peak is checked in
        // bench, docs/perf-log.md.)
        let search =
            options.search
            ? Parallel.beside { [stories, rule = request.searchRule] in
                searchPlan(stories, recordBytes: recordBytes, rule: rule)
            } : nil
        // Never a plan left running past the build (a failed one included).
        defer { _ = search?.value }

        log("[5/5] Write \(request.output)")
        let style = Asset(stem: "style", ext: "css", text: CompactCSS.compact(theme.stylesheet))
        let script = Asset(stem: "sitegen", ext: "js", text: theme.script(for: options.strategy))
        let favicon = Asset(stem: "favicon", ext: "svg", text: theme.favicon)
        let searchScript = search.map { _ in Asset(stem: "search", ext: "js", text: theme.searchScript) }
        let itemRows = rows.itemRows(stories)
        let bundleFiles = itemRows.reduce(0) { $0 + stories[$1].markdownExtras.files.count }
        let output = try OutputFolder(path: request.output, precompress: options.precompress)
        // No stamp from here on until this build is whole: a build killed or failed after it
        // wrote its first file (a rebuild writes `.sitegen-new` files in the output) is never
        // taken for the last one, and the next build runs whole and clears what it left.
        BuildStamp.remove(output: request.output)
        do {
            var renderer = PageRenderer(
                theme: theme, options: options, paths: paths,
                styleHref: paths.base + style.file, scriptHref: paths.base + script.file,
                faviconHref: paths.base + favicon.file, sitePages: sitePages)
            renderer.searchScriptHref = searchScript.map { paths.base + $0.file }
            let links = MarkdownLinks(stories: stories, withPages: itemRows, paths: paths)
            if !links.isEmpty { renderer.markdownLinks = links }
            let writer = SiteWriter(output: output, renderer: renderer, rows: rows)
            let assets = [style, script, favicon] + (searchScript.map { [$0] } ?? [])
            try writer.writeAssets(assets)
            log("      the list: shards, manifest, pages")
            let site = StoryList(all: stories.count)
            let list = try writer.writeList(site, rows: listRows, rule: request.shardRule, parallel: true)
            guard let manifest = list.manifest else { preconditionFailure("the site's list always has a manifest") }
            if !terms.isEmpty { log("      \(terms.count) terms' lists") }
            // Many small lists: one list a core at a time, rather than each list cut across both.
            let termLists = try Parallel.mapThrowing(terms) { term in
                try writer.writeList(StoryList(term: term), rows: listRows, rule: request.shardRule, parallel: false)
            }
            try writer.writeTaxonomyPages(terms)
            let searchIndex = try search.map { planning in
                let plan = planning.value
                log("      the search index: \(plan.segments.count) segments, \(plan.segments.map { $0.plan.words.count }) words")
                return try writer.writeSearch(
                    plan, rows: listRows,
                    list: .init(
                        build: manifest.build, partRows: manifest.partRows,
                        pageRows: SearchFiles.ListRows.pageRows(pageSize: options.pageSize, rule: request.shardRule)))
            }
            log("      item pages")
            let authored =
                try writer.writeItemPages(itemRows, stories: stories, rowHTML: rowHTML) + writer.writeSitePages(sitePages)
            let redirects = Redirects.plan(
                stories, withPages: itemRows, siteSlugs: Set(sitePages.map(\.slug)), claims: claims)
            try writer.writeRedirects(redirects, stories: stories)
            if !authored.isEmpty { log("      the links of \(authored.count) Markdown pages") }
            let dead = deadLinks(
                authored.map(\.links), stories: stories, itemRows: itemRows, listPages: list.pages, sitePages: sitePages,
                terms: terms,
                termPages: termLists.map(\.pages), search: searchIndex != nil, assets: assets,
                redirects: redirects.map(\.folder), paths: paths,
                themeIDs: theme.itemPageIDs.union(theme.sitePageIDs))
            for link in dead { log("      dead link on \(link.page): \(link.link)") }
            for page in authored where !page.removed.isEmpty {
                log("      unsafe HTML removed from \(page.links.url): \(page.removed.joined(separator: ", "))")
            }
            for page in authored where !page.capped.isEmpty {
                log("      capped on \(page.links.url): \(page.capped.joined(separator: ", "))")
            }
            log("      feed, sitemap, hosting files")
            try writer.writeDiscovery(
                stories: stories, pageCount: list.pages, itemRows: itemRows, sitePages: sitePages, terms: terms)
            try writer.keepGenerations(
                current: Generation(
                    build: manifest.build, assets: assets.map(\.file),
                    lists: termLists.compactMap { $0.manifest?.build }, search: searchIndex?.root),
                keep: options.keepGenerations)
            log("      commit")
            try output.commit()
            if let stamp { BuildStamp.write(stamp, output: request.output) }
            let changed = output.changedFiles()
            try ChangedURLs.write(changed.written + changed.removed, paths: paths, output: request.output)
            let report = BuildReport(
                sourceName: request.source.name, output: request.output, stories: stories.count, pages: list.pages,
                shards: list.shards, manifestParts: manifest.parts.count, itemPages: itemRows.count, skipped: skipped,
                sitePages: sitePages.count, filesWritten: output.written, filesUnchanged: output.unchanged,
                bundleFiles: bundleFiles, bundleFilesLeft: stories.reduce(0) { $0 + $1.markdownExtras.files.count } - bundleFiles,
                pathsRefused: refusals.filter { $0.bundleFile == nil }.map(\.line),
                bundleFilesRefused: refusals.filter { $0.bundleFile != nil }.map(\.line), terms: terms.count,
                termPages: termLists.reduce(0) { $0 + $1.pages },
                searchFiles: searchIndex?.files ?? 0, deadLinks: dead.count,
                linksChecked: authored.reduce(0) { $0 + $1.links.links.count },
                unsafeHTML: authored.reduce(0) { $0 + $1.removed.count },
                unsafeHTMLPages: authored.count { !$0.removed.isEmpty },
                capped: authored.reduce(0) { $0 + $1.capped.count }, cappedPages: authored.count { !$0.capped.isEmpty },
                templateLines: templated.reduce(0) { $0 + $1.markdownExtras.templateLines.count },
                templateFiles: templated.count, redirectPages: redirects.count)
            // Freeing every story's strings is one core's work after all else is done: on another
            // thread it is off the build's time (and a command-line build that exits does not
            // wait for it).
            Parallel.releaseInBackground(consume stories)
            return report
        } catch {
            output.discard()
            throw error
        }
    }

    /// The folder rows are spilled into: the output's parent, made if it is not there.
    static func spillFolder(_ output: String) throws -> String {
        let parent = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw SitegenError.writeFailed(path: parent, reason: SystemErrorText.of(error))
        }
        return parent
    }

    /// The search index's plan: every story's title, domain and author, and its body (HN's
    /// text or a Markdown body), broken into folded words, segment by segment (ranges of the
    /// list, `SearchIndexPlanner.segments`), each ranked (on both cores) and cut into files
    /// (docs/format.md, "Search").
    static func searchPlan(_ stories: [Story], recordBytes: [Int], rule: SearchRule) -> SearchIndexPlan {
        let count = stories.count
        let segments = SearchIndexPlanner.segments(stories: count, tiers: rule.tiers).map { range in
            // The segment's rows in the list: its newest story's first.
            let top = count - range.upperBound
            let terms = SearchTermsBuilder.terms(count: range.count) { i in
                // Field by field: `let story = stories[i]` copied the whole story, a retain and a
                // release for each of its strings, a million times.
                .init(
                    title: stories[top + i].title, author: stories[top + i].by ?? "",
                    domain: stories[top + i].url.flatMap { SafeURL.domain(of: $0) } ?? "",
                    body: stories[top + i].text ?? stories[top + i].markdown)
            }
            let plan = SearchPlanner.plan(
                terms, recordBytes: Array(recordBytes[top..<top + range.count]), rule: rule,
                map: { count, word in Parallel.array(count: count, word) })
            return SearchIndexPlan.Segment(start: range.lowerBound, plan: plan)
        }
        return SearchIndexPlanner.index(segments, stories: count, rule: rule)
    }
}
