import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource
@testable import SitegenThreads
@testable import SitegenWrite

/// Stories' threads on their pages: built from a folder in the API's shape holding threads
/// shaped like HN's (2,500 comments 24 deep, deleted and flagged ones, code, links, entities,
/// Chinese, Korean, Arabic), and hostile comments.
@Suite("threads")
struct ThreadBuildTests {
    /// Every page of a story's thread, the story's own first.
    static func threadPages(_ output: String, story: Int) throws -> [String] {
        var pages = [try readText(output + "/item/\(story)/index.html")]
        var number = 2
        while FileManager.default.fileExists(atPath: output + "/item/\(story)/comments/\(number)/index.html") {
            pages.append(try readText(output + "/item/\(story)/comments/\(number)/index.html"))
            number += 1
        }
        return pages
    }

    /// The ids of the comments a page holds (`id="c…"`), in the page's order.
    static func commentIDs(_ html: String) -> [Int] {
        html.matches(of: /<li class="comment" id="c(\d+)"/).map { Int($0.output.1)! }
    }

    static func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try readBytes(path)) as! [String: Any]
    }

    @Test("a thread of 2,500 comments 24 deep: every comment once, in order, nested, on pages linked by rel=next")
    func bigThread() async throws {
        try await withTemporaryFolder { folder in
            let source = folder.path("hn")
            let threads = try ThreadFolder.write([(46_000_000, 2_500, 24), (47_000_000, 3, 2)], to: source)
            let output = folder.path("out")
            let report = try await Build.run(BuildRequest(source: HNDirectorySource(path: source), output: output))
            #expect(report.threads == 2 && report.commentsLeftOut == 0, "\(report.summary)")
            #expect(report.summary.contains("in 2 threads"))

            // The reading order, from the fixture's own items: the planner's, checked apart.
            var tree = CommentTree()
            for id in threads[0].ids {
                tree.comments[id] = CommentJSON.read(Array(try readBytes(source + "/item/\(id).json")), id: id)!.comment
            }
            tree.roots = CommentJSON.kids(Array(try readBytes(source + "/item/46000000.json")))
            let plan = ThreadPlanner.plan(tree, descendants: threads[0].live, cap: 10_000)
            #expect(plan.rows.contains { $0.depth == 23 }, "24 levels deep")

            let pages = try Self.threadPages(output, story: 46_000_000)
            #expect(pages.count == plan.pages.count && pages.count > 10)
            let shown = pages.flatMap(Self.commentIDs)
            #expect(shown == plan.rows.map(\.id), "every comment once, in reading order, across the pages")
            #expect(Set(shown).isSuperset(of: Set(threads[0].ids).subtracting(threads[0].deleted.union(threads[0].flagged))))
            for (n, page) in pages.enumerated() {
                // Balanced: as many closes as opens of each element that nests.
                for tag in ["ol", "li", "details"] {
                    #expect(
                        page.matches(of: try Regex("<\(tag)[ >]")).count == HTMLScan.count(of: "</\(tag)>", in: page),
                        "page \(n + 1): <\(tag)> balanced")
                }
                #expect(page.contains(#"rel="next""#) == (n < pages.count - 1), "page \(n + 1) links the next")
                #expect(page.contains(#"rel="prev""#) == (n > 0), "page \(n + 1) links the one before")
            }
            // A later page that starts inside a subtree opens with the comments above its first.
            let second = pages[1]
            let first = Self.commentIDs(second)[0]
            let row = plan.rows.firstIndex { $0.id == first }!
            #expect(HTMLScan.count(of: #"<li class="comment context">"#, in: second) == plan.ancestors(of: row).count)
            // A deleted or flagged comment shows as HN shows it, never its text.
            let html = pages.joined()
            #expect(html.contains("[deleted]") && html.contains("[flagged]"))
            // Real shapes: code, entities, scripts of the world.
            #expect(
                html.contains("<pre><code>") && html.contains("这个项目很有意思") && html.contains("한국어로도") && html.contains("هذا رائع"))
            #expect(!html.contains("<script>alert") && !html.contains("javascript:"))

            // The script's files: the manifest lists every row's id in order, and its shards
            // hold those rows, in order, each with its depth and count of replies.
            let config = pages[0].firstMatch(of: /"manifest":"\/c\/([0-9a-f]+)\.json"/)!.output.1
            let manifest = try Self.json(output + "/c/\(config).json")
            #expect(manifest["ids"] as? [Int] == plan.rows.map(\.id))
            #expect(manifest["depths"] as? [Int] == plan.rows.map(\.depth))
            var records: [[String: Any]] = []
            for shard in manifest["shards"] as! [[String: Any]] {
                let file = try Self.json(output + "/c/\(shard["name"] as! String).json")
                let comments = file["comments"] as! [[String: Any]]
                #expect(comments.count == shard["rows"] as? Int)
                records += comments
            }
            #expect(records.map { $0["id"] as? Int } == plan.rows.map(\.id))
            #expect(records.map { $0["depth"] as? Int } == plan.rows.map(\.depth))
            #expect(records.map { $0["replies"] as? Int } == plan.rows.map(\.replies))
            #expect((manifest["shards"] as! [Any]).count > 20, "a thread of 2,500 comes in many shards")

            // The first view of the thread (the story's page, its stylesheets and the thread's
            // script) is at most 30 KB gzipped.
            let linked =
                HTMLScan.openingTags("link", in: pages[0]).filter { $0["rel"] == "stylesheet" }.compactMap { $0["href"] }
                + HTMLScan.openingTags("script", in: pages[0]).compactMap { $0["src"] }
            #expect(linked.count == 3, "two stylesheets and the thread's script: \(linked)")
            let firstView = try ([Array(pages[0].utf8)] + linked.map { Array(try readBytes(output + $0)) })
                .reduce(0) { $0 + Gzip.compress($1, level: 9).count }
            #expect(firstView <= 30_000, "\(firstView) bytes gzipped")

            // The story's row links its comments to its page, and a small thread is one page.
            #expect(try readText(output + "/index.html").contains(#"href="/item/47000000/""#))
            #expect(try Self.threadPages(output, story: 47_000_000).count == 1)
        }
    }

    @Test("hostile comments: script and javascript: links neutralised, loops and a chain 3,000 deep bounded")
    func hostile() async throws {
        try await withTemporaryFolder { folder in
            let source = folder.path("hn")
            var extra: [Int: String] = [
                // A reply loop: 900001 → 900002 → 900001.
                900_001:
                    #"{"id":900001,"type":"comment","by":"a","time":1795000001,"parent":50000000,"kids":[900002],"text":"<script>alert(1)</script><a href=\"javascript:alert(2)\">x</a><img src=x onerror=alert(3)>"}"#,
                900_002:
                    #"{"id":900002,"type":"comment","by":"b","time":1795000002,"parent":900001,"kids":[900001,"x",null],"text":"loop"}"#,
                // Not a comment: left out.
                900_003: #"{"id":900003,"type":"story","title":"not a comment"}"#,
            ]
            // A chain 3,000 replies deep.
            for depth in 0..<3_000 {
                let id = 910_000 + depth
                let parent = depth == 0 ? 50_000_000 : id - 1
                extra[id] =
                    #"{"id":\#(id),"type":"comment","by":"deep","time":1795000100,"parent":\#(parent),"kids":[\#(depth < 2_999 ? String(id + 1) : "")],"text":"level \#(depth + 1)"}"#
            }
            try ThreadFolder.write(
                [(50_000_000, 5, 3)], to: source, extra: extra, extraKids: [50_000_000: [900_001, 900_003, 910_000]])
            let output = folder.path("out")
            let report = try await Build.run(BuildRequest(source: HNDirectorySource(path: source), output: output))
            let pages = try Self.threadPages(output, story: 50_000_000)
            let html = pages.joined()
            #expect(!html.contains("<script>") && !html.contains("javascript:") && !html.contains("<img"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            let ids = pages.flatMap(Self.commentIDs)
            #expect(ids.count == Set(ids).count, "a loop places each comment once")
            #expect(ids.contains(910_000 + 2_999), "the chain's last reply is shown")
            #expect(!ids.contains(900_003))
            // Nesting stops at ThreadRenderer.deepest: no page opens more lists than that.
            for page in pages {
                var depth = 0
                var deepest = 0
                for match in page.matches(of: /<ol class="comments">|<\/ol>/) {
                    depth += match.output == "</ol>" ? -1 : 1
                    deepest = max(deepest, depth)
                }
                #expect(deepest <= ThreadRenderer.deepest + 1)
            }
            #expect(report.comments == ids.count)
        }
    }

    @Test("between builds: an edited story and a new reply show, and the other shards' files stay as they were")
    func rebuild() async throws {
        try await withTemporaryFolder { folder in
            let source = folder.path("hn")
            let threads = try ThreadFolder.write([(46_000_000, 600, 12)], to: source)
            let output = folder.path("out")
            let request = BuildRequest(source: HNDirectorySource(path: source), output: output)
            _ = try await Build.run(request)
            let shardsBefore = Set(try FileManager.default.contentsOfDirectory(atPath: output + "/c"))
            let manifestBefore = try #require(
                try readText(output + "/item/46000000/index.html").firstMatch(of: /"manifest":"\/(c\/[0-9a-f]+\.json)"/)?.output.1
            )

            // The story's title is edited, and a reply comes to a comment deep in the thread.
            let storyPath = source + "/item/46000000.json"
            var story = try readText(storyPath)
            story = story.replacingOccurrences(of: #""title":"Thread 46000000""#, with: #""title":"Thread, edited""#)
            story = story.replacingOccurrences(
                of: #""descendants":\#(threads[0].live)"#, with: #""descendants":\#(threads[0].live + 1)"#)
            try story.write(toFile: storyPath, atomically: false, encoding: .utf8)
            let parent = threads[0].ids[threads[0].ids.count / 2]
            let parentPath = source + "/item/\(parent).json"
            var parentJSON = try readText(parentPath)
            let reply = 46_000_000 * 1_000_000 + 999_999
            if parentJSON.contains(#""kids":["#) {
                parentJSON = parentJSON.replacingOccurrences(of: #""kids":["#, with: #""kids":[\#(reply),"#)
            } else {
                parentJSON.removeLast()
                parentJSON += #","kids":[\#(reply)]}"#
            }
            try parentJSON.write(toFile: parentPath, atomically: false, encoding: .utf8)
            try
                #"{"id":\#(reply),"type":"comment","by":"late","time":1795999999,"parent":\#(parent),"text":"A reply that came later: 1.88.0 &amp; 한국어"}"#
                .write(toFile: source + "/item/\(reply).json", atomically: false, encoding: .utf8)

            let second = try await Build.run(request)
            let pages = try Self.threadPages(output, story: 46_000_000)
            #expect(pages[0].contains("Thread, edited") && pages.last!.contains("Thread, edited"))
            let ids = pages.flatMap(Self.commentIDs)
            let placed = try #require(ids.firstIndex(of: reply))
            // Right under its parent: the first of its replies, as the parent's kids list it.
            #expect(ids[placed - 1] == parent, "the reply follows its parent")
            #expect(pages.joined().contains("A reply that came later: 1.88.0 &amp; 한국어"))
            #expect(second.commentsLeftOut == 0)
            // A reply rewrites the shard it falls in (and the manifest); the others stay.
            let shardsAfter = Set(try FileManager.default.contentsOfDirectory(atPath: output + "/c"))
            let kept = shardsBefore.intersection(shardsAfter).count
            #expect(kept >= shardsBefore.count - 3, "\(kept) of \(shardsBefore.count) files kept")
            // A reader still on the first build's page reads its manifest and shards: they are
            // kept with its generation, and go when it is no longer kept.
            let manifestAfter = try #require(
                try readText(output + "/item/46000000/index.html").firstMatch(of: /"manifest":"\/(c\/[0-9a-f]+\.json)"/)?.output.1
            )
            #expect(manifestAfter != manifestBefore)
            #expect(FileManager.default.fileExists(atPath: output + "/" + manifestBefore))
            #expect(shardsBefore.isSubset(of: Set(try FileManager.default.contentsOfDirectory(atPath: output + "/c"))))
            #expect(try readText(output + "/m/builds.txt").contains(" c/"))
            var keepNone = request
            keepNone.options.keepGenerations = 0
            _ = try await Build.run(keepNone)
            #expect(!FileManager.default.fileExists(atPath: output + "/" + manifestBefore))
            #expect(FileManager.default.fileExists(atPath: output + "/" + manifestAfter))
        }
    }

    @Test("the cap: the first comments shown, the rest said on the page and in the summary")
    func cap() async throws {
        try await withTemporaryFolder { folder in
            let source = folder.path("hn")
            let threads = try ThreadFolder.write([(46_000_000, 300, 8)], to: source)
            let output = folder.path("out")
            var options = SiteOptions()
            options.comments = 100
            let report = try await Build.run(
                BuildRequest(source: HNDirectorySource(path: source), output: output, options: options))
            let pages = try Self.threadPages(output, story: 46_000_000)
            let ids = pages.flatMap(Self.commentIDs)
            #expect(ids.count == 100)
            #expect(
                report.threadsCapped == 1
                    && report.commentsLeftOut == threads[0].live - ids.count { !_isPlaceholder($0, threads[0]) })
            #expect(pages[0].contains("comments are not shown: this site keeps a thread to its first comments"))
            #expect(report.summary.contains("past the cap of comments (--comments)"), "\(report.summary)")

            // --comments 0: no threads, and rows link their stories as before.
            options.comments = 0
            let none = try await Build.run(
                BuildRequest(source: HNDirectorySource(path: source), output: folder.path("none"), options: options))
            #expect(none.threads == 0 && none.itemPages == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.path("none/item/46000000/index.html")))
        }
    }

    private func _isPlaceholder(_ id: Int, _ thread: ThreadFolder.Thread) -> Bool {
        thread.deleted.contains(id) || thread.flagged.contains(id)
    }
}
