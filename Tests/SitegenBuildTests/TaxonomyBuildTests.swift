import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenSource
@testable import SitegenWrite

/// A Markdown folder with tags and categories, built and read back from disk.
@Suite("taxonomies: a built site's term lists")
struct TaxonomyBuildTests {
    /// Posts 1...count, newest last by date; post n has the tags `tags(n)`.
    static func writePosts(
        _ folder: TemporaryFolder, count: Int, tags: (Int) -> [String], category: (Int) -> String? = { _ in nil }
    )
        throws
    {
        for n in 1...count {
            var text = "---\ntitle: Post \(n)\ndate: 2025-01-\(String(format: "%02d", n))\n"
            text += "tags: [\(tags(n).map { "\"\($0)\"" }.joined(separator: ", "))]\n"
            if let category = category(n) { text += "category: \(category)\n" }
            try folder.write(text + "---\nBody \(n).\n", to: "content/post-\(n).md")
        }
    }

    static func build(_ folder: TemporaryFolder, options: SiteOptions = SiteOptions(pageSize: 2)) async throws -> BuildReport {
        try await Build.run(
            BuildRequest(source: MarkdownStorySource(path: folder.path("content")), output: folder.path("out"), options: options))
    }

    static func config(_ file: String) throws -> [String: Any] {
        try jsonObject(try parseJSON(try #require(HTMLScan.pageConfig(in: try readText(file)))))
    }

    @Test(
        "a term's pages hold its stories in the site's order, ranked within the term; its shards and manifest hold the same rows")
    func termList() async throws {
        try await withTemporaryFolder { folder in
            // swift on the odd posts (5 of 9: page 1 holds the oldest two, the front the newest
            // three), web on post 2 alone.
            try Self.writePosts(folder, count: 9, tags: { n in n % 2 == 1 ? ["Swift"] : n == 2 ? ["web"] : [] })
            let report = try await Self.build(folder)
            #expect(report.terms == 2 && report.termPages == 3)
            let id = { (n: Int) in MarkdownStory.id(forFile: "post-\(n).md") }
            let expected = [9, 7, 5, 3, 1].map(id)
            var shown: [Int] = []
            for (below, file) in [(2, "tags/swift/index.html"), (0, "tags/swift/page/1/index.html")] {
                let html = try readText(folder.path("out/" + file))
                let articles = HTMLScan.articles(in: html)
                shown += articles.compactMap { $0.attributes["data-id"].flatMap(Int.init) }
                #expect(articles.map { $0.attributes["aria-setsize"] } == Array(repeating: "-1", count: articles.count))
                let config = try Self.config(folder.path("out/" + file))
                #expect(config["list"] as? String == "/tags/swift/" && config["below"] as? Int == below)
                // Only the front says the term's length; the other pages read the term's head.json.
                #expect(config["total"] as? Int == (below == 2 ? 5 : nil))
                #expect(html.contains("<h1 class=\"term\">Tagged Swift"))
            }
            #expect(shown == expected)
            let head = try jsonObject(try parseJSON(try readText(folder.path("out/tags/swift/head.json"))))
            #expect(head["total"] as? Int == 5)
            // The shards, through the manifest, hold the same stories in the same order.
            let build = try #require(try Self.config(folder.path("out/tags/swift/index.html"))["build"] as? String)
            #expect(head["build"] as? String == build)
            let part = try jsonObject(try parseJSON(try readText(folder.path("out/m/\(build)/0.json"))))
            var ids: [Int] = []
            for entry in try #require(part["shards"] as? [[Any]]) {
                let shard = try jsonObject(try parseJSON(try readText(folder.path("out/s/\(entry[2] as! String).json"))))
                ids += (shard["items"] as! [[String: Any]]).map { $0["id"] as! Int }
            }
            #expect(ids == expected)
            // A term on one page: every row static, nothing to fetch.
            let web = try Self.config(folder.path("out/tags/web/index.html"))
            #expect(web["build"] as? String == "" && (web["shards"] as? [Any])?.isEmpty == true)
            #expect(HTMLScan.articles(in: try readText(folder.path("out/tags/web/index.html"))).count == 1)
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/tags/web/head.json")))
            let record = Generations.parse(try readText(folder.path("out/m/builds.txt")))
            #expect(record.first?.lists == [build])
        }
    }

    @Test("the index of terms lists each with its count; pages link their terms; the sitemap and _headers know the lists")
    func indexAndLinks() async throws {
        try await withTemporaryFolder { folder in
            try Self.writePosts(
                folder, count: 3, tags: { n in n == 1 ? ["C++", "zürich"] : ["zürich"] },
                category: { n in n == 3 ? "Release Notes" : nil }
            )
            _ = try await Self.build(folder, options: SiteOptions(pageSize: 1, baseURL: "https://e.com/blog/"))
            let index = try readText(folder.path("out/tags/index.html"))
            let links = HTMLScan.elements("li", in: index).map(\.inner)
            #expect(links.count == 2)
            #expect(links[0].contains(">C++</a> <small>1 story</small>") && links[0].contains("/blog/tags/c-plus-plus/"))
            #expect(links[1].contains(">zürich</a> <small>3 stories</small>") && links[1].contains("/blog/tags/z%C3%BCrich/"))
            #expect(FileManager.default.fileExists(atPath: folder.path("out/tags/zürich/page/2/index.html")))
            #expect(FileManager.default.fileExists(atPath: folder.path("out/categories/release-notes/index.html")))
            // A document links its terms from its byline (its row says its day and summary).
            let post = try readText(folder.path("out/post-3/index.html"))
            #expect(
                post.contains(#"<a class="term" rel="tag" href="https://e.com/blog/categories/release-notes/">Release Notes</a>"#)
            )
            let sitemap = try readText(folder.path("out/sitemap.xml"))
            for url in ["tags/", "categories/", "tags/z%C3%BCrich/page/2/", "tags/c-plus-plus/"] {
                #expect(sitemap.contains("<loc>https://e.com/blog/\(url)</loc>"), "\(url)")
            }
            #expect(try readText(folder.path("out/_headers")).contains("/blog/tags/*\n  Cache-Control: no-cache"))
        }
    }

    @Test("--no-taxonomies writes no term list and no row links to one")
    func off() async throws {
        try await withTemporaryFolder { folder in
            try Self.writePosts(folder, count: 3, tags: { _ in ["swift"] })
            let report = try await Self.build(folder, options: SiteOptions(pageSize: 2, taxonomies: false))
            #expect(report.terms == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/tags")))
            #expect(!(try readText(folder.path("out/index.html"))).contains("rel=\"tag\""))
        }
    }

    @Test("a new build keeps the previous build's term manifests and their shards, for readers mid-scroll")
    func keptForReaders() async throws {
        try await withTemporaryFolder { folder in
            try Self.writePosts(folder, count: 6, tags: { _ in ["swift"] })
            _ = try await Self.build(folder)
            let old = try #require(try Self.config(folder.path("out/tags/swift/index.html"))["build"] as? String)
            let oldPart = try readText(folder.path("out/m/\(old)/0.json"))
            try Self.writePosts(folder, count: 7, tags: { _ in ["swift"] })
            _ = try await Self.build(folder)
            let new = try #require(try Self.config(folder.path("out/tags/swift/index.html"))["build"] as? String)
            #expect(new != old)
            #expect(try readText(folder.path("out/m/\(old)/0.json")) == oldPart)
            for name in ManifestPartNames.shardNames(in: Array(oldPart.utf8)) {
                #expect(FileManager.default.fileExists(atPath: folder.path("out/s/\(name).json")))
            }
            let record = Generations.parse(try readText(folder.path("out/m/builds.txt")))
            #expect(record.map(\.lists) == [[new], [old]])
        }
    }
}

extension TaxonomyBuildTests {
    @Test("a site page named tags is refused only when the site has tags to list there")
    func sitePageNamedTags() async throws {
        try await withTemporaryFolder { folder in
            try Self.writePosts(folder, count: 2, tags: { _ in [] })
            try folder.write("---\ntitle: Tags\n---\nMy tags.\n", to: "pages/tags.md")
            let request = { (options: SiteOptions) in
                BuildRequest(
                    source: MarkdownStorySource(path: folder.path("content")), output: folder.path("out"), options: options,
                    pages: folder.path("pages"))
            }
            _ = try await Build.run(request(SiteOptions(pageSize: 2)))
            #expect(try readText(folder.path("out/tags/index.html")).contains("My tags."))
            try Self.writePosts(folder, count: 2, tags: { _ in ["swift"] })
            await #expect(throws: SourceError.self) { _ = try await Build.run(request(SiteOptions(pageSize: 2))) }
            #expect(try readText(folder.path("out/tags/index.html")).contains("My tags."), "the previous output as it was")
            _ = try await Build.run(request(SiteOptions(pageSize: 2, taxonomies: false)))
        }
    }
}
