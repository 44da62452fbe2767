import Foundation
import SitegenTestSupport
import Synchronization
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenSource

@Suite("Markdown story folder")
struct MarkdownStorySourceTests {
    static func entries(_ files: [String: String]) async throws -> [SourceEntry] {
        try await withTemporaryFolder { folder in
            for (name, text) in files { try folder.write(text, to: "content/" + name) }
            return try await MarkdownStorySource(path: folder.path("content")).entries()
        }
    }

    @Test("a folder of .md files without topstories.json is a Markdown story source")
    func located() throws {
        try withTemporaryFolder { folder in
            try folder.write("---\ntitle: a\n---\n", to: "content/a.md")
            #expect(try SourceLocator.source(for: folder.path("content")) is MarkdownStorySource)
            try folder.makeFolder("empty")
            #expect(throws: SourceError.self) { try SourceLocator.source(for: folder.path("empty")) }
        }
    }

    @Test("front matter becomes the row's fields, the body the item page's Markdown")
    func fields() async throws {
        let entries = try await Self.entries([
            "hello.md":
                "---\ntitle: Hello\nurl: https://example.com/\nauthor: ada\ndate: 2026-11-20\nscore: 7\nimage: /i.png\nid: 42\n---\nThe *body*.\n"
        ])
        let stories = ItemFilter.stories(from: entries).stories
        var expected = Story(
            id: 42, title: "Hello", url: "https://example.com/", by: "ada", time: 1_795_132_800, score: 7,
            image: ItemImage(url: "/i.png"), markdown: "The *body*.\n")
        expected.markdownExtras.meta = [
            "title": .text("Hello"), "url": .text("https://example.com/"), "author": .text("ada"), "date": .text("2026-11-20"),
            "score": .text("7"), "image": .text("/i.png"), "id": .text("42"),
        ]
        // Its page at its file's path, and where its links are resolved from.
        expected.markdownExtras.itemPath = "hello"
        expected.markdownExtras.sourceFile = "hello.md"
        // With no summary of its own, its first paragraph, rendered.
        expected.markdownExtras.summary = .init(html: "<p>The <em>body</em>.</p>\n", line: "The body.")
        #expect(stories == [expected])
        #expect(stories[0].hasItemPage)
    }

    @Test("Jekyll's blog as it is: .markdown posts, dates with a zone or in the file name, lists in front matter")
    func jekyll() async throws {
        try await withTemporaryFolder { folder in
            let posts = [
                "_posts/2025-01-29-jekyll-4-4-1-released.markdown":
                    "---\ntitle: 'Jekyll 4.4.1 Released'\ndate: 2025-01-29 18:15:32 +0530\nauthor: ashmaroli\nversion: 4.4.1\ncategories: [release]\n---\n\nHi.\n",
                "_posts/2013-05-06-jekyll-1-0-0-released.markdown":
                    "---\nlayout: news_item\ntitle: \"Jekyll 1.0.0 Released\"\nfilters_linked_to:\n  - jsonify\n  - where\n---\n\nBody\n",
                "_posts/2016-01-01-no-title-here.md": "---\nlayout: news_item\n---\n\nText.\n",
                "_posts/2017-01-01-draft.md": "---\ntitle: Not yet\npublished: false\n---\n",
            ]
            for (name, text) in posts { try folder.write(text, to: "site/" + name) }
            try folder.write("---\ntitle: Drafted\n---\n", to: "site/_drafts/idea.md")
            try folder.write("<html>", to: "site/_layouts/default.html")
            // Jekyll's posts live under _posts: the source is that folder, as a user points at it.
            let report = try await Build.run(
                BuildRequest(
                    source: SourceLocator.source(for: folder.path("site/_posts")), output: folder.path("out"),
                    options: SiteOptions(itemPages: false)))
            #expect(report.stories == 3)
            #expect(report.summary.contains("1 draft left out"), "\(report.summary)")
            #expect(report.summary.contains("Skipped none."), "\(report.summary)")
            let page = try readText(folder.path("out/index.html"))
            let titles = ["Jekyll 4.4.1 Released", "No Title Here", "Jekyll 1.0.0 Released"]
            let positions = titles.map { page.range(of: $0)?.lowerBound }
            #expect(!positions.contains(nil), "every row shows, titled from its front matter or its file name")
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "newest first")
            #expect(page.contains("datetime=\"2025-01-29T12:45:32Z\""), "the zone is applied")
            #expect(page.contains("datetime=\"2013-05-06T00:00:00Z\""), "the file name's date")
        }
    }

    @Test("a Hugo content folder: sections at any depth, bundles, _index.md, TOML, JSON and YAML front matter")
    func hugo() async throws {
        let entries = try await Self.entries([
            "_index.md": "---\ntitle: Docs\n---\nWelcome.\n",
            "getting-started/_index.md": "+++\ntitle = 'Getting started'\ndate = 2024-05-01\n+++\n",
            "getting-started/quick-start.md":
                "---\ntitle: Quick start\ndate: 2024-06-01T10:00:00-07:00\ncategories: [fundamentals]\nkeywords: [tutorial]\naliases: [/quickstart/]\n---\n",
            "content-management/page-bundles/index.md": "{\n\"title\": \"Page bundles\",\n\"weight\": 10\n}\nText\n",
            "content-management/page-bundles/diagram.png": "PNG",
            "functions/go-template/_common/_index.md": "---\ncascade:\n  _build:\n    list: never\n---\n",
            "news/draft.md": "---\ntitle: Soon\ndraft: true\n---\n",
            "notes.txt": "not a page",
            ".git/config": "x",
        ])
        let (stories, skipped) = ItemFilter.stories(from: entries)
        #expect(stories.map(\.title) == ["Page bundles", "Quick start", "Getting started", "Docs"])
        #expect(Set(skipped.map(\.reason)) == [.draft, .ignored])
        #expect(
            skipped.filter { $0.reason == .ignored }.map(\.location).sorted() == [
                ".git/config", "functions/go-template/_common/_index.md", "notes.txt",
            ])
        // The bundle's picture goes with its page, not in an entry of its own.
        #expect(entries.count == 8, "every other file is in one place: story, draft, skipped or ignored")
        #expect(stories[0].markdownExtras.files.map(\.name) == ["diagram.png"])
    }

    @Test("a bundle takes the files that are not Markdown, each to the nearest index page above it")
    func bundleRoles() throws {
        try withTemporaryFolder { folder in
            for file in [
                "blog/index.md", "blog/post.md", "blog/cover.png", "a/index.md", "a/z/index.md", "a/z/z.png", "a/y.png",
                "p/index.md", "p/index.html", "p/sub/index.html", "loose.png",
            ] {
                try folder.write("x", to: "c/" + file)
            }
            let roles = Dictionary(
                uniqueKeysWithValues: try MarkdownStorySource.files(in: folder.path("c")).map { ($0.path, $0.role) })
            #expect(roles["blog/post.md"] == .page, "a blog/index.md does not swallow the posts beside it")
            #expect(roles["blog/cover.png"] == .bundled(in: "blog/index.md"))
            #expect(roles["a/z/index.md"] == .page)
            #expect(roles["a/z/z.png"] == .bundled(in: "a/z/index.md"))
            #expect(roles["a/y.png"] == .bundled(in: "a/index.md"))
            #expect(roles["p/index.html"] == .ignored("would replace its item page"))
            // Deeper, it would be served as a page of the site that no Markdown page made.
            #expect(roles["p/sub/index.html"] == .ignored("would be served as a page of the site"))
            #expect(roles["loose.png"] == .ignored("not Markdown"))
        }
    }

    @Test("the files of a draft's or a broken page's bundle are ignored, and counted")
    func unbuiltBundles() async throws {
        let entries = try await Self.entries([
            "soon/index.md": "---\ntitle: Soon\ndraft: true\n---\n", "soon/a.png": "PNG",
            "bad/index.md": "---\ntitle: [\n---\n", "bad/b.png": "PNG",
        ])
        let skipped = ItemFilter.stories(from: entries).skipped
        #expect(
            Set(skipped.map { "\($0.reason) \($0.location) \($0.detail ?? "")" }) == [
                "draft soon/index.md ", "ignored soon/a.png its page is a draft",
                "malformed bad/index.md line 3 invalid YAML: "
                    + "did not find expected node content", "ignored bad/b.png its page was skipped",
            ])
    }

    @Test("a page bundle's files are copied beside its item page, where its relative links find them")
    func bundles() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "---\ntitle: Bundle\n---\n![A diagram](diagram.png) and [notes](files/notes.pdf)\n", to: "c/post/index.md")
            try folder.write("PNG", to: "c/post/diagram.png")
            try folder.write("PDF", to: "c/post/files/notes.pdf")
            try folder.write("---\ntitle: No body\n---\n", to: "c/empty/index.md")
            try folder.write("GIF", to: "c/empty/a.gif")
            let report = try await Build.run(
                BuildRequest(source: SourceLocator.source(for: folder.path("c")), output: folder.path("out")))
            #expect(report.summary.contains("2 bundle files copied beside item pages."), "\(report.summary)")
            #expect(report.summary.contains("1 bundle file not copied (their page has no item page)."), "\(report.summary)")
            // The bundle's page is at its folder's path, its files beside it.
            #expect(try readText(folder.path("out/post/diagram.png")) == "PNG")
            #expect(try readText(folder.path("out/post/files/notes.pdf")) == "PDF")
            let page = try readText(folder.path("out/post/index.html"))
            #expect(page.contains("src=\"diagram.png\"") && page.contains("href=\"files/notes.pdf\""))
        }
    }

    @Test("every front matter key reaches the templates as meta, lists and maps included")
    func meta() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "---\ntitle: Post\ndescription: A <b>short</b> one\ntags: [swift, web]\nparams:\n  series: Intro\nnothing:\n---\nBody\n",
                to: "c/post.md")
            try folder.write(
                "{{title}}{{#meta.tags}} #{{.}}{{/meta.tags}}{{^meta.nothing}} -{{/meta.nothing}}\n", to: "t/row.mustache")
            try folder.write(
                "<p class=\"d\">{{meta.description}} ({{meta.params.series}})</p>{{{text}}}\n", to: "t/item.mustache")
            _ = try await Build.run(
                BuildRequest(
                    source: SourceLocator.source(for: folder.path("c")), output: folder.path("out"), templates: folder.path("t")))
            #expect(try readText(folder.path("out/index.html")).contains("Post #swift #web -"))
            let item = try readText(folder.path("out/post/index.html"))
            #expect(item.contains("<p class=\"d\">A &lt;b&gt;short&lt;/b&gt; one (Intro)</p>"), "escaped, as any {{value}}")
        }
    }

    @Test("slug and permalink place the item page where they say, where that is free; links follow")
    func paths() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: One\npermalink: /writing/one/\ndate: 2016-01-01\n---\nBody\n", to: "c/one.md")
            try folder.write("---\ntitle: Two\nslug: second\ndate: 2020-01-01\n---\nBody\n", to: "c/blog/two.md")
            try folder.write(
                "---\ntitle: Three\nslug: bundled\ndate: 2019-01-01\n---\n![x](x.png)\n", to: "c/blog/three/index.md")
            try folder.write("PNG", to: "c/blog/three/x.png")
            try folder.write("---\ntitle: Four\npermalink: /writing/one/\ndate: 2018-01-01\n---\nBody\n", to: "c/four.md")
            try folder.write("---\ntitle: Five\npermalink: /:categories/:title/\ndate: 2017-01-01\n---\nBody\n", to: "c/five.md")
            let report = try await Build.run(
                BuildRequest(
                    source: SourceLocator.source(for: folder.path("c")), output: folder.path("out"),
                    options: SiteOptions(baseURL: "/sub/")))
            // The older story keeps the path both ask for: a new post does not take an old URL.
            #expect(report.summary.contains("1 item path not taken, item/<id>/ instead"), "\(report.summary)")
            #expect(try readText(folder.path("out/writing/one/index.html")).contains("Body"))
            #expect(try readText(folder.path("out/blog/second/index.html")).contains("Body"))
            #expect(try readText(folder.path("out/blog/bundled/x.png")) == "PNG")
            // The second to ask for a path already taken keeps item/<id>/; a Jekyll pattern (not
            // a path) leaves the file's own.
            let four = MarkdownStory.id(forFile: "four.md")
            #expect(FileManager.default.fileExists(atPath: folder.path("out/item/\(four)/index.html")))
            #expect(FileManager.default.fileExists(atPath: folder.path("out/five/index.html")))
            let list = try readText(folder.path("out/index.html"))
            for href in ["/sub/writing/one/", "/sub/blog/second/", "/sub/blog/bundled/", "/sub/item/\(four)/"] {
                #expect(list.contains("href=\"\(href)\""), "the row links \(href)")
            }
            #expect(try readText(folder.path("out/sitemap.xml")).contains("/sub/blog/second/"))
        }
    }

    @Test(
        "a summary for templates: front matter's summary, description or excerpt, else the body before <!--more-->, else its first paragraph"
    )
    func summaries() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: A\ndescription: The *gist*\ndate: 2024-01-02\n---\nBody\n", to: "c/a.md")
            try folder.write("---\ntitle: B\ndate: 2024-01-01\n---\nFirst **part**.\n\n<!--more-->\n\nThe rest.\n", to: "c/b.md")
            try folder.write("---\ntitle: C\n---\nNo summary.\n", to: "c/c.md")
            try folder.write(
                "<h2>{{title}}</h2>{{#summary}}<div class=\"s\">{{{summary}}}</div>{{/summary}}\n", to: "t/row.mustache")
            _ = try await Build.run(
                BuildRequest(
                    source: SourceLocator.source(for: folder.path("c")), output: folder.path("out"), templates: folder.path("t")))
            let list = try readText(folder.path("out/index.html"))
            #expect(list.contains("<h2>A</h2><div class=\"s\"><p>The <em>gist</em></p>\n</div>"), "\(list)")
            #expect(list.contains("<h2>B</h2><div class=\"s\"><p>First <strong>part</strong>.</p>\n</div>"))
            #expect(list.contains("<h2>C</h2><div class=\"s\"><p>No summary.</p>\n</div>"), "its first paragraph")
            #expect(!list.contains("The rest."))
        }
    }

    @Test("a first paragraph skips what makes no summary: headings, lists (1. and 1) too), tags, rules")
    func firstParagraphs() {
        #expect(MarkdownStory.firstParagraph("# Title\n\n1. one\n2) two\n- three\n\n---\n\nThe words.\n") == "The words.")
        // CommonMark reads it as the list item 1999, so it makes no summary either.
        #expect(MarkdownStory.firstParagraph("1999. A good year.\n") == nil)
        #expect(MarkdownStory.firstParagraph("1234567890. Ten digits is no list item.\n") != nil)
        #expect(MarkdownStory.firstParagraph("3.14 is a number.\n") == "3.14 is a number.")
        #expect(MarkdownStory.firstParagraph("12) item\n") == nil)
    }

    @Test("titles: front matter, then the first # heading, then the file name's words")
    func titles() throws {
        func title(_ file: String, _ text: String) throws -> String? {
            MarkdownStory(file: file, matter: try FrontMatter.parse(text)).item.title
        }
        #expect(try title("a.md", "---\ntitle: Given\n---\n# Heading\n") == "Given")
        #expect(try title("a.md", "---\ntitle: ''\n---\nText\n\n# The *Heading* #\n") == "The *Heading*")
        #expect(try title("a.md", "```\n# not a heading\n```\n## Two\n") == "A")
        #expect(try title("posts/2013-05-06-hello-big_world.md", "text") == "Hello Big World")
        #expect(try title("guides/page-bundles/index.md", "") == "Page Bundles")
        #expect(try title("docs/_index.md", "") == "Docs")
    }

    @Test(
        "in a git repository, a story without a date takes its file's first commit's; a date written wins; an uncommitted file has none"
    )
    func gitDates() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("# Added first\n", to: "site/content/til/first.md")
            try folder.write("---\ndate: 2020-02-02\n---\n# Dated\n", to: "site/content/dated.md")
            try folder.write("# Moved\n", to: "site/content/old name.md")
            let git = { (date: Int, arguments: [String]) in
                try SitegenTestSupport.git(in: folder.path("site"), at: date, arguments, home: folder.path(""))
            }
            try git(0, ["init", "-q"])
            try git(0, ["add", "."])
            try git(1_600_000_000, ["commit", "-qm", "one"])
            // A later commit changes the first file and renames another: both keep their first date.
            try folder.write("# Added first\n\nMore.\n", to: "site/content/til/first.md")
            try git(0, ["mv", "content/old name.md", "content/new name.md"])
            try git(0, ["add", "."])
            try git(1_700_000_000, ["commit", "-qm", "two"])
            try folder.write("# Not committed\n", to: "site/content/new.md")
            let stories = ItemFilter.stories(from: try await MarkdownStorySource(path: folder.path("site/content")).entries())
                .stories
            let time = Dictionary(uniqueKeysWithValues: stories.map { ($0.title, $0.time) })
            #expect(time["Added first"] == 1_600_000_000)
            #expect(time["Dated"] == 1_580_601_600)
            #expect(time["Moved"] == 1_600_000_000)
            #expect(time["Not committed"] == .some(nil))
            // A shallow clone (a CI checkout's default) gives none: every file would seem added
            // by its one commit, and every undated story new at every build.
            try git(0, ["clone", "-q", "--depth", "1", "file://" + folder.path("site"), folder.path("shallow")])
            #expect(GitDates.firstCommits(in: folder.path("shallow/content")).isEmpty)
            #expect(
                Set(["til/first.md", "dated.md", "new name.md"]).isSubset(
                    of: GitDates.firstCommits(in: folder.path("site/content")).keys))
        }
        // The log as git writes it: newest commit first, so a path's first commit is its last;
        // a rename carries its old name's date.
        let log = Array(
            ("\u{1}1800000000\0\nR100\0c.md\0d.md\0\u{1}1700000000\0\nA\0c.md\0"
                + "\u{1}1600000000\0\nA\0posts/a.md\0A\0posts/b c.md\0").utf8)
        #expect(
            GitDates.parse(log) == [
                "c.md": 1_700_000_000, "d.md": 1_700_000_000, "posts/a.md": 1_600_000_000, "posts/b c.md": 1_600_000_000,
            ])
        #expect(GitDates.firstCommits(in: "/nonexistent/folder").isEmpty)
    }

    @Test("Zola's shape: the date from `path`, `authors` as one line, `path` as the item page's path")
    func zola() throws {
        let zola = """
            +++
            path = "2025/06/26/Rust-1.88.0"
            title = "Announcing Rust 1.88.0"
            authors = ["The Rust Release Team", "Ada"]
            aliases = ["releases/1.88.0"]

            [extra]
            release = true
            +++

            The Rust team is happy to announce a new version of Rust, 1.88.0.
            """
        let story = MarkdownStory(file: "Rust-1.88.0.md", matter: try FrontMatter.parse(zola)).item
        #expect(story.time == 1_750_896_000)
        #expect(story.by == "The Rust Release Team, Ada")
        #expect(story.markdownExtras.itemPath == "2025/06/26/Rust-1.88.0")
        // A date in front matter wins; `author` wins over `authors`; a path that is no date gives none.
        let dated = MarkdownStory(
            file: "a.md",
            matter: try FrontMatter.parse(
                "+++\ndate = 2024-01-02\npath = \"2025/06/26/x\"\nauthor = \"Grace\"\nauthors = [\"Ada\"]\n+++\n"))
        #expect(dated.item.time == 1_704_153_600 && dated.item.by == "Grace")
        for path in ["news/hello", "2025/6/26/x", "2025/13/01/x", "２０２５/06/26/x", "x/2025/06"] {
            #expect(MarkdownStory.pathDate(path) == nil, "\(path)")
        }
        // A date after a section, as the Inside Rust blog writes its paths.
        #expect(MarkdownStory.pathDate("inside-rust/2020/07/27/1.45.0-prerelease") == "2020-07-27")
        #expect(MarkdownStory.pathDate("/blog/9999/99/99/x/2021/02/03/") == "2021-02-03")
    }

    @Test("order: weight ascending, then newest date, then file name; unweighted and undated last")
    func order() async throws {
        let entries = try await Self.entries([
            "a.md": "---\ntitle: a\n---\n",
            "b.md": "---\ntitle: b\ndate: 2020-01-01\n---\n",
            "c.md": "---\ntitle: c\ndate: 2024-01-01\n---\n",
            "d.md": "---\ntitle: d\nweight: 2\n---\n",
            "e.md": "---\ntitle: e\nweight: -1\ndate: 2000-01-01\n---\n",
            "f.md": "---\ntitle: f\nweight: 2\ndate: 2001-01-01\n---\n",
        ])
        let titles = ItemFilter.stories(from: entries).stories.map(\.title)
        #expect(titles == ["e", "f", "d", "c", "b", "a"])
    }

    @Test("ids: a stable 53-bit hash of the file name unless front matter gives a valid id")
    func ids() async throws {
        let entries = try await Self.entries([
            "one.md": "---\ntitle: one\n---\n", "two.md": "---\ntitle: two\nid: abc\n---\n",
            "three.md": "---\ntitle: three\nid: 9007199254740993\n---\n",
        ])
        let ids = Dictionary(uniqueKeysWithValues: ItemFilter.stories(from: entries).stories.map { ($0.title, $0.id) })
        #expect(ids["one"] == MarkdownStory.id(forFile: "one.md"))
        #expect(ids["two"] == MarkdownStory.id(forFile: "two.md"))
        #expect(ids["three"] == MarkdownStory.id(forFile: "three.md"))
        #expect(MarkdownStory.id(forFile: "one.md") == MarkdownStory.id(forFile: "one.md"))
        #expect(Set(ids.values).count == 3)
        #expect(ids.values.allSatisfy { $0 > 0 && $0 < 1 << 53 })
    }

    @Test("wrong-typed optional fields are left out and the story kept; broken front matter skips the file, named with its line")
    func faults() async throws {
        let entries = try await Self.entries([
            "typed.md": "---\ntitle: kept\nscore: many\ndate: someday\nweight: heavy\n---\nbody",
            "broken.md": "---\ntitle: x\nthis is not a field\n---\n",
            "untitled.md": "---\nauthor: nobody\n---\nbody",
        ])
        let (stories, skipped) = ItemFilter.stories(from: entries)
        // A file without a title takes its name's words, as Jekyll does.
        #expect(stories.map(\.title) == ["kept", "Untitled"])
        #expect(stories[0].score == nil && stories[0].time == nil)
        #expect(skipped.map(\.reason) == [.malformed])
        let malformed = try #require(skipped.first { $0.reason == .malformed })
        #expect(malformed.location == "broken.md line 3")
        let report = BuildReport(
            sourceName: "content/", output: "out", stories: 1, pages: 1, shards: 1, manifestParts: 1, itemPages: 1,
            skipped: skipped)
        #expect(report.summary.contains("1 malformed (broken.md line 3)"))
    }

    @Test("Jekyll's and Hugo's commonest template forms become the Markdown they stand for")
    func templateForms() {
        let body = """
            {% highlight ruby linenos %}
            puts "{% raw %}{{ not liquid }}{% endraw %}"
            {% endhighlight %}
            {{< highlight go >}}
            fmt.Println("hi")
            {{< /highlight >}}
            Kept {% raw %}{{ this }}{% endraw %} as text.
            {{< figure src="shot.png" alt="A screenshot" caption="Ignored" >}}
            {{< figure src='b.png' caption="Only a caption" >}}
            See [the config]({{< ref "docs/config.md" >}}) and [more]({{% relref "guide.md#setup" %}}).
            ```
            {% highlight ruby %} in a fence stays
            ```
            {% for post in site.posts %}
            """
        let expected = """
            ```ruby
            puts "{% raw %}{{ not liquid }}{% endraw %}"
            ```
            ```go
            fmt.Println("hi")
            ```
            Kept {{ this }} as text.
            ![A screenshot](shot.png)
            ![Only a caption](b.png)
            See [the config](docs/config.md) and [more](guide.md#setup).
            ```
            {% highlight ruby %} in a fence stays
            ```
            {% for post in site.posts %}
            """
        let out = TemplateForms.rewritten(body)
        #expect(out == expected, "\(out)")
        // Lines stay lines, and what is left is counted: the loop, on the last line.
        #expect(MarkdownStory.templateLines(out) == [14])
        #expect(TemplateForms.rewritten("plain text") == "plain text")
    }

    @Test("another generator's template code is never silent: counted, and named by file and line")
    func templateCode() async throws {
        let body = """
            Intro with `{% raw %}` in a code span, which is writing about Liquid.

            {% highlight ruby %}
            puts 1
            {% endhighlight %}

            ```liquid
            {% for post in site.posts %}
            ```

            {{< figure src="a.png" >}} and {{% note %}}, then {{ value }} alone.
            """
        #expect(MarkdownStory.templateLines(body) == [3, 5, 11])
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: Jekyll post\ndate: 2020-01-01\n---\n" + body + "\n", to: "c/post.md")
            try folder.write("---\ntitle: Plain\n---\nNothing here.\n", to: "c/plain.md")
            let lines = Mutex<[String]>([])
            let report = try await Build.run(
                BuildRequest(source: MarkdownStorySource(path: folder.path("c")), output: folder.path("out")),
                log: { line in lines.withLock { $0.append(line) } })
            let logged = lines.withLock { $0 }
            // The highlight block is rendered (a code block, `TemplateForms`); the shortcodes'
            // line is left, and named by its line in the file (the body starts on line 5).
            #expect(report.templateLines == 1 && report.templateFiles == 1)
            #expect(
                report.summary.contains("1 line of template code (Liquid, shortcodes) left as text in 1 file"),
                "\(report.summary)")
            #expect(logged.contains { $0.contains("post.md line 15") }, "\(logged)")
        }
    }

    @Test("Eleventy's permalink: false is not a page; ---js front matter is refused by name")
    func eleventy() async throws {
        let entries = try await Self.entries([
            "data.md": "---\ntitle: Data\npermalink: false\n---\nNot a page.\n",
            "page.md": "---\ntitle: Page\n---\nA page.\n",
            "js.md": "---js\n{ title: \"JS\" }\n---\nBody\n",
        ])
        let (stories, skipped) = ItemFilter.stories(from: entries)
        #expect(stories.map(\.title) == ["Page"])
        #expect(skipped.contains { $0.reason == .ignored && $0.location == "data.md" && $0.detail == "permalink: false" })
        #expect(
            skipped.contains { $0.location == "js.md line 1" && ($0.detail ?? "").contains("JavaScript front matter (---js)") },
            "\(skipped)")
    }

    @Test("a file that is not UTF-8 is skipped, named with the byte where it stops being UTF-8")
    func notUTF8() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: Fine\n---\nOK\n", to: "c/fine.md")
            let latin1: [UInt8] = Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\nBody\n".utf8)
            FileManager.default.createFile(atPath: folder.path("c/latin1.md"), contents: Data(latin1))
            let report = try await Build.run(
                BuildRequest(source: MarkdownStorySource(path: folder.path("c")), output: folder.path("out")))
            #expect(report.stories == 1)
            #expect(report.summary.contains("latin1.md at byte offset 14"), "\(report.summary)")
        }
        // The rules, case by case: overlong, surrogate, past U+10FFFF, cut short; valid ones.
        #expect(UTF8Offset.firstInvalid(Array("aé日😀".utf8)) == nil)
        for (bytes, offset) in [
            ([0x61, 0xC0, 0xAF], 1), ([0xE0, 0x80, 0xAF], 0), ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0),
            ([0x61, 0x62, 0xE6, 0x97], 2), ([0x80], 0), ([0xF8], 0),
        ] as [([UInt8], Int)] {
            #expect(UTF8Offset.firstInvalid(bytes) == offset, "\(bytes)")
            #expect(String(validating: bytes, as: UTF8.self) == nil)
        }
        // Against the standard library's own check, on random bytes.
        var rng = SplitMix64(seed: 3)
        for _ in 0..<2_000 {
            let bytes = (0..<Int(rng.next() % 12)).map { _ in
                UInt8(truncatingIfNeeded: rng.next() % 3 == 0 ? rng.next() : 0x61 + rng.next() % 26)
            }
            #expect((UTF8Offset.firstInvalid(bytes) == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test("a page's lang from its front matter, when it is a language tag; en otherwise")
    func lang() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: 파일 압축\nlang: ko\n---\n파일을 압축합니다.\n", to: "c/ko.md")
            try folder.write("---\ntitle: 压缩\nlanguage: zh-Hans\n---\n压缩文件。\n", to: "c/zh.md")
            try folder.write("---\ntitle: Bad\nlang: 'en\" onload=\"x'\n---\nText.\n", to: "c/bad.md")
            _ = try await Build.run(BuildRequest(source: MarkdownStorySource(path: folder.path("c")), output: folder.path("out")))
            #expect(try readText(folder.path("out/ko/index.html")).contains("<html lang=\"ko\">"))
            #expect(try readText(folder.path("out/zh/index.html")).contains("<html lang=\"zh-Hans\">"))
            let bad = try readText(folder.path("out/bad/index.html"))
            #expect(bad.contains("<html lang=\"en\">") && !bad.contains("onload"))
            #expect(try readText(folder.path("out/index.html")).contains("<html lang=\"en\">"))
        }
    }

    @Test("a built Markdown folder: the body on the item page, rendered safely, its raw HTML kept and cleaned")
    func built() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "---\ntitle: \"<script>alert(1)</script>\"\nurl: javascript:alert(1)\n---\n# Hi\n\n<img src=x onerror=alert(1)>\n\n| a |\n| - |\n| 1 |\n",
                to: "content/post.md")
            let report = try await Build.run(
                BuildRequest(source: MarkdownStorySource(path: folder.path("content")), output: folder.path("out")))
            #expect(report.stories == 1 && report.itemPages == 1)
            let item = try readText(folder.path("out/post/index.html"))
            #expect(item.contains("<h1 id=\"hi\">Hi</h1>"))
            #expect(item.contains("<table>"))
            #expect(item.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!item.contains("onerror") && !item.contains("javascript:") && !item.contains("<script>alert"))
            // The picture stays, its handler goes, and the summary says so.
            #expect(item.contains(#"<img src="x">"#) && report.unsafeHTML == 1 && report.unsafeHTMLPages == 1)
            #expect(report.summary.contains("1 unsafe part of raw HTML removed from 1 Markdown page (--verbose names them)."))
        }
    }
}
