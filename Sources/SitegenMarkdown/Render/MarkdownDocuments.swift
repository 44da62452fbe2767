import SitegenModel
import SitegenRender

/// The Markdown slice's `DocumentRenderer`: a story's body and a site page's rendered by
/// `Markdown`, their links to other Markdown files made links to those files' pages
/// (`MarkdownLinks`), and each story's place among the folder's pages (`DocumentOutline`).
package struct MarkdownDocuments: DocumentRenderer {
    package let paths: SitePaths
    /// The site's pages (`--pages`), which a site page links to by their files' names.
    package let sitePages: [SitePage]
    /// The folder's files and their pages; nil for a build with no Markdown stories.
    package var links: MarkdownLinks?
    package var outline: DocumentOutline?

    package init(paths: SitePaths, sitePages: [SitePage], links: MarkdownLinks? = nil, outline: DocumentOutline? = nil) {
        self.paths = paths
        self.sitePages = sitePages
        self.links = links
        self.outline = outline
    }

    package func body(of story: Story, taken: Set<String>) -> RenderedDocument? {
        guard let markdown = story.markdown else { return nil }
        guard let resolve = resolver(of: story) else {
            return Markdown.page(markdown, taken: taken, title: story.title, headingIDs: story.markdownExtras.headingIDs)
        }
        // Each answer is written down: the page is the same while they are (`KeptPages`).
        var answers: [LinkAnswer] = []
        var page = Markdown.page(
            markdown, taken: taken,
            link: { link in
                let page = resolve(link)
                answers.append(LinkAnswer(link: link, page: page))
                return page
            }, title: story.title, headingIDs: story.markdownExtras.headingIDs)
        page.answers = answers
        return page
    }

    package func answers(to links: [String], of story: Story) -> [String?] {
        guard let resolve = resolver(of: story) else { return links.map { _ in nil } }
        return links.map(resolve)
    }

    /// Where the story's links to other Markdown files lead: from its own file's folder.
    private func resolver(of story: Story) -> (@Sendable (String) -> String?)? {
        story.markdownExtras.sourceFile.flatMap { file in links?.resolver(from: file) }
    }

    package func body(of page: SitePage, taken: Set<String>) -> RenderedDocument {
        Markdown.page(page.markdown, taken: taken, link: sitePageLink)
    }

    package func place(of index: Int) -> DocumentPlace? { outline?.place(of: index) }

    /// A site page's link to a Markdown file, made the URL of that file's page: another site
    /// page (`contact.md#form`, beside it in `--pages`), or else a story's file, read as if the
    /// site page were at the source folder's root (`posts/hello.md`, `/posts/hello.md`).
    func sitePageLink(_ url: String) -> String? {
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let file = LinkCheck.percentDecoded(url[..<end])
        if file.hasSuffix(".md"), !file.contains("/"), sitePages.contains(where: { $0.slug == file.dropLast(3) }) {
            return paths.sitePage(String(file.dropLast(3))) + url[end...]
        }
        return links?.resolve(url, from: "")
    }
}
