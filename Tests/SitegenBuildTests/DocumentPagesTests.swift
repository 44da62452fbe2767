import Foundation
import SitegenAssets
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenConfig
@testable import SitegenMarkdown
@testable import SitegenSource

/// A Markdown story's page reads as a document, and its row as a blog's: built end to end
/// from folders written as blogs and docs sites write them.
@Suite("Markdown stories as documents")
struct DocumentPagesTests {
    func build(_ folder: TemporaryFolder, zone: SiteTimeZone = .utc) async throws -> (String) throws -> String {
        _ = try await Build.run(
            BuildRequest(source: MarkdownStorySource(path: folder.path("site"), zone: zone), output: folder.path("out")))
        return { try readText(folder.path("out/" + $0 + "index.html")) }
    }

    /// A post of a code-heavy blog, its title written again as its first heading.
    static let post = """
        ---
        title: "Hello, 世界: Rust 1.88.0 on Linux"
        date: 2024-01-02 08:00
        tags: [rust, linux]
        ---
        # Hello, 世界: Rust 1.88.0 on Linux

        Rust 1.88.0 came out, and **this** is how I built it. 한국어와 العربية too.

        ## Install

        ```sh
        curl -sSf https://sh.rustup.rs | sh -s -- -y
        ```

        ## Build

        ```rust
        fn main() { println!("hi"); } // done
        ```

        ## Run it

        Done.
        """

    @Test("one title, the author's day in the site's zone, a table of contents, highlighted code, previous and next")
    func documentPage() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(Self.post, to: "site/posts/2024-01-02-hello.md")
            try folder.write("---\ntitle: Older\ndate: 2023-12-01\n---\nShort.\n", to: "site/posts/2023-12-01-older.md")
            try folder.write(
                "---\ntitle: Newer\ndate: 2024-02-01\ndescription: The *gist* of it\n---\nBody.\n",
                to: "site/posts/2024-02-01-newer.md")
            // Tokyo is nine hours ahead: 08:00 on the 2nd there is the 1st in UTC.
            let page = try await build(folder, zone: try #require(SiteTimeZone(identifier: "Asia/Tokyo")))
            let hello = try page("posts/2024/01/02/hello/")
            let main = try #require(hello.firstRange(of: "<main>").map { String(hello[$0.lowerBound...]) })
            #expect(main.components(separatedBy: "<h1").count == 2, "one h1")
            #expect(main.contains("<h1>Hello, 世界: Rust 1.88.0 on Linux</h1>"))
            #expect(main.contains(#"<time datetime="2024-01-01T23:00:00Z">Jan 2, 2024</time>"#))
            #expect(main.contains(#"<a class="term" rel="tag" href="/tags/rust/">#rust</a>"#))
            #expect(main.contains(##"<li class="toc-2"><a href="#install">Install</a></li>"##))
            #expect(main.contains(##"<li class="toc-2"><a href="#run-it">Run it</a></li>"##))
            #expect(main.contains(#"<pre><code class="language-rust"><span class="kw">fn</span>"#))
            #expect(main.contains(#"<pre><code class="language-sh">"#) && main.contains(#"<span class="co">// done</span>"#))
            // The list is newest first: Newer, Hello, Older.
            #expect(main.contains(#"<a rel="prev" href="/posts/2024/02/01/newer/"><small>Previous</small> Newer</a>"#))
            #expect(main.contains(#"<a rel="next" href="/posts/2023/12/01/older/"><small>Next</small> Older</a>"#))
            #expect(!main.contains("| read") && !main.contains("Back to the list"))
            // A short page has no contents to show.
            #expect(!(try page("posts/2023/12/01/older/")).contains(#"class="toc""#))
        }
    }

    @Test("a document's row says its day and what it is about, never '| read'")
    func rows() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(Self.post, to: "site/posts/2024-01-02-hello.md")
            try folder.write(
                "---\ntitle: Newer\ndate: 2024-02-01\ndescription: The *gist* of it\nurl: https://example.com/x\n---\nBody.\n",
                to: "site/posts/2024-02-01-newer.md")
            let page = try await build(folder)
            let list = try page("")
            #expect(
                try page("posts/2024/02/01/newer/").contains(#"<a class="link" href="https://example.com/x">example.com</a>"#))
            #expect(!list.contains("| read"))
            #expect(
                list.contains(
                    #"<time datetime="2024-01-02T08:00:00Z">Jan 2, 2024</time> <span class="excerpt">Rust 1.88.0 came out, and this is how I built it. 한국어와 العربية too.</span></p>"#
                ), "\(list)")
            // A link post: its title leads to its page, where its link is.
            #expect(
                list.contains(
                    #"<h2><a href="/posts/2024/02/01/newer/">Newer</a></h2>"# + "\n"
                        + #"<p><time datetime="2024-02-01T00:00:00Z">Feb 1, 2024</time> <span class="excerpt">The gist of it</span></p>"#
                ), "\(list)")
        }
    }

    @Test("a docs site: breadcrumbs, its section's pages with the page marked, and a theme's own item.mustache still used")
    func docsSite() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: Docs\nweight: 1\n---\nThe docs.\n", to: "site/docs/_index.md")
            try folder.write("---\ntitle: Guide\nweight: 2\n---\nThe guide.\n", to: "site/docs/guide/_index.md")
            try folder.write("---\ntitle: Setup\nweight: 3\n---\nSet it up.\n", to: "site/docs/guide/setup.md")
            try folder.write("---\ntitle: Config\nweight: 4\n---\nConfigure.\n", to: "site/docs/guide/config.md")
            let page = try await build(folder)
            let setup = try page("docs/guide/setup/")
            #expect(
                setup.contains(
                    #"<nav class="crumbs" aria-label="Breadcrumbs"><ol><li><a href="/">sitegen</a></li><li><a href="/docs/">Docs</a></li><li><a href="/docs/guide/">Guide</a></li></ol></nav>"#
                ), "\(setup)")
            #expect(setup.contains(#"<li><a href="/docs/guide/setup/" aria-current="page">Setup</a></li>"#))
            #expect(setup.contains(#"<li><a href="/docs/guide/config/">Config</a></li>"#))
            #expect(setup.contains(#"<a rel="next" href="/docs/guide/config/"><small>Next</small> Config</a>"#))

            // A theme from before documents: its item.mustache renders them, as it did.
            try folder.write("<div class=\"mine\">{{title}}</div>{{{text}}}\n", to: "theme/item.mustache")
            _ = try await Build.run(
                BuildRequest(
                    source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out2"),
                    templates: folder.path("theme")))
            let themed = try readText(folder.path("out2/docs/guide/setup/index.html"))
            #expect(themed.contains("<div class=\"mine\">Setup</div><p>Set it up.</p>"))
            // A site `sitegen init` made has both files: its document.mustache renders documents,
            // even when only its item.mustache was edited.
            try folder.write(EmbeddedAssets.templates["document"]!, to: "theme/document.mustache")
            _ = try await Build.run(
                BuildRequest(
                    source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out3"),
                    templates: folder.path("theme")))
            let both = try readText(folder.path("out3/docs/guide/setup/index.html"))
            #expect(both.contains("<h1>Setup</h1>") && !both.contains("class=\"mine\""))
        }
    }

    @Test("with search, each document's text is written beside the index for its passages; without, none")
    func texts() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(Self.post, to: "site/posts/2024-01-02-hello.md")
            _ = try await build(folder)
            let texts = try FileManager.default.contentsOfDirectory(atPath: folder.path("out/t"))
            #expect(texts.count == 1 && texts[0].hasSuffix(".txt"))
            let text = try readText(folder.path("out/t/" + texts[0]))
            // The page's words, without its markup or its title heading (the row has it).
            #expect(text.contains("Rust 1.88.0 came out, and this is how I built it. 한국어와 العربية too."))
            #expect(text.contains("curl -sSf https://sh.rustup.rs | sh -s -- -y"))
            #expect(!text.contains("<") && !text.contains("**") && !text.hasPrefix("Hello"))
            // The row carries the story's id, and the search page says there are texts.
            let id = String(texts[0].dropLast(".txt".count))
            #expect(try readText(folder.path("out/index.html")).contains("data-id=\"\(id)\""))
            let search = try readText(folder.path("out/search/index.html"))
            #expect(search.contains("\"texts\":true") && search.contains("\"moreScript\":\"/assets/search-more."))
            // A document's styles are its own stylesheet, which a list and the search page never load.
            #expect(try readText(folder.path("out/posts/2024/01/02/hello/index.html")).contains("/assets/pages."))
            let front = try readText(folder.path("out/index.html"))
            #expect(!search.contains("/assets/pages.") && !front.contains("/assets/pages."))

            _ = try await Build.run(
                BuildRequest(
                    source: MarkdownStorySource(path: folder.path("site")), output: folder.path("bare"),
                    options: .init(search: false)))
            #expect(!FileManager.default.fileExists(atPath: folder.path("bare/t")))
        }
    }
}
