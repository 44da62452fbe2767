import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The files around the pages: feed, sitemap, robots.txt, 404.html, _headers, and the head links
/// (canonical, feed, prev/next, title) on every page.
@Suite("feeds, sitemap and hosting files")
struct DiscoveryTests {
    /// The elements of an XML document in order (name, attributes, text), or the parser's error.
    final class XMLElements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String], text: String)] = []
        private var text = ""

        static func parse(_ data: Data) throws -> [(name: String, attributes: [String: String], text: String)] {
            let parser = XMLParser(data: data)
            let collector = XMLElements()
            parser.delegate = collector
            guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
            return collector.elements
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append((name, attributes, ""))
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if let index = elements.lastIndex(where: { $0.name == name }) { elements[index].text = text }
            text = ""
        }
    }

    static func build(base: String = "/sub/", stories: Int = 95, in folder: TemporaryFolder) async throws -> String {
        let output = folder.path("out")
        _ = try await Build.run(
            BuildRequest(
                source: SampleSource(count: stories), output: output,
                options: SiteOptions(pageSize: 30, baseURL: base, title: "News & Co")))
        return output
    }

    @Test("feed.xml is Atom that parses: the 20 newest stories, links under the base URL")
    func feed() async throws {
        try await withTemporaryFolder { folder in
            let out = try await Self.build(in: folder)
            let elements = try XMLElements.parse(try readBytes(out + "/feed.xml"))
            #expect(elements.first?.name == "feed")
            #expect(elements.first?.attributes["xmlns"] == "http://www.w3.org/2005/Atom")
            #expect(elements.first { $0.name == "title" }?.text == "News & Co")
            let entries = elements.filter { $0.name == "entry" }
            #expect(entries.count == 20)
            let links = elements.filter { $0.name == "link" }.compactMap { $0.attributes["href"] }
            #expect(links.contains("/sub/feed.xml"))
            #expect(links.allSatisfy { $0.hasPrefix("/sub/") || $0.hasPrefix("https://") || $0.hasPrefix("http://") })
            let updated = elements.filter { $0.name == "updated" }.map(\.text)
            #expect(Array(updated.dropFirst()) == updated.dropFirst().sorted(by: >), "entries newest first")
        }
    }

    @Test("the feed's newest stories: by time, rank breaking ties; a story without a time is never an entry")
    func newest() {
        let stories = [
            Story(id: 1, title: "a", time: 100), Story(id: 2, title: "b", time: 300), Story(id: 3, title: "c"),
            Story(id: 4, title: "d", time: 300),
        ]
        #expect(AtomFeed.newest(stories).map(\.id) == [2, 4, 1])
        #expect(AtomFeed.newest([Story(id: 9, title: "x"), Story(id: 8, title: "y")]).isEmpty)
        let xml = AtomFeed.xml(
            stories: [Story(id: 9, title: "undated"), Story(id: 8, title: "dated", time: 1_750_896_000)], title: "t",
            paths: SitePaths(base: "/"), built: 1_800_000_000, hasItemPage: { _ in false })
        #expect(!xml.contains("undated") && xml.contains("2025-06-26") && !xml.contains("1970"))
        // A feed of no dated story says when it was built, not 1970.
        let undated = AtomFeed.xml(
            stories: [Story(id: 9, title: "undated")], title: "t", paths: SitePaths(base: "/"), built: 1_800_000_000,
            hasItemPage: { _ in false })
        #expect(undated.contains("<updated>2027-01-15T08:00:00Z</updated>") && !undated.contains("1970"))
    }

    @Test("a title with control characters still gives a feed that parses; links go where the row's go")
    func controlCharacters() throws {
        let xml = AtomFeed.xml(
            stories: [
                Story(id: 1, title: "bell\u{7} <b>&amp; \"q\"", url: "javascript:alert(1)", by: "x\u{1}y", time: 5, text: "t"),
                Story(id: 2, title: "no page", time: 4),
            ],
            title: "T", paths: SitePaths(base: "https://example.com/news/"), built: 0, hasItemPage: \.hasItemPage)
        let elements = try XMLElements.parse(Data(xml.utf8))
        let entry = elements.filter { $0.name == "title" }.map(\.text)
        #expect(entry == ["T", "bell <b>&amp; \"q\"", "no page"])
        let links = elements.filter { $0.name == "link" }.compactMap { $0.attributes["href"] }
        #expect(
            links == [
                "https://example.com/news/", "https://example.com/news/feed.xml", "https://example.com/news/item/1/",
                "https://example.com/news/",
            ])
        #expect(elements.first { $0.name == "id" }?.text == "https://example.com/news/")
    }

    @Test("sitemap.xml is a urlset of every list page, site page and item page")
    func sitemap() async throws {
        try await withTemporaryFolder { folder in
            // 125 stories, 30 a page: pages 1 to 3 (the oldest 90) and the front (35).
            let out = try await Self.build(stories: 125, in: folder)
            let elements = try XMLElements.parse(try readBytes(out + "/sitemap.xml"))
            #expect(elements.first?.name == "urlset")
            let locations = elements.filter { $0.name == "loc" }.map(\.text)
            let items = filesUnder(out + "/item").count
            #expect(locations.count == 4 + items)
            // In the order they grow in: the front, then pages from the oldest, then items.
            #expect(locations.prefix(4) == ["/sub/", "/sub/page/1/", "/sub/page/2/", "/sub/page/3/"])
            #expect(locations.dropFirst(4).allSatisfy { $0.hasPrefix("/sub/item/") })
        }
    }

    @Test("more than 50,000 URLs: a sitemap index and numbered urlsets of pages and of items; new ones change the last")
    func sitemapIndex() throws {
        let paths = SitePaths(base: "https://e.com/")
        let pages = (1...10).map { "https://e.com/page/\($0)/" }
        let items = (0..<50_001).map { "https://e.com/item/\($0)/" }
        let files = Sitemap.files(pages: pages, items: items, paths: paths)
        #expect(files.map(\.name) == ["sitemap.xml", "sitemap-pages-1.xml", "sitemap-items-1.xml", "sitemap-items-2.xml"])
        let text = files.map { String(decoding: $0.xml, as: UTF8.self) }
        #expect(text[0].contains("<sitemapindex"))
        #expect(text[0].contains("<loc>https://e.com/sitemap-items-2.xml</loc>"))
        #expect(text[1].components(separatedBy: "<url>").count == 11)
        #expect(text[2].components(separatedBy: "<url>").count == 50_001)
        #expect(text[3].components(separatedBy: "<url>").count == 2)
        // Ten new items and a new page: the first items file keeps its bytes.
        let grown = Sitemap.files(
            pages: pages + ["https://e.com/page/11/"], items: items + (50_001..<50_011).map { "https://e.com/item/\($0)/" },
            paths: paths)
        #expect(grown[2].xml == files[2].xml)
        #expect(grown[1].xml != files[1].xml && grown[3].xml != files[3].xml)
        // Under the limit, one urlset: pages, then items.
        let small = Sitemap.files(pages: pages, items: Array(items.prefix(5)), paths: paths)
        #expect(small.map(\.name) == ["sitemap.xml"])
    }

    @Test("robots.txt, _headers and 404.html exist; the 404 page links home under the base")
    func hostingFiles() async throws {
        try await withTemporaryFolder { folder in
            let out = try await Self.build(in: folder)
            #expect(try readText(out + "/robots.txt") == "User-agent: *\nAllow: /\n")
            let headers = try readText(out + "/_headers")
            #expect(headers.contains("/sub/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n"))
            #expect(headers.contains("/sub/s/*\n  Cache-Control: public, max-age=31536000, immutable\n"))
            #expect(headers.contains("/sub/\n  Cache-Control: no-cache\n"))
            #expect(headers.contains("/sub/page/*\n  Cache-Control: no-cache\n"))
            #expect(headers.contains("/sub/m/*\n  Cache-Control: no-cache\n"))
            let notFound = try readText(out + "/404.html")
            #expect(notFound.contains("<title>Page not found · News &amp; Co</title>"))
            #expect(notFound.contains("href=\"/sub/\""))
            #expect(!notFound.contains("rel=\"canonical\""))
        }
    }

    @Test("_headers rules never overlap: no path gets two Cache-Control values")
    func headersDoNotOverlap() {
        let text = HostingFiles.headers(paths: SitePaths(base: "https://e.com/news/"), folders: ["about", "blog", "blog"])
        let patterns = text.split(separator: "\n").filter { $0.hasPrefix("/") && $0 != "/news/*" }.map(String.init)
        #expect(patterns.contains("/news/about/*") && patterns.contains("/news/blog/*"))
        for path in [
            "/news/", "/news/page/2/", "/news/assets/style.1.css", "/news/s/x.json", "/news/m/b/0.json", "/news/feed.xml",
            "/news/about/", "/news/blog/hello/", "/news/tags/", "/news/tags/swift/page/2/", "/news/categories/a/",
        ] {
            let matching = patterns.filter { pattern in
                pattern.hasSuffix("*") ? path.hasPrefix(String(pattern.dropLast())) : path == pattern
            }
            #expect(matching.count == 1, "\(path): \(matching)")
        }
    }

    @Test("_headers stays under Cloudflare's 100 rules when every post is a folder of its own")
    func headersBounded() {
        let many = HostingFiles.headers(paths: SitePaths(base: "/"), folders: (0..<5_000).map { "post-\($0)" })
        let rules = many.split(separator: "\n").filter { $0.hasPrefix("/") }
        #expect(rules.count < 100 && !many.contains("post-"))
        #expect(HostingFiles.headers(paths: SitePaths(base: "/"), folders: ["blog"]).contains("/blog/*"))
    }

    @Test("robots.txt names the sitemap when the base URL is a full URL")
    func robotsSitemap() {
        #expect(
            HostingFiles.robots(paths: SitePaths(base: "https://e.com/news"))
                == "User-agent: *\nAllow: /\n\nSitemap: https://e.com/news/sitemap.xml\n")
    }

    @Test("every page has a canonical link, the feed link, its own <title>, and rel=prev/next where due")
    func headLinks() async throws {
        try await withTemporaryFolder { folder in
            let out = try await Self.build(stories: 125, in: folder)
            let page1 = try readText(out + "/index.html")
            #expect(page1.contains("<title>News &amp; Co</title>"))
            #expect(page1.contains("<link rel=\"canonical\" href=\"/sub/\">"))
            #expect(
                page1.contains(
                    "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"News &amp; Co\" href=\"/sub/feed.xml\">"))
            // The list reads newest first: the front's next page is the newest numbered one.
            #expect(page1.contains("<link rel=\"next\" href=\"/sub/page/3/\">"))
            #expect(!page1.contains("<link rel=\"prev\""))
            let page2 = try readText(out + "/page/2/index.html")
            #expect(page2.contains("<title>Page 2 · News &amp; Co</title>"))
            #expect(page2.contains("<link rel=\"canonical\" href=\"/sub/page/2/\">"))
            #expect(page2.contains("<link rel=\"prev\" href=\"/sub/page/3/\">"))
            #expect(page2.contains("<link rel=\"next\" href=\"/sub/page/1/\">"))
            let page3 = try readText(out + "/page/3/index.html")
            #expect(page3.contains("<link rel=\"prev\" href=\"/sub/\">"))
            #expect(!(try readText(out + "/page/1/index.html")).contains("<link rel=\"next\""))
            let item = try #require(filesUnder(out + "/item").first)
            let id = item.split(separator: "/").first!
            #expect(try readText(out + "/item/" + item).contains("<link rel=\"canonical\" href=\"/sub/item/\(id)/\">"))
        }
    }
}
