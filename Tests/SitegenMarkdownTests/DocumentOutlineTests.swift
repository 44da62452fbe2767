import SitegenModel
import SitegenRender
import Testing

@testable import SitegenMarkdown

@Suite("where a Markdown folder's pages stand among the others")
struct DocumentOutlineTests {
    /// Stories of a folder, in the list's order, each at its file's folder.
    func outlined(_ files: [(file: String, title: String)]) -> DocumentOutline {
        let stories = files.enumerated().map { n, entry in
            var story = Story(id: n + 1, title: entry.title, markdown: "Body of \(entry.title).")
            story.markdownExtras.sourceFile = entry.file
            var folder = entry.file.split(separator: "/").map(String.init)
            let name = folder.removeLast()
            if !name.hasPrefix("index.") && !name.hasPrefix("_index.") { folder.append(String(name.split(separator: ".")[0])) }
            story.markdownExtras.itemPath = folder.isEmpty ? nil : folder.joined(separator: "/") + "/"
            return story
        }
        return DocumentOutline(stories: stories, withPages: Array(stories.indices), paths: SitePaths(base: "/"))
    }

    /// A docs site as Hugo's and Zola's are written: sections with their own pages, nested.
    let docs: [(file: String, title: String)] = [
        ("docs/_index.md", "Docs"),
        ("docs/install.md", "Install"),
        ("docs/guide/_index.md", "Guide"),
        ("docs/guide/setup.md", "Setup"),
        ("docs/guide/Config.md", "Config"),
        ("docs/guide/deploy/index.md", "Deploy"),
        ("blog/_index.md", "Blog"),
        ("blog/first.md", "First post"),
    ]

    @Test("previous and next are the pages of the same section, in the list's order, sections' own pages skipped")
    func around() throws {
        let outline = outlined(docs)
        let setup = try #require(outline.place(of: 3))
        #expect(setup.previous == nil)
        #expect(setup.next == DocumentPlace.Link(title: "Config", href: "/docs/guide/Config/"))
        // A bundle (`deploy/index.md`) is a page of the section its folder is in.
        let deploy = try #require(outline.place(of: 5))
        #expect(deploy.previous?.title == "Config" && deploy.next == nil)
        // `install.md` and the guide's own page share `docs`; the section's page is skipped.
        #expect(outline.place(of: 1)?.next == nil && outline.place(of: 1)?.previous == nil)
        #expect(outline.place(of: 2)?.previous == nil && outline.place(of: 2)?.next == nil)
    }

    @Test("breadcrumbs are the sections above, outermost first; a section's own page is not its own crumb")
    func crumbs() {
        let outline = outlined(docs)
        #expect(outline.place(of: 3)?.crumbs.map(\.title) == ["Docs", "Guide"])
        #expect(outline.place(of: 5)?.crumbs.map(\.href) == ["/docs/", "/docs/guide/"])
        #expect(outline.place(of: 2)?.crumbs.map(\.title) == ["Docs"])
        #expect(outline.place(of: 0)?.crumbs == [])
        #expect(outline.place(of: 7)?.crumbs.map(\.title) == ["Blog"])
    }

    @Test("section navigation lists the section's pages and subsections, with the page marked, on sites of sections")
    func navigation() throws {
        let outline = outlined(docs)
        let setup = try #require(outline.place(of: 3))
        #expect(setup.section?.title == "Guide")
        #expect(setup.pages.map(\.title) == ["Setup", "Config", "Deploy"])
        #expect(setup.current == 0)
        // A section's own page lists what it heads: its pages and the sections below it.
        let docsPage = try #require(outline.place(of: 0))
        #expect(docsPage.pages.map(\.title) == ["Install", "Guide"] && docsPage.current == nil)
        // A blog with one section of its own gets none: its posts' pages are not a menu.
        let blog = outlined([("posts/_index.md", "Posts"), ("posts/a.md", "A"), ("posts/b.md", "B")])
        #expect(blog.place(of: 1)?.pages == [] && blog.place(of: 1)?.next?.title == "B")
        #expect(blog.place(of: 1)?.crumbs.map(\.title) == ["Posts"])
    }

    @Test("a long section shows the pages around the one read, at most the limit")
    func longSection() throws {
        let files = [("a/_index.md", "A"), ("b/_index.md", "B")] + (0..<500).map { ("a/p\($0).md", "Page \($0)") }
        let outline = outlined(files)
        let page = try #require(outline.place(of: 2 + 300))
        #expect(page.pages.count == DocumentOutline.navigationLimit)
        #expect(page.current.map { page.pages[$0].title } == "Page 300")
        #expect(outline.place(of: 2)?.pages.first?.title == "Page 0")
        #expect(outline.place(of: 2 + 499)?.pages.last?.title == "Page 499")
    }

    @Test("stories that are not a Markdown file's page have no place")
    func others() {
        let stories = [Story(id: 1, title: "HN", text: "Ask HN"), Story(id: 2, title: "No body")]
        let outline = DocumentOutline(stories: stories, withPages: [0], paths: SitePaths(base: "/"))
        #expect(outline.isEmpty && outline.place(of: 0) == nil && outline.place(of: 1) == nil)
    }
}
