import Foundation
import SitegenModel
import SitegenRender
import SitegenSystem

/// Writes a rendered site's files into an `OutputFolder`: assets, shards, manifest parts, list
/// pages and item pages, the big ones from both cores. Rendering of whole pages happens here,
/// page by page, so a million-story site never holds all its HTML in memory at once.
package struct SiteWriter {
    package let output: OutputFolder
    package let renderer: PageRenderer
    package let rows: RowRenderer
    /// Whether a document's page goes with its text (`t/<id>.txt`, `DocumentText`): with
    /// search, whose page shows the passage a query matched and holds phrases to it.
    package let texts: Bool

    package init(output: OutputFolder, renderer: PageRenderer, rows: RowRenderer, texts: Bool = false) {
        self.output = output
        self.renderer = renderer
        self.rows = rows
        self.texts = texts
    }

    /// Writes `bytes` at `path(name)`, `name` their content hash (`ContentHash`): a shard, a
    /// file of the search index. Returns the name.
    package func writeNamedByContent(_ bytes: [UInt8], at path: (String) -> String) throws -> String {
        let name = ContentHash.hex(of: bytes)
        try output.writeContentNamed(bytes, to: path(name))
        return name
    }

    package func writeAssets(_ assets: [Asset]) throws {
        for asset in assets { try output.write(asset.bytes, to: asset.file) }
    }

    /// A redirect page at each old URL (`Redirects`), to its story's page.
    package func writeRedirects(_ redirects: [Redirects.Redirect], stories: [Story]) throws {
        for redirect in redirects {
            try output.write(
                renderer.redirectPage(to: renderer.paths.item(stories[redirect.story])), to: redirect.file)
        }
    }

    /// Returns each page's links (`LinkCheck`).
    package func writeSitePages(_ pages: [SitePage]) throws -> [AuthoredPage] {
        try pages.map { page in
            let (html, authored) = renderer.sitePage(page)
            try output.write(html, to: SitePaths.sitePageFile(page.slug))
            return authored
        }
    }

    /// The item pages of the stories at `indices`, each with its row's HTML, and the files that
    /// go with each: a page bundle's pictures, copied beside it, and a document's text.
    /// Returns what the build learns of the pages with a Markdown body (`AuthoredPage`), and
    /// of the threads (`threads`: the stories' comments, on the pages of stories that have
    /// them), with how many of them were kept from the last build (`kept`, its pages when this
    /// build may keep them) rather than made; and those pages as `KeptPages` keeps them, into
    /// `records` (pages with a thread only when `keepsThreads`).
    package func writeItemPages(
        _ indices: [Int], stories: [Story], rowHTML: RenderedRows, threads: (any ItemThreads)? = nil,
        kept: KeptPages? = nil, records: KeptPages.Records? = nil, keepsThreads: Bool = false
    ) throws -> ItemPagesWritten {
        // Pages nest (`docs/`, `docs/config/`): a bundle's file is never written where a page is.
        let pages: Set<String> =
            indices.contains { !stories[$0].markdownExtras.files.isEmpty }
            ? Set(indices.map { SitePaths.itemFile(stories[$0]) }) : []
        // Fine chunks: the pages made (not kept) are few, and the newest, together.
        let written = try Parallel.mapThrowing(indices, grain: 64) { i -> ItemPageWritten in
            let story = stories[i]
            let row = rowHTML.html(of: i)
            let place = renderer.documents?.place(of: i)
            var page: ItemPageWritten
            if story.markdown != nil && !story.hasThread, renderer.documents != nil {
                page = try writeDocumentPage(story, row: row, place: place, kept: kept)
            } else if story.hasThread, let threads {
                page = try writeThreadPage(
                    story, row: row, place: place, threads: threads, kept: kept, recorded: keepsThreads)
            } else {
                // No thread: a story with one went to `writeThreadPage` above.
                let (html, authored, body, _) = renderer.itemPage(story, row: rows, rowHTML: row, place: place)
                try output.write(html, to: SitePaths.itemFile(story))
                if texts, let body { try output.write(DocumentText.plain(html: body), to: SitePaths.textFile(story.id)) }
                page = ItemPageWritten(authored: authored)
            }
            // Recorded as soon as made: a window's records are many, and only the end needs them.
            if let record = page.record { try records?.add(record) }
            page.record = nil
            for file in story.markdownExtras.files where !pages.contains(SitePaths.itemFolder(story) + file.name) {
                guard let bytes = FileManager.default.contents(atPath: file.source) else {
                    throw WriteError.unreadable(path: file.source, reason: "cannot read (a file of a page bundle)")
                }
                try output.write(Array(bytes), to: SitePaths.itemFolder(story) + file.name)
            }
            return page
        }
        var result = ItemPagesWritten()
        for page in written {
            if let authored = page.authored { result.authored.append(authored) }
            if let thread = page.thread { result.threads += thread }
            if page.wasKept { result.kept += 1 }
        }
        return result
    }

    /// A story's page with a Markdown body and no thread, and its text: kept as the last build
    /// left them when `kept` vouches for them (`KeptPages`), else made and written.
    private func writeDocumentPage(
        _ story: Story, row: [UInt8], place: DocumentPlace?, kept: KeptPages?
    ) throws
        -> ItemPageWritten
    {
        let files = [SitePaths.itemFile(story)] + (texts ? [SitePaths.textFile(story.id)] : [])
        let inputs = KeptPages.inputs(of: story, rowHTML: row, place: place)
        let url = renderer.paths.item(story)
        if let page = kept?.page(
            files: files, inputs: inputs, answers: { renderer.documents?.answers(to: $0, of: story) ?? [] }),
            output.inPlace
        {
            for file in files { output.keepChecked(file) }
            return ItemPageWritten(authored: page.authored(url: url), record: page, wasKept: true)
        }
        let (html, authored, body, answers) = renderer.itemPage(story, row: rows, rowHTML: row, place: place)
        try output.write(html, to: files[0])
        if texts, let body { try output.write(DocumentText.plain(html: body), to: files[1]) }
        let document = authored.map { KeptPages.Page(files: files, inputs: inputs, answers: answers, authored: $0) }
        return ItemPageWritten(authored: authored, record: document)
    }

    /// A story's page with a thread, the thread's own pages and files, and the story's text: kept
    /// as the last build left them when `kept` vouches for them (`KeptPages.threadPage`), else
    /// made and written.
    private func writeThreadPage(
        _ story: Story, row: [UInt8], place: DocumentPlace?, threads: any ItemThreads, kept: KeptPages?, recorded: Bool
    ) throws -> ItemPageWritten {
        let file = SitePaths.itemFile(story)
        let inputs = KeptPages.inputs(of: story, rowHTML: row, place: place)
        if let page = kept?.threadPage(
            at: file, inputs: inputs, story: story.id,
            answers: { renderer.documents?.answers(to: $0, of: story) ?? [] }),
            output.inPlace
        {
            for file in page.files { output.keepChecked(file) }
            // A body's links, as `renderer.itemPage` finds them for a Markdown story.
            let authored =
                renderer.documents == nil || story.markdown == nil ? nil : page.authored(url: renderer.paths.item(story))
            // The thread pages' URLs are not kept: they are the story's.
            var thread = page.thread
            let urls = (0..<(page.thread?.pages ?? 0)).map { renderer.paths.threadPage(story, page: $0 + 2) }
            thread?.urls = urls
            return ItemPageWritten(authored: authored, thread: thread, record: page, wasKept: true)
        }
        let thread = try threads.write(story, rowHTML: row, with: self)
        let (html, authored, body, answers) = renderer.itemPage(
            story, row: rows, rowHTML: row, place: place, thread: thread.section, threadManifest: thread.manifest)
        try output.write(html, to: file)
        var files = [file]
        if texts, let body {
            try output.write(DocumentText.plain(html: body), to: SitePaths.textFile(story.id))
            files.append(SitePaths.textFile(story.id))
        }
        // Recorded only where the thread reader can say next time whether the thread changed.
        guard recorded else { return ItemPageWritten(authored: authored, thread: thread.written) }
        files += (0..<thread.written.pages).map { SitePaths.threadPageFile(story, page: $0 + 2) }
        files += thread.written.fileNames
        let record = KeptPages.Page(
            files: files, inputs: inputs, answers: answers, authored: authored, thread: thread.written)
        return ItemPageWritten(authored: authored, thread: thread.written, record: record)
    }
}

/// What `SiteWriter.writeItemPages` made of one story.
private struct ItemPageWritten: Sendable {
    var authored: AuthoredPage?
    var thread: ThreadsWritten?
    /// The page as `KeptPages` keeps it for the next build; nil for a page not kept.
    var record: KeptPages.Page?
    var wasKept = false
}

/// What `SiteWriter.writeItemPages` made of a window's stories.
package struct ItemPagesWritten: Sendable {
    package var authored: [AuthoredPage] = []
    package var threads = ThreadsWritten()
    /// How many of the pages with a Markdown body or a thread were kept from the last build
    /// rather than made.
    package var kept = 0
}

/// A stylesheet, script or favicon, named by its content so it can be cached forever.
package struct Asset: Sendable {
    package let bytes: [UInt8]
    package let file: String

    package init(stem: String, ext: String, text: String) {
        bytes = Array(text.utf8)
        file = SitePaths.assetFile(stem, hash: String(ContentHash.hex(of: bytes).prefix(10)), ext: ext)
    }
}
