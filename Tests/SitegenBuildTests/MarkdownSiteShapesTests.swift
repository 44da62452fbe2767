import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenSource

/// Sites in the shapes people move to sitegen (a Jekyll blog, Hugo docs, an Eleventy site, a
/// Zola release blog, a TIL blog in git), written as their authors write them: each builds
/// with every link and anchor alive (the built-in check at 0 dead), its pictures kept, its
/// footnotes and alerts rendered, and its stories dated, newest first.
@Suite("Markdown sites in the shapes of real ones")
struct MarkdownSiteShapesTests {
    /// Builds `site` of `folder` (with `pages` as site pages when given); the report, and a
    /// built page's HTML by its path.
    func build(_ folder: TemporaryFolder, _ site: String = "site") async throws -> (BuildReport, (String) throws -> String) {
        let report = try await Build.run(
            BuildRequest(source: MarkdownStorySource(path: folder.path(site)), output: folder.path("out")))
        return (report, { try readText(folder.path("out/" + $0 + "index.html")) })
    }

    /// The titles of the list's first page, in its order.
    func listed(_ page: String) -> [String] {
        HTMLScan.elements("h2", in: page).map { $0.inner.replacing(/<[^>]+>/, with: "") }
    }

    @Test("a Jekyll blog: posts at the site's permalink pattern, Liquid's links and code blocks, a picture and a footnote")
    func jekyll() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "title: The Blog\nbaseurl: \"\"\npermalink: /:categories/:year/:month/:day/:title/\nexclude: [Gemfile]\n",
                to: "site/_config.yml")
            try folder.write(
                """
                ---
                layout: post
                title: "Announcing 1.0"
                date: 2019-03-18 10:00:00 +0100
                categories: news
                tags: [release]
                redirect_from: /2019/03/18/Announcing.html
                ---
                After three years[^years], 1.0 is out. Read [what is next]({% post_url 2019-04-02-whats-next %})
                or [about us]({{ site.baseurl }}/about/).

                <img src="https://user-images.githubusercontent.com/9599/1.png" alt="The new home page" width="600">

                ## Installing

                {% highlight ruby %}
                gem install blog
                {% endhighlight %}

                [^years]: Counted from the first commit.
                """, to: "site/_posts/2019-03-18-announcing-1.0.md")
            try folder.write(
                """
                ---
                title: "What is next"
                categories: [news]
                ---
                Install it [as before](/news/2019/03/18/announcing-1.0/#installing). {% raw %}{{ not Liquid }}{% endraw %}
                """, to: "site/_posts/2019-04-02-whats-next.md")
            try folder.write("---\ntitle: Half done\n---\nLater.\n", to: "site/_drafts/half-done.md")
            try folder.write(
                "---\nlayout: page\ntitle: About\npermalink: /about/\n---\nWe write [posts]({{ \"/\" | relative_url }}).\n",
                to: "site/about.md")
            try folder.write("<footer>{{ site.title }}</footer>\n", to: "site/_includes/footer.html")
            let (report, page) = try await build(folder)
            // Six: two of the footnote's own (to the note, and back).
            #expect(report.stories == 3 && report.deadLinks == 0 && report.linksChecked == 6, "\(report.summary)")
            #expect(report.templateLines == 0 && report.summary.contains("1 draft left out"), "\(report.summary)")
            let first = try page("news/2019/03/18/announcing-1.0/")
            #expect(
                first.contains(
                    #"<img src="https://user-images.githubusercontent.com/9599/1.png" alt="The new home page" width="600">"#))
            #expect(
                first.contains(#"<pre><code class="language-ruby">gem install blog"#) && first.contains(#"class="footnote-ref""#))
            #expect(first.contains(#"href="/news/2019/04/02/whats-next/""#) && first.contains(#"<h2 id="installing">"#))
            #expect(try page("news/2019/04/02/whats-next/").contains("{{ not Liquid }}"))
            // The old URL of a file is a file, where static hosts serve it as it is.
            let old = try readText(folder.path("out/2019/03/18/Announcing.html"))
            #expect(old.contains(#"href="/news/2019/03/18/announcing-1.0/""#))
            #expect(listed(try page("")).prefix(2) == ["What is next", "Announcing 1.0"])
        }
    }

    @Test("Hugo docs: sections, a bundle's picture, shortcodes, relative links between pages and their anchors")
    func hugo() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "---\ntitle: Docs\nweight: 1\n---\nStart with the [guide](guide/intro/).\n", to: "content/docs/_index.md")
            try folder.write(
                """
                ---
                title: Introduction
                date: 2024-05-02
                ---
                Read the [configuration]({{< ref "docs/config/index.md" >}}#build-options) first, then
                [the functions](../../../functions/time/format/).

                > [!NOTE]
                > Hugo's shortcodes are not run; these are the forms sitegen knows.

                ## Install
                """, to: "content/docs/guide/intro.md")
            try folder.write(
                """
                ---
                title: Configuration
                date: 2024-05-01
                ---
                {{< figure src="diagram.png" alt="How a build goes" >}}

                ## Build options

                Back to the [install step](../guide/intro/#install).
                """, to: "content/docs/config/index.md")
            try folder.write(Data([0x89, 0x50, 0x4E, 0x47]), to: "content/docs/config/diagram.png")
            // The site's config beside `content/`: its posts at a pattern of their own.
            try folder.write(
                "baseURL = 'https://example.org/'\n[permalinks]\n  posts = '/:year/:month/:title/'\n", to: "hugo.toml")
            try folder.write(
                "---\ntitle: Release Notes\ndate: 2024-05-03\n---\nSee the [intro](/docs/guide/intro/#install).\n",
                to: "content/posts/release-notes.md")
            try folder.write("---\ntitle: Posts\n---\nThe [latest](/2024/05/release-notes/).\n", to: "content/posts/_index.md")
            try folder.write(
                "---\ntitle: time.Format\ndate: 2024-04-30\n---\nSee [the docs](/docs/) and [the config](/docs/config/#build-options).\n",
                to: "content/functions/time/format.md")
            // A file with capitals, as Hugo's own docs have: Hugo lowercases its path, and every
            // link says so; a heading that names its own id.
            try folder.write(
                "---\ntitle: images.QR\ndate: 2024-04-29\n---\n## Usage {#use}\n\nLike [time.Format](/functions/time/format/).\n",
                to: "content/functions/images/QR.md")
            try folder.write(
                "---\ntitle: Images\ndate: 2024-04-28\n---\nMake a [QR code](/functions/images/qr/#use) or [another](QR.md).\n",
                to: "content/functions/images/Overview.md")
            let (report, page) = try await build(folder, "content")
            #expect(report.deadLinks == 0 && report.linksChecked == 11 && report.templateLines == 0, "\(report.summary)")
            #expect(try page("functions/images/qr/").contains(#"<h2 id="use">Usage</h2>"#))
            #expect(try page("functions/images/overview/").contains(#"href="/functions/images/qr/""#))
            #expect(report.bundleFiles == 1, "\(report.summary)")
            let intro = try page("docs/guide/intro/")
            #expect(intro.contains(#"href="/docs/config/#build-options""#) && intro.contains("markdown-alert-note"))
            #expect(try page("docs/config/").contains(#"<img src="diagram.png" alt="How a build goes""#))
            #expect(FileManager.default.fileExists(atPath: folder.path("out/docs/config/diagram.png")))
        }
    }

    @Test("an Eleventy site: pages at their paths, a page that is not written, raw HTML kept, Nunjucks counted")
    func eleventy() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "---\ntitle: Home\n---\nThe [first post](/posts/first-post/) and [the feed](/feed.xml).\n", to: "src/index.md")
            try folder.write(
                """
                ---
                title: My first post
                date: 2023-01-02
                tags: [post]
                ---
                <details>
                <summary>Why a blog</summary>

                Because *notes* get lost.

                </details>

                Next: [the second](second-post.md).
                """, to: "src/posts/first-post.md")
            try folder.write(
                "---\ntitle: My second post\ndate: 2023-02-03\ntags: [post]\n---\n{% for post in collections.post %}{{ post.data.title }}{% endfor %}\n",
                to: "src/posts/second-post.md")
            try folder.write("---\npermalink: false\n---\nA data page.\n", to: "src/data.md")
            let (report, page) = try await build(folder, "src")
            #expect(report.stories == 3 && report.deadLinks == 0 && report.linksChecked == 3, "\(report.summary)")
            #expect(report.templateLines == 1 && report.templateFiles == 1, "\(report.summary)")
            #expect(
                try page("posts/first-post/").contains(
                    "<details>\n<summary>Why a blog</summary>\n<p>Because <em>notes</em> get lost.</p>\n</details>"))
            #expect(listed(try page("")).prefix(2) == ["My second post", "My first post"])
        }
    }

    @Test("a Zola release blog: TOML front matter, dated paths, authors, internal @/ links, aliases")
    func zola() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("+++\ntitle = \"Blog\"\nsort_by = \"date\"\n+++\n", to: "content/_index.md")
            try folder.write(
                """
                +++
                path = "2025/06/26/Rust-1.88.0"
                title = "Announcing Rust 1.88.0"
                authors = ["The Release Team"]
                aliases = ["releases/1.88.0"]
                +++
                Rust 1.88.0 follows [1.87.0](@/2025-05-15-Rust-1.87.0.md#what-s-in-1-87-0-stable), and
                [I'd](#i-d-like-toml-1-1) like [the prerelease](@/inside-rust/prerelease.md#testing-1-45-0).

                ## What's in 1.88.0 stable

                ## I'd like TOML 1.1
                """, to: "content/2025-06-26-Rust-1.88.0.md")
            // Zola's config beside `content/`: its heading ids are Zola's, not GitHub's.
            try folder.write("base_url = \"https://blog.rust-lang.org\"\ntitle = \"Rust Blog\"\n", to: "config.toml")
            // A date after a section in `path`, as Inside Rust writes them.
            try folder.write(
                """
                +++
                path = "inside-rust/2020/07/27/1.45.0-prerelease"
                title = "1.45.0 pre-release testing"
                +++
                ## Testing 1.45.0
                """, to: "content/inside-rust/prerelease.md")
            try folder.write(
                """
                +++
                path = "2025/05/15/Rust-1.87.0"
                title = "Announcing Rust 1.87.0"
                authors = ["The Release Team", "Ten Years"]
                +++
                ## What's in 1.87.0 stable

                See the [next release](/2025/06/26/Rust-1.88.0/) and [the old link](/releases/1.88.0/).
                """, to: "content/2025-05-15-Rust-1.87.0.md")
            let (report, page) = try await build(folder, "content")
            #expect(report.deadLinks == 0 && report.linksChecked == 5 && report.redirectPages == 1, "\(report.summary)")
            let latest = try page("2025/06/26/Rust-1.88.0/")
            #expect(
                latest.contains(#"href="/2025/05/15/Rust-1.87.0/#what-s-in-1-87-0-stable""#)
                    && latest.contains("The Release Team"))
            #expect(latest.contains(#"<h2 id="i-d-like-toml-1-1">"#))
            #expect(
                listed(try page("")).prefix(3) == [
                    "Announcing Rust 1.88.0", "Announcing Rust 1.87.0", "1.45.0 pre-release testing",
                ])
            #expect(try page("inside-rust/2020/07/27/1.45.0-prerelease/").contains(#"<time datetime="2020-07-27T00:00:00Z">"#))
        }
    }

    @Test("a TIL blog in git: undated notes dated by their first commit, newest first, relative links and a screenshot")
    func tilInGit() async throws {
        try await withTemporaryFolder { folder in
            let run = { (date: Int, arguments: [String]) in
                try git(in: folder.path("til"), at: date, arguments, home: folder.path(""))
            }
            try folder.write(
                """
                # Commit a file if it changed

                GitHub Actions can commit back to the repository; see [running Python](../python/run.md#setup).

                <img width="480" alt="The workflow run" src="https://user-images.githubusercontent.com/9599/2.png">
                """, to: "til/github/commit-if-changed.md")
            try run(0, ["init", "-q"])
            try run(0, ["add", "."])
            try run(1_600_000_000, ["commit", "-qm", "first"])
            try folder.write(
                "# Running Python in Actions\n\n## Setup\n\nUse `setup-python`[^v].\n\n[^v]: Version 5.\n",
                to: "til/python/run.md")
            try run(0, ["add", "."])
            try run(1_700_000_000, ["commit", "-qm", "second"])
            let (report, page) = try await build(folder, "til")
            #expect(report.stories == 2 && report.deadLinks == 0 && report.linksChecked == 3, "\(report.summary)")
            #expect(listed(try page("")).prefix(2) == ["Running Python in Actions", "Commit a file if it changed"])
            #expect(try page("github/commit-if-changed/").contains(#"<img width="480" alt="The workflow run""#))
            #expect(try page("python/run/").contains(#"<h2 id="setup">Setup</h2>"#))
        }
    }
}
