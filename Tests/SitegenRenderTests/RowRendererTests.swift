import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource

@Suite("RowRenderer")
struct RowRendererTests {
    static func renderer(base: String = "/") throws -> RowRenderer {
        RowRenderer(theme: try Theme.builtIn(), paths: SitePaths(base: base))
    }

    @Test("the built-in row, written by hand, is byte for byte what the template engine renders from row.mustache")
    func builtInRowMatchesTemplate() throws {
        let generated = SampleGenerator(seed: 11).items(count: 3000).map { SourceEntry(location: "x", content: .item($0)) }
        var stories = ItemFilter.stories(from: generated).stories
        let images = [
            ItemImage(url: "https://e.com/a.png", width: 80, height: 60), ItemImage(url: "/p/2.png"),
            ItemImage(url: "javascript:alert(1)"), ItemImage(url: "http://e.com/a.png"),
            ItemImage(url: "https://e.com/\"<x>.png", width: 0),
        ]
        let urls: [String?] = [
            nil, "https://www.Example.com:443/a?b=1&c=\"2\"", "javascript:alert(1)", "/relative", "", " https://e.com ",
        ]
        for (i, url) in urls.enumerated() {
            for image in [nil] + images {
                stories.append(
                    Story(
                        id: 1000 + i, title: i % 2 == 0 ? #"<T> & "q" 'é' 🎉"# : "T", url: url, by: ["", "pg", "<b>"][i % 3],
                        time: [nil, 0, -86_401, 1_795_176_000][i % 4], score: [nil, 0, 1, 57][i % 4],
                        descendants: [nil, 0, 1, 12][(i + 1) % 4], text: i % 3 == 0 ? "<p>text" : nil, image: image))
            }
        }
        // Numbers a source may give that no generator does: negative, and large.
        for (i, n) in [-3, -1, 2, 1_000_000_007].enumerated() {
            stories.append(Story(id: 2000 + i, title: "n", url: "HTTPS://WWW.E.COM", score: n, descendants: n))
        }
        // A Markdown story's terms, plain and hostile, repeated, and one with no slug.
        let termSets: [[Taxonomy: [String]]] = [
            [.tags: ["Swift", #"<b>&"'"#]], [.categories: ["News", "!!!"], .tags: ["zürich", "swift", "Swift", "C++"]],
        ]
        for (i, terms) in termSets.enumerated() {
            var story = Story(id: 3000 + i, title: "t", time: 0, markdown: i == 0 ? "body" : nil)
            story.markdownExtras.terms = terms
            stories.append(story)
        }
        #expect(stories.contains { $0.hasItemPage } && stories.contains { $0.image != nil })
        for base in ["/", "/sub/", "https://e.com/news/"] {
            for itemPages in [true, false] {
                let renderer = RowRenderer(theme: try Theme.builtIn(), paths: SitePaths(base: base), itemPages: itemPages)
                #expect(renderer.theme.rowIsBuiltIn)
                var mismatches: [String] = []
                for story in stories {
                    var byHand: [UInt8] = []
                    var byTemplate: [UInt8] = []
                    renderer.builtInRow(story, into: &byHand)
                    renderer.templateRow(story, into: &byTemplate)
                    // The template file ends with a newline, which is not part of the row.
                    if byTemplate.last == 0x0A { byTemplate.removeLast() }
                    if byHand != byTemplate {
                        mismatches.append(
                            "\(story.id): \(String(decoding: byHand, as: UTF8.self)) vs \(String(decoding: byTemplate, as: UTF8.self))"
                        )
                    }
                }
                #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(2))")
            }
        }
    }

    @Test("a picture is a lazy img with its box reserved; unsafe or http pictures are left out")
    func picture() throws {
        let renderer = try Self.renderer()
        let sized = renderer.html(Story(id: 1, title: "T", image: ItemImage(url: "https://e.com/a.png", width: 80, height: 60)))
        #expect(
            sized.hasPrefix(#"<img src="https://e.com/a.png" width="80" height="60" alt="" loading="lazy" decoding="async">"#))
        let unsized = renderer.html(Story(id: 2, title: "T", image: ItemImage(url: "/p/2.png")))
        #expect(unsized.contains(#"src="/p/2.png" width="64" height="48""#))
        for url in ["javascript:alert(1)", "data:image/png;base64,AAAA", "http://e.com/a.png", "//evil.example/a.png"] {
            #expect(!renderer.html(Story(id: 3, title: "T", image: ItemImage(url: url))).contains("<img"), "\(url)")
        }
    }

    @Test("hostile title, author and url come out escaped, never as raw markup")
    func escapesEverything() throws {
        let story = Story.fixture(
            id: 7, title: #"<script>alert("t")</script> & 'q'"#, url: #"https://example.com/?a=1&b="2"<script>"#,
            by: "<script>x</script>\"&'")
        let html = try Self.renderer().html(story)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &#39;q&#39;"))
        #expect(html.contains("&lt;script&gt;x&lt;/script&gt;&quot;&amp;&#39;"))
        #expect(html.contains(#"href="https://example.com/?a=1&amp;b=&quot;2&quot;&lt;script&gt;""#))
        // Every attribute value stays inside its quotes: no stray quote characters at all.
        let links = HTMLScan.openingTags("a", in: html)
        #expect(links.count == 1)
        #expect(links.first?.keys.sorted() == ["href"])
    }

    @Test("the context holds the raw values; escaping is the template's job")
    func contextIsRaw() throws {
        let story = Story.fixture(id: 7, title: "<b>&", url: "https://www.example.com/x", by: "pg")
        let c = try Self.renderer().context(story)
        #expect(c["title"]?.stringValue == "<b>&")
        #expect(c["href"]?.stringValue == "https://www.example.com/x")
        #expect(c["domain"]?.stringValue == "example.com")
        #expect(c["by"]?.stringValue == "pg")
        #expect(c["id"]?.intValue == 7)
        #expect(c["itemHref"] == nil)
    }

    @Test("a text-only story's title links to its item page")
    func textOnlyLinksToItem() throws {
        let story = Story.fixture(id: 1234, title: "Ask HN: Why?", text: "<p>Because")
        let renderer = try Self.renderer()
        let c = renderer.context(story)
        #expect(c["href"]?.stringValue == "/item/1234/")
        #expect(c["itemHref"]?.stringValue == "/item/1234/")
        #expect(c["domain"] == nil)
        let html = renderer.html(story)
        #expect(html.contains(#"<a href="/item/1234/">Ask HN: Why?</a>"#))
    }

    @Test("a story with both url and text links the title to the url and the comments to the item page")
    func urlAndText() throws {
        let story = Story.fixture(id: 5, title: "Show HN: X", url: "https://x.dev/", descendants: 3, text: "<p>Hi")
        let html = try Self.renderer().html(story)
        #expect(html.contains(#"<a href="https://x.dev/">Show HN: X</a>"#))
        #expect(html.contains(#"<a href="/item/5/">3 comments</a>"#))
    }

    @Test(
        "a javascript: url gives no link to it",
        arguments: ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\tscript:x", "data:text/html,x"])
    func unsafeURL(url: String) throws {
        let renderer = try Self.renderer()
        let plain = Story.fixture(id: 9, title: "T", url: url)
        #expect(renderer.context(plain)["href"] == nil)
        let html = renderer.html(plain)
        #expect(!html.lowercased().contains("javascript"))
        #expect(!html.contains("data:"))
        #expect(!html.contains("<a "))
        #expect(html.contains("<h2>T</h2>"))
        // With text, the title falls back to the item page.
        let withText = Story.fixture(id: 9, title: "T", url: url, text: "x")
        #expect(renderer.context(withText)["href"]?.stringValue == "/item/9/")
        #expect(!renderer.html(withText).lowercased().contains("javascript"))
    }

    @Test("a base URL prefixes item links")
    func baseURL() throws {
        let renderer = try Self.renderer(base: "/sub/")
        let story = Story.fixture(id: 42, title: "T", descendants: 0, text: "hello")
        let html = renderer.html(story)
        #expect(html.contains(#"href="/sub/item/42/""#))
        #expect(!html.contains(#"href="/item/"#))
        #expect(renderer.context(story)["base"]?.stringValue == "/sub/")
    }

    @Test("score, comments and time read as words; absent facts leave no trace")
    func metaWords() throws {
        let renderer = try Self.renderer()
        let full = renderer.html(Story.fixture(id: 1, title: "T", by: "pg", time: 0, score: 1, descendants: 1))
        #expect(full.contains("1 point "))
        #expect(full.contains("| 1 comment<"))
        #expect(full.contains(#"<time datetime="1970-01-01T00:00:00Z">Jan 1, 1970 00:00</time>"#))
        #expect(full.contains("by pg "))
        let many = renderer.html(Story.fixture(id: 1, title: "T", score: 57, descendants: 12))
        #expect(many.contains("57 points") && many.contains("12 comments"))
        #expect(renderer.html(Story.fixture(id: 1, title: "T", descendants: 0)).contains("discuss"))
        let bare = renderer.html(Story.fixture(id: 1, title: "T", by: ""))
        #expect(!bare.contains("point") && !bare.contains("comment") && !bare.contains("<time") && !bare.contains("by "))
    }

    @Test("the domain is shown beside an external link")
    func domainShown() throws {
        let html = try Self.renderer().html(Story.fixture(title: "T", url: "https://www.Example.com:443/a"))
        #expect(html.contains("(example.com)"))
    }

    @Test("html has no trailing whitespace (the article wraps it tightly)")
    func trimmed() throws {
        let html = try Self.renderer().html(Story.fixture())
        #expect(html.last.map { !$0.isWhitespace } == true)
    }

    @Test("the article element carries the id, and no rank: the set's size is unknown (-1)")
    func article() {
        let a = RowRenderer.article(html: "<h2>x</h2>", id: 77)
        let parsed = HTMLScan.articles(in: a)
        #expect(parsed.count == 1)
        #expect(parsed.first?.attributes["aria-posinset"] == nil)
        #expect(parsed.first?.attributes["aria-setsize"] == "-1")
        #expect(parsed.first?.attributes["data-id"] == "77")
        #expect(parsed.first?.inner == "<h2>x</h2>")
    }
}

extension RowRendererTests {
    @Test("a row links each of its terms' lists, categories first, each term once, with its name escaped")
    func termLinks() throws {
        var story = Story(id: 1, title: "t")
        story.markdownExtras.terms = [.tags: ["Zürich", "<b>", "zürich", "!!!"], .categories: ["News"]]
        let html = try Self.renderer(base: "/blog/").html(story)
        let links = HTMLScan.openingTags("a", in: html).filter { $0["rel"] == "tag" }.compactMap { $0["href"] }
        #expect(links == ["/blog/categories/news/", "/blog/tags/z%C3%BCrich/", "/blog/tags/b/"])
        #expect(html.contains(">#&lt;b&gt;</a>") && html.contains(">News</a>") && html.contains(">#Zürich</a>"))
    }
}
