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
    /// them).
    package func writeItemPages(
        _ indices: [Int], stories: [Story], rowHTML: RenderedRows, threads: (any ItemThreads)? = nil
    ) throws -> (authored: [AuthoredPage], threads: ThreadsWritten) {
        // Pages nest (`docs/`, `docs/config/`): a bundle's file is never written where a page is.
        let pages: Set<String> =
            indices.contains { !stories[$0].markdownExtras.files.isEmpty }
            ? Set(indices.map { SitePaths.itemFile(stories[$0]) }) : []
        let written = try Parallel.mapThrowing(indices) { i -> (AuthoredPage?, ThreadsWritten?) in
            let story = stories[i]
            let row = rowHTML.html(of: i)
            let thread = story.hasThread ? try threads?.write(story, rowHTML: row, with: self) : nil
            let (html, authored, body) = renderer.itemPage(
                story, row: rows, rowHTML: row, place: renderer.documents?.place(of: i), thread: thread?.section,
                threadManifest: thread?.manifest)
            try output.write(html, to: SitePaths.itemFile(story))
            if texts, let body { try output.write(DocumentText.plain(html: body), to: SitePaths.textFile(story.id)) }
            for file in story.markdownExtras.files where !pages.contains(SitePaths.itemFolder(story) + file.name) {
                guard let bytes = FileManager.default.contents(atPath: file.source) else {
                    throw WriteError.unreadable(path: file.source, reason: "cannot read (a file of a page bundle)")
                }
                try output.write(Array(bytes), to: SitePaths.itemFolder(story) + file.name)
            }
            return (authored, thread?.written)
        }
        var threadsWritten = ThreadsWritten()
        for case let (_, thread?) in written { threadsWritten += thread }
        return (written.compactMap(\.0), threadsWritten)
    }
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
