import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource

/// A Markdown folder's pages at their files' paths, and the links between its files made links
/// between those pages.
@Suite("Markdown: pages at their paths, links between them")
struct MarkdownLinksTests {
    @Test("a page's path is its file's: sections, bundles, Jekyll's dated posts; front matter's path wins")
    func paths() throws {
        func path(_ file: String, _ text: String = "# T\n") throws -> String? {
            MarkdownStory(file: file, matter: try FrontMatter.parse(text)).item.markdownExtras.itemPath
        }
        #expect(try path("docs/config.md") == "docs/config")
        #expect(try path("docs/_index.md") == "docs")
        #expect(try path("posts/hello/index.md") == "posts/hello")
        #expect(try path("index.md") == nil && path("_index.md") == nil)
        #expect(try path("2013-05-06-hello.md") == "2013/05/06/hello")
        #expect(try path("news/2019-03-18-release.markdown") == "news/2019/03/18/release")
        #expect(try path("docs/config.md", "---\nslug: settings\n---\n") == "docs/settings")
        #expect(try path("posts/hello/index.md", "---\nslug: hi\n---\n") == "posts/hi")
        #expect(try path("a.md", "---\npermalink: /writing/a/\n---\n") == "writing/a")
        #expect(try path("about.md", "---\npermalink: /about.html\n---\n") == "about")
        #expect(try path("a.md", "+++\npath = \"2025/06/26/x\"\n+++\n") == "2025/06/26/x")
        #expect(try path("a.md", "---\npermalink: /:year/:title/\n---\n") == "a")
    }

    @Test("Jekyll's permalinks: its styles and placeholders, a post's categories, the site's _config.yml")
    func permalinks() throws {
        let date = CivilDate(unix: 1_552_867_200)  // 2019-03-18
        let fields = Permalink.Fields(date: date, fileName: "Hello-World", categories: ["news", "rust"])
        #expect(Permalink.path("date", fields) == "news/rust/2019/03/18/Hello-World")
        #expect(Permalink.path("pretty", fields) == "news/rust/2019/03/18/Hello-World")
        #expect(Permalink.path("/:categories/:title.html", fields) == "news/rust/Hello-World")
        #expect(Permalink.path("/blog/:short_year/:i_month/:i_day/:slug/", fields) == "blog/19/3/18/hello-world")
        #expect(Permalink.path("ordinal", fields) == "news/rust/2019/077/Hello-World")
        #expect(Permalink.path("/:year/:title/", .init(date: nil, fileName: "a")) == nil)
        #expect(Permalink.path("/:unknown/:title/", fields) == nil)
        #expect(Permalink.path("none", .init(date: nil, fileName: "a")) == "a")
        // Hugo's: `:title` is the page's title, `:slug` front matter's or that, `:section` its folder.
        let hugo = Permalink.Fields(
            date: date, fileName: "index", slug: nil, title: "Announcing Rust 1.88.0!", sections: ["blog", "rust"])
        #expect(Permalink.path("/:section/:year/:month/:title/", hugo, .hugo) == "blog/2019/03/announcing-rust-1.88.0")
        #expect(Permalink.path("/:sections/:slugorfilename/", hugo, .hugo) == "blog/rust/index")
        #expect(Permalink.path("pretty", hugo, .hugo) == "pretty" && Permalink.path("/:categories/", hugo, .hugo) == nil)
        #expect(
            Permalink.sectionSettings(
                inHugoConfig: "baseURL = 'x'\n[permalinks]\n  posts = '/:year/:month/:slug/'\n[params]\n  a = 'b'\n")
                == ["posts": "/:year/:month/:slug/"])
        #expect(
            Permalink.sectionSettings(inHugoConfig: "[permalinks.page]\n\"blog\" = \"/b/:title/\"\n") == ["blog": "/b/:title/"])
        // Leap years count the 29th of February.
        #expect(CivilDate(unix: 1_583_020_800).dayOfYear == 61 && CivilDate(unix: 1_551_398_400).dayOfYear == 60)
        #expect(
            Permalink.siteSetting(inConfig: "title: Blog\npermalink: \"/blog/:year/:title/\" # pretty URLs\n")
                == "/blog/:year/:title/")
        #expect(Permalink.siteSetting(inConfig: "defaults:\n  permalink: /x/\n") == nil)

        func path(_ file: String, _ text: String = "---\ndate: 2019-03-18\n---\nT\n", site: String? = nil) throws -> String? {
            MarkdownStory(file: file, matter: try FrontMatter.parse(text), permalinks: .init(posts: site)).item.markdownExtras
                .itemPath
        }
        #expect(try path("_posts/2019-03-18-hello.md") == "2019/03/18/hello")
        #expect(
            try path("news/_posts/2019-03-18-hello.md", "---\ncategories: [Release]\n---\n") == "news/release/2019/03/18/hello")
        #expect(try path("_posts/2019-03-18-hello.md", site: "/blog/:year/:month/:title/") == "blog/2019/03/hello")
        #expect(try path("_posts/2019-03-18-hello.md", "---\nslug: hi\n---\n", site: "pretty") == "2019/03/18/hi")
        #expect(try path("about.md", "---\ntitle: About\n---\n", site: "/blog/:year/:title/") == "about")
        #expect(try path("notes/a.md", "---\ndate: 2020-01-02\npermalink: /:year/:title/\n---\n") == "2020/a")
        #expect(try path("_drafts/idea.md", "---\ntitle: Idea\n---\n") == "idea")
        // Hugo's `[permalinks]` place a section's pages, not the section's own page.
        let sections = Permalink.Settings(sections: ["posts": "/:year/:slug/"])
        func hugoPath(_ file: String, _ text: String) throws -> String? {
            MarkdownStory(file: file, matter: try FrontMatter.parse(text), permalinks: sections).item.markdownExtras.itemPath
        }
        #expect(try hugoPath("posts/my-trip/index.md", "---\ntitle: My Trip\ndate: 2020-07-01\n---\n") == "2020/my-trip")
        #expect(try hugoPath("posts/_index.md", "---\ntitle: Posts\n---\n") == "posts")
        #expect(try hugoPath("docs/a.md", "---\ntitle: A\ndate: 2020-07-01\n---\n") == "docs/a")

    }

    @Test("a Jekyll site's root builds: posts from _posts at the site's permalinks, drafts left out, links alive")
    func jekyllSite() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("title: Blog\npermalink: /blog/:year/:month/:day/:title/\n", to: "site/_config.yml")
            try folder.write(
                "---\ntitle: Hello\n---\nSee [the next](/blog/2019/03/19/next/) and [about](/about/).\n",
                to: "site/_posts/2019-03-18-hello.md")
            try folder.write(
                "---\ntitle: Next\n---\nBack to [hello]({% post_url 2019-03-18-hello %}#top).\n",
                to: "site/_posts/2019-03-19-next.md")
            try folder.write("---\ntitle: Idea\n---\nNot yet.\n", to: "site/_drafts/idea.md")
            try folder.write("Included.\n", to: "site/_includes/note.md")
            try folder.write("---\ntitle: About\n---\nAbout [the first post](_posts/2019-03-18-hello.md).\n", to: "site/about.md")
            // A site page's link to a story's file, read from the source folder's root.
            try folder.write("---\ntitle: Start\n---\n[The first post](/_posts/2019-03-18-hello.md)\n", to: "pages/start.md")
            let report = try await Build.run(
                BuildRequest(
                    source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out"),
                    pages: folder.path("pages")))
            #expect(report.stories == 3 && report.deadLinks == 0 && report.linksChecked == 5, "\(report.summary)")
            #expect(try readText(folder.path("out/start/index.html")).contains(#"href="/blog/2019/03/18/hello/""#))
            #expect(report.summary.contains("1 draft left out"), "\(report.summary)")
            let next = try readText(folder.path("out/blog/2019/03/19/next/index.html"))
            #expect(next.contains(#"href="/blog/2019/03/18/hello/#top""#))
            #expect(try readText(folder.path("out/about/index.html")).contains(#"href="/blog/2019/03/18/hello/""#))
        }
    }

    @Test("a link to a Markdown file becomes its page's URL, relative or from the root, fragment kept")
    func resolve() {
        var config = Story(id: 1, title: "Config")
        config.markdownExtras.sourceFile = "docs/config.md"
        config.markdownExtras.itemPath = "docs/config/"
        var intro = Story(id: 2, title: "Intro")
        intro.markdownExtras.sourceFile = "docs/guide/intro file.md"
        intro.markdownExtras.itemPath = "docs/guide/intro-file/"
        var bare = Story(id: 3, title: "No page of its own")
        bare.markdownExtras.sourceFile = "notes.md"
        let links = MarkdownLinks(stories: [config, intro, bare], withPages: [0, 1], paths: SitePaths(base: "/site/"))
        let from = "docs/guide/setup.md"
        #expect(links.resolve("../config.md", from: from) == "/site/docs/config/")
        #expect(links.resolve("../config.md#build-options", from: from) == "/site/docs/config/#build-options")
        #expect(links.resolve("./intro%20file.md?x=1", from: from) == "/site/docs/guide/intro-file/?x=1")
        #expect(links.resolve("/docs/config.md", from: from) == "/site/docs/config/")
        #expect(links.resolve("intro file.md", from: from) == "/site/docs/guide/intro-file/")
        // Not a story's file, no page, not a Markdown file, another site, a fragment: as written.
        for url in [
            "missing.md", "../../notes.md", "../../../../up.md", "../config/", "https://x.org/a.md", "mailto:a@b.md",
            "//cdn.example/a.md", "#top", "../config.MD.png",
        ] {
            #expect(links.resolve(url, from: from) == nil, "\(url)")
        }
        #expect(links.resolve("../config.MD", from: from) == nil)
    }

    @Test("a Hugo-shaped folder builds with its pages at their paths, its links and anchors alive, and the dead ones counted")
    func built() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: Docs\n---\nStart with [the guide](guide/intro.md).\n", to: "content/docs/_index.md")
            try folder.write(
                "---\ntitle: Configuration\ndate: 2025-01-02\n---\n## Build options\n\nSee [install](guide/intro.md#install).\n\n"
                    + "## Pages\n\nA heading named as the list's pager (only list pages have `id=\"pages\"`): [here](#pages).\n",
                to: "content/docs/config.md")
            try folder.write(
                "---\ntitle: Introduction\ndate: 2025-01-01\n---\n## Install\n\nThen [configure](../config.md#build-options), "
                    + "or [go home](/docs/_index.md), or [nowhere](../nowhere.md), or [no such part](../config.md#no-such-part), "
                    + "or [up](#install), [the list](/), [a tag](/tags/swift/), [a note](/posts/hello/note.txt).\n",
                to: "content/docs/guide/intro.md")
            try folder.write(
                "---\ntitle: Hello\ntags: [swift]\n---\nA post with [a note](note.txt).\n", to: "content/posts/hello/index.md")
            try folder.write("note", to: "content/posts/hello/note.txt")
            try folder.write("---\ntitle: Hello\ndate: 2013-05-06\n---\nA post.\n", to: "content/posts/2013-05-06-hello.md")
            let report = try await Build.run(
                BuildRequest(source: MarkdownStorySource(path: folder.path("content")), output: folder.path("out")))
            // The built-in check: a link to a file that is no page, and one to a heading that is not.
            #expect(report.deadLinks == 2 && report.linksChecked == 12, "\(report.deadLinks) of \(report.linksChecked)")
            #expect(report.summary.contains("2 dead links of 12 checked in Markdown pages"), "\(report.summary)")
            let page = { (path: String) in try readText(folder.path("out/" + path + "index.html")) }
            let intro = try page("docs/guide/intro/")
            #expect(intro.contains(#"<h2 id="install">Install</h2>"#))
            #expect(intro.contains(#"href="/docs/config/#build-options""#) && intro.contains(#"href="/docs/""#))
            #expect(intro.contains(#"href="../nowhere.md""#))
            let config = try page("docs/config/")
            #expect(config.contains(#"<h2 id="build-options">"#) && config.contains(#"href="/docs/guide/intro/#install""#))
            #expect(config.contains(#"<h2 id="pages">Pages</h2>"#))
            #expect(try page("docs/").contains(#"href="/docs/guide/intro/""#))
            #expect(try page("posts/2013/05/06/hello/").contains("A post."))
            // The list links each row to its page there.
            #expect(try page("").contains(#"href="/docs/config/""#))
        }
    }

    @Test("aliases and redirect_from: a redirect page at each old URL that no page has; links to them are alive")
    func redirects() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "+++\npath = \"2025/06/26/Rust-1.88.0\"\ntitle = \"Announcing Rust 1.88.0\"\naliases = [\"releases/1.88.0\", \"docs/\", \"page/9\"]\n+++\nHello.\n",
                to: "c/rust.md")
            try folder.write(
                "---\ntitle: Docs\nredirect_from: /old-docs/\n---\nSee [the release](../releases/1.88.0/).\n", to: "c/docs.md")
            let report = try await Build.run(
                BuildRequest(
                    source: MarkdownStorySource(path: folder.path("c")), output: folder.path("out"),
                    options: SiteOptions(baseURL: "/b/")))
            // `docs/` is a page, `page/` the site's own: only the two free ones get a redirect.
            #expect(report.redirectPages == 2 && report.deadLinks == 0, "\(report.summary)")
            let moved = try readText(folder.path("out/releases/1.88.0/index.html"))
            #expect(moved.contains(#"<meta http-equiv="refresh" content="0; url=/b/2025/06/26/Rust-1.88.0/">"#))
            #expect(moved.contains(#"<link rel="canonical" href="/b/2025/06/26/Rust-1.88.0/">"#))
            #expect(try readText(folder.path("out/old-docs/index.html")).contains("url=/b/docs/"))
            #expect(try readText(folder.path("out/docs/index.html")).contains("See"))
            #expect(!(try readText(folder.path("out/sitemap.xml")).contains("releases")))
        }
    }

    @Test("the check: a link reaches a page, a file or an id on a checked page, relative, from the root or from a full base URL")
    func check() {
        let known: Set<String> = ["/", "/docs/", "/docs/config/", "/docs/config/diagram.png", "/tags/zürich/"]
        let pages = [
            LinkCheck.Page(
                url: "/docs/config/",
                links: [
                    "#build", "#gone", "../", "./diagram.png", "diagram.png?v=2", "/docs/config", "/docs/config/index.html#build",
                    "../../tags/z%C3%BCrich/", "https://elsewhere.example/x", "mailto:a@b.c", "//cdn.example/y", "../missing/",
                    "/docs/config/#gone", "../../../../",
                ], ids: ["build"]),
            LinkCheck.Page(url: "/docs/", links: ["config/#build", "config/#nope", "config/diagram.png#x"], ids: []),
        ]
        #expect(
            LinkCheck.dead(pages, known: known).map { "\($0.page) \($0.link)" } == [
                "/docs/config/ #gone", "/docs/config/ ../missing/", "/docs/config/ /docs/config/#gone", "/docs/ config/#nope",
            ])
        // A full base URL: root links are the origin's.
        let full = LinkCheck.Page(url: "https://e.com/news/a/", links: ["/news/b/", "/b/", "../b/"], ids: [])
        #expect(
            LinkCheck.dead([full], known: ["https://e.com/news/a/", "https://e.com/news/b/"], origin: "https://e.com")
                .map(\.link) == ["/b/"])
        #expect(Build.origin(of: "https://e.com/news/") == "https://e.com" && Build.origin(of: "/news/") == "")
        // The site's own full URLs are its links too (a full base rewrites `.md` links so).
        let own = LinkCheck.Page(
            url: "https://e.com/news/a/",
            links: ["https://e.com/news/b/#x", "https://e.com/news/c/", "https://e.com", "https://e.community/"],
            ids: [])
        let bPage = LinkCheck.Page(url: "https://e.com/news/b/", links: [], ids: ["y"])
        #expect(
            LinkCheck.dead(
                [own, bPage], known: ["https://e.com/", "https://e.com/news/a/", "https://e.com/news/b/"], origin: "https://e.com"
            )
            .map(\.link) == ["https://e.com/news/b/#x", "https://e.com/news/c/"])
        // Fragments a browser follows without an id; ids every page has (the theme's).
        let top = LinkCheck.Page(url: "/a/", links: ["#top", "#Top", "#:~:text=hello", "#", "#comments", "#nope"], ids: [])
        #expect(LinkCheck.dead([top], known: ["/a/"], everywhere: ["comments"]).map(\.link) == ["#nope"])
        // A base with an escape in it: pages and links compared decoded.
        let spaced = LinkCheck.Page(url: "/my%20site/a/", links: ["#intro", "../b/", "/my%20site/b/#intro"], ids: ["intro"])
        #expect(LinkCheck.dead([spaced], known: ["/my site/a/", "/my site/b/"]).isEmpty)
        // A footnote with a label past ASCII: cmark-gfm writes its ids encoded, the links find them.
        let notes = Markdown.page("Text[^café].\n\n[^café]: A note.\n")
        let page = LinkCheck.Page(url: "/n/", links: notes.links, ids: notes.ids)
        #expect(notes.links.count == 2 && LinkCheck.dead([page], known: ["/n/"]).isEmpty, "\(notes.links) \(notes.ids)")
    }
}
