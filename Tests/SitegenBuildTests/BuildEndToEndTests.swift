import Foundation
import SitegenAssets
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource

/// `Build.run` into a temporary folder, then the output read back with independent parsers.
@Suite("Build, end to end")
struct BuildEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var count: Int
        var pageSize: Int
        var base: String = "/"
        var testDescription: String { "\(count) stories, \(pageSize) a page, base \(base)" }
    }

    static let cases: [Case] = [
        Case(count: 1000, pageSize: 30), Case(count: 31, pageSize: 30), Case(count: 30, pageSize: 30),
        Case(count: 1, pageSize: 30), Case(count: 7, pageSize: 1), Case(count: 300, pageSize: 50, base: "/sub/"),
    ]

    /// The story ids the source should yield, in rank order (the sample's bad entries dropped).
    static func expectedStories(_ source: SampleSource) async throws -> [Story] {
        ItemFilter.stories(from: try await source.entries()).stories
    }

    /// Builds `c` into a fresh folder and hands the parsed site to `body`.
    static func withBuiltSite(
        _ c: Case, _ body: (BuiltSite, BuildReport, [Story], TemporaryFolder) async throws -> Void
    ) async throws {
        try await withTemporaryFolder { folder in
            let source = SampleSource(count: c.count)
            let output = folder.path("out")
            let report = try await Build.run(
                BuildRequest(source: source, output: output, options: SiteOptions(pageSize: c.pageSize, baseURL: c.base)))
            let site = try BuiltSite(root: output)
            try await body(site, report, try await expectedStories(source), folder)
        }
    }

    @Test("every story is on exactly one page, in rank order, pages numbered from the oldest, rows unranked", arguments: cases)
    func pagesHoldEveryStory(c: Case) async throws {
        try await Self.withBuiltSite(c) { site, report, stories, _ in
            let ids = stories.map(\.id)
            let n = ids.count
            // The sample's items are all good stories; from 40 on it adds 4 bad entries, all skipped.
            #expect(n == c.count)
            #expect(report.skipped.count == (c.count >= 40 ? 4 : 0))
            #expect(report.stories == n)
            #expect(site.pageIDs == ids)
            #expect(Set(site.pageIDs).count == n)
            let expectedPages = max(1, n / c.pageSize)
            #expect(site.pages.count == expectedPages)
            #expect(report.pages == expectedPages)
            #expect(site.pages.map(\.number) == Array((1...expectedPages).reversed()))
            #expect(site.pages.allSatisfy { $0.articles.allSatisfy { $0.attributes["aria-posinset"] == nil } })
            let sizes = Set(site.pages.flatMap { $0.articles.map { $0.attributes["aria-setsize"] } })
            #expect(n == 0 || sizes == ["-1"])
            for page in site.pages.dropFirst() { #expect(page.articles.count == c.pageSize, "page \(page.number) is full") }
            if n >= c.pageSize { #expect((c.pageSize..<(2 * c.pageSize)).contains(site.pages[0].articles.count)) }
        }
    }

    @Test("pages link to their neighbours with rel=next/prev; the pager marks the current page", arguments: cases)
    func pageLinks(c: Case) async throws {
        try await Self.withBuiltSite(c) { site, _, _, _ in
            let paths = SitePaths(base: c.base)
            let count = site.pages.count
            for page in site.pages {
                // The list reads newest first: next is the older page, prev the newer.
                let anchors = HTMLScan.openingTags("a", in: page.html)
                let next = anchors.filter { $0["rel"] == "next" }.map { $0["href"] }
                let prev = anchors.filter { $0["rel"] == "prev" }.map { $0["href"] }
                #expect(next == (page.number == 1 ? [] : [paths.page(page.number - 1, of: count)]), "page \(page.number)")
                #expect(prev == (page.number == count ? [] : [paths.page(page.number + 1, of: count)]), "page \(page.number)")
                if count > 1 {
                    let current = anchors.filter { $0["aria-current"] == "page" }.map { $0["href"] }
                    #expect(current == [paths.page(page.number, of: count)], "page \(page.number)")
                }
            }
            if count > 1 {
                #expect(site.pages[0].html.contains(#"<a rel="next" href="\#(c.base)page/\#(count - 1)/">"#))
                #expect(site.pages[0].html.contains(#">Newest</a>"#))
            }
        }
    }

    @Test("every story is in exactly one shard file, and shards hold consecutive ranks", arguments: cases)
    func shardsHoldEveryStory(c: Case) async throws {
        try await Self.withBuiltSite(c) { site, report, stories, _ in
            let ids = stories.map(\.id)
            let all = site.shards.values.flatMap { $0.map(\.id) }
            #expect(all.count == ids.count)
            #expect(Set(all) == Set(ids))
            #expect(report.shards == site.shards.count)
            // Each shard file's rows are a consecutive run of the ranked list.
            let rank = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
            for (name, records) in site.shards {
                let ranks = records.compactMap { rank[$0.id] }
                #expect(
                    ranks.count == records.count && ranks == Array((ranks.first ?? 0)..<((ranks.first ?? 0) + ranks.count)),
                    "s/\(name).json")
                #expect(records.allSatisfy { $0.object["rank"] == nil })
            }
        }
    }

    @Test("every shard a manifest part names exists with the stated bytes and rows; parts cover the list", arguments: cases)
    func manifestMatchesShards(c: Case) async throws {
        try await Self.withBuiltSite(c) { site, report, stories, _ in
            let ids = stories.map(\.id)
            #expect(site.manifestBuilds.count == 1)
            #expect(report.manifestParts == site.manifestParts.count)
            #expect(site.manifestParts.keys.sorted() == Array(0..<site.manifestParts.count))
            var named = Set<String>()
            var covered = 0
            for index in site.manifestParts.keys.sorted() {
                let part = site.manifestParts[index]!
                let first = try jsonInt(part["first"])
                let count = try jsonInt(part["count"])
                #expect(first == covered, "part \(index) starts where the previous ended")
                covered += count
                for entry in try jsonArray(part["shards"]).map({ try WireShard($0) }) {
                    named.insert(entry.name)
                    let records = try #require(site.shards[entry.name], "part \(index) names missing s/\(entry.name).json")
                    #expect(site.shardBytes[entry.name] == entry.bytes, "s/\(entry.name).json byte count")
                    #expect(records.map(\.id) == Array(ids[entry.rows]), "s/\(entry.name).json holds rows \(entry.rows)")
                    #expect(entry.rows.overlaps(first..<(first + count)), "part \(index) lists only shards it touches")
                }
            }
            #expect(covered == ids.count)
            #expect(named == Set(site.shards.keys), "every shard file is in the manifest, and no other")
        }
    }

    @Test(
        "each page's config parses, its shards counted from the list's end cover its rows; the front and head.json name the build",
        arguments: cases)
    func pageConfig(c: Case) async throws {
        try await Self.withBuiltSite(c) { site, _, stories, _ in
            let ids = stories.map(\.id)
            let pages = Paginator.pages(total: ids.count, pageSize: c.pageSize)
            #expect(try jsonInt(site.head?["total"]) == ids.count)
            #expect(site.head?["build"] as? String == site.manifestBuilds.first)
            for (page, rows) in zip(site.pages, pages.reversed()) {
                let config = page.config
                let isFront = page.number == pages.count
                #expect(try jsonInt(config["v"]) == 2)
                #expect(try jsonInt(config["page"]) == page.number)
                #expect(try jsonInt(config["below"]) == ids.count - rows.upperBound)
                #expect(try jsonInt(config["count"]) == rows.count)
                #expect(try jsonInt(config["pageSize"]) == c.pageSize)
                #expect(config["base"] as? String == c.base)
                // Only the front names what changes as the list grows.
                #expect(isFront ? try jsonInt(config["total"]) == ids.count : config["total"] == nil)
                #expect(config["build"] as? String == (isFront ? site.manifestBuilds.first : nil))
                let shards = try jsonArray(config["shards"]).map { entry in
                    // [below, count, name, bytes] → the wire shard of rows from the top.
                    var wire = try WireShard(entry)
                    wire.first = ids.count - wire.first - wire.count
                    return wire
                }
                var coveredRows = Set<Int>()
                for entry in shards {
                    let records = try #require(site.shards[entry.name], "page \(page.number) names missing s/\(entry.name).json")
                    #expect(site.shardBytes[entry.name] == entry.bytes)
                    #expect(records.map(\.id) == Array(ids[entry.rows]))
                    coveredRows.formUnion(entry.rows)
                }
                #expect(rows.allSatisfy(coveredRows.contains), "page \(page.number)'s rows are in its inline shards")
            }
        }
    }

    @Test("a row's HTML on the static page equals the html field of its shard record", arguments: cases)
    func oneRendererOneTruth(c: Case) async throws {
        try await Self.withBuiltSite(c) { site, _, stories, _ in
            var recordHTML: [Int: String] = [:]
            for records in site.shards.values { for r in records { recordHTML[r.id] = r.html } }
            var compared = 0
            for page in site.pages {
                for article in page.articles {
                    let id = try #require(article.attributes["data-id"].flatMap(Int.init))
                    #expect(article.inner == recordHTML[id], "row \(id)")
                    compared += 1
                }
            }
            #expect(compared == stories.count)
        }
    }

    @Test("stories with text or comments get an item page holding their sanitized text; assets the pages link to exist")
    func itemPagesAndAssets() async throws {
        try await Self.withBuiltSite(Case(count: 300, pageSize: 30)) { site, report, stories, _ in
            let withText = stories.filter { !($0.text ?? "").isEmpty }
            // The sample makes a thread for every story that counts comments.
            let withPages = stories.filter { !($0.text ?? "").isEmpty || ($0.descendants ?? 0) > 0 }
            let threadScript = try FileManager.default.contentsOfDirectory(atPath: site.root + "/assets")
                .first { $0.hasPrefix("thread.") }.map { "/assets/" + $0 }
            #expect(!withText.isEmpty && withPages.count > withText.count)
            #expect(report.itemPages == withPages.count)
            let itemFolders = try FileManager.default.contentsOfDirectory(atPath: site.root + "/item")
            #expect(Set(itemFolders) == Set(withPages.map { "\($0.id)" }))
            for story in withText {
                let html = try readText(site.root + "/item/\(story.id)/index.html")
                #expect(html.contains(HTMLSanitizer.sanitize(story.text!)))
                // The thread's script, on pages with a thread; no other.
                let scripts = HTMLScan.openingTags("script", in: html).compactMap { $0["src"] }
                #expect(scripts == (story.descendants ?? 0 > 0 ? [try #require(threadScript)] : []))
                #expect(!html.contains("<script>"))
            }
            for page in site.pages {
                let links = HTMLScan.openingTags("link", in: page.html).filter { $0["rel"] == "stylesheet" }.compactMap {
                    $0["href"]
                }
                let icons = HTMLScan.openingTags("link", in: page.html).filter { $0["rel"] == "icon" }.compactMap { $0["href"] }
                let scripts = HTMLScan.openingTags("script", in: page.html).compactMap { $0["src"] }
                #expect(links.count == 1 && icons.count == 1 && scripts.count == 1)
                for href in links + icons + scripts {
                    #expect(FileManager.default.fileExists(atPath: site.root + href), "\(href) exists")
                }
                #expect(icons.allSatisfy { $0.hasPrefix("/assets/favicon.") && $0.hasSuffix(".svg") })
            }
            let icon = try #require(
                try FileManager.default.contentsOfDirectory(atPath: site.root + "/assets").first { $0.hasPrefix("favicon.") })
            #expect(try readText(site.root + "/assets/" + icon) == EmbeddedAssets.favicon)
            #expect(try readText(site.root + "/" + Generations.recordFile).contains("assets/" + icon), "kept with its generation")
        }
    }

    @Test("a list page opens with a link that skips the feed, to the pager after it", arguments: [1, 31])
    func skipLink(count: Int) async throws {
        try await Self.withBuiltSite(Case(count: count, pageSize: 30)) { site, _, _, _ in
            for page in site.pages {
                let skips = HTMLScan.openingTags("a", in: page.html).filter { $0["class"] == "skip" }
                #expect(skips.count == 1 && skips.first?["href"] == "#pages", "page \(page.number)")
                let skip = try #require(page.html.range(of: #"<a class="skip""#))
                let feed = try #require(page.html.range(of: #"role="feed""#))
                let target = try #require(page.html.range(of: #"id="pages""#), "page \(page.number) has the link's target")
                #expect(skip.lowerBound < feed.lowerBound && feed.upperBound < target.lowerBound)
                #expect(HTMLScan.count(of: #"id="pages""#, in: page.html) == 1)
            }
        }
    }

    @Test("--no-item-pages: no item/ folder, no row or feed entry links to one, no item page in the sitemap")
    func withoutItemPages() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path + "/out"
            let report = try await Build.run(
                BuildRequest(source: SampleSource(count: 300), output: output, options: SiteOptions(itemPages: false)))
            #expect(report.itemPages == 0)
            #expect(!FileManager.default.fileExists(atPath: output + "/item"))
            for (file, link) in [
                ("/index.html", "href=\"/item/"), ("/page/2/index.html", "href=\"/item/"), ("/feed.xml", "href=\"/item/"),
                ("/sitemap.xml", "<loc>/item/"),
            ] {
                #expect(!(try readText(output + file)).contains(link), "\(file) links no item page")
            }
            let shard = try FileManager.default.contentsOfDirectory(atPath: output + "/s").first!
            #expect(!(try readText(output + "/s/" + shard)).contains("/item/"))
        }
    }

    @Test("an empty source builds one page saying so, with no rows, shards or manifest parts")
    func emptySource() async throws {
        try await withTemporaryFolder { folder in
            let source = try folder.write("[]", to: "empty.json")
            let output = folder.path("out")
            let report = try await Build.run(BuildRequest(source: JSONArrayFileSource(path: source), output: output))
            #expect(report.stories == 0 && report.pages == 1 && report.shards == 0 && report.manifestParts == 0)
            let site = try BuiltSite(root: output)
            #expect(site.pages.count == 1)
            #expect(site.pages[0].articles.isEmpty)
            #expect(site.pages[0].html.contains("No stories yet."))
            #expect(!site.pages[0].html.contains(#"rel="next""#))
            #expect(try jsonInt(site.pages[0].config["total"]) == 0)
            #expect(try jsonArray(site.pages[0].config["shards"]).isEmpty)
            #expect(site.shards.isEmpty)
            #expect(site.manifestParts.isEmpty)
        }
    }

    @Test("a one-page site has no page/ folders (nothing to serve at /page/2/)")
    func noEmptyPageFolders() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            _ = try await Build.run(BuildRequest(source: SampleSource(count: 10), output: output))
            let pageFolders = (try? FileManager.default.contentsOfDirectory(atPath: output + "/page")) ?? []
            for name in pageFolders {
                #expect(
                    FileManager.default.fileExists(atPath: output + "/page/\(name)/index.html"),
                    "page/\(name)/ exists without an index.html")
            }
        }
    }

    @Test("hostile data from a JSON file never reaches the page as markup")
    func hostileData() async throws {
        try await withTemporaryFolder { folder in
            let items = """
                [
                {"id": 1, "title": "<script>alert(1)</script>", "url": "javascript:alert(1)", "by": "<img src=x onerror=alert(1)>"},
                {"id": 2, "title": "Ask: </article><script>x</script>", "text": "<p>hi<script>alert(2)</script><a href=\\"javascript:alert(3)\\">l</a>"},
                {"id": 3, "title": "fine", "url": "https://example.com/\\"><script>alert(4)</script>"}
                ]
                """
            let source = try folder.write(items, to: "hostile.json")
            let output = folder.path("out")
            let report = try await Build.run(BuildRequest(source: JSONArrayFileSource(path: source), output: output))
            #expect(report.stories == 3)
            let site = try BuiltSite(root: output)
            #expect(site.pageIDs == [1, 2, 3])
            let page = site.pages[0].html
            // The only scripts are the two sitegen writes: its script file and the config block.
            #expect(HTMLScan.count(of: "<script", in: page) == 2)
            #expect(!page.contains("<img"))
            #expect(!page.lowercased().contains("javascript:"))
            let item = try readText(output + "/item/2/index.html")
            #expect(!item.contains("<script"))
            #expect(!item.lowercased().contains("javascript:"))
            for records in site.shards.values {
                for r in records { #expect(!r.html.contains("<script") && !r.html.lowercased().contains("javascript:")) }
            }
        }
    }
}
