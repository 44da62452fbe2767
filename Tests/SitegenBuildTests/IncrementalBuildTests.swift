import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenSource
@testable import SitegenWrite

/// A rebuild rewrites only files whose bytes changed: the others keep their inode and mtime, so
/// rsync and deploy tools upload only what changed.
@Suite("Incremental rebuilds")
struct IncrementalBuildTests {
    /// `count` generated items as a JSON array file, newest first; `dropping` leaves out the
    /// first ones (the stories that will be "new on top" in a later build).
    static func itemsFile(_ folder: TemporaryFolder, _ items: [RawItem], name: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try folder.write(try encoder.encode(items), to: name)
    }

    @Test("rebuilding unchanged input rewrites no file: every inode and mtime stays, the report says 0 written")
    func unchangedInputRewritesNothing() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            let request = BuildRequest(source: SampleSource(count: 500), output: output)
            let first = try await Build.run(request)
            let before = FileIdentity.snapshot(output)
            #expect(first.filesWritten > 100)
            #expect(first.filesUnchanged == 0)
            // Without the stamp, the build runs whole and finds every file's bytes the same.
            BuildStamp.remove(output: output)
            let second = try await Build.run(request)
            let after = FileIdentity.snapshot(output)
            #expect(second.filesWritten == 0)
            #expect(second.filesUnchanged == first.filesWritten)
            #expect(Set(after.keys) == Set(before.keys), "no file added or removed")
            let rewritten = before.keys.filter { before[$0] != after[$0] }.sorted()
            #expect(rewritten.isEmpty, "rewritten: \(rewritten.prefix(5))")
        }
    }

    @Test("nothing changed (the source's stamp and every setting): nothing is read or written, in milliseconds")
    func unchangedStampSkips() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            let items = SampleGenerator(seed: 5).items(count: 3_000)
            let file = try Self.itemsFile(folder, items, name: "a.json")
            let request = BuildRequest(source: JSONArrayFileSource(path: file), output: output)
            let first = try await Build.run(request)
            let before = FileIdentity.snapshot(output)
            let started = ContinuousClock.now
            let second = try await Build.run(request)
            let took = ContinuousClock.now - started
            #expect(second.unchanged && !first.unchanged)
            #expect(second.summary.hasPrefix("Nothing changed since the last build from \(file): "))
            #expect(FileIdentity.snapshot(output) == before)
            #expect(took < .seconds(1), "\(took)")
            // A setting changed: the build runs.
            var paged = request
            paged.options.pageSize = 20
            #expect(try await !Build.run(paged).unchanged)
            #expect(try await Build.run(paged).unchanged)
            // The file written again, even with the same bytes: the build runs, and rewrites nothing.
            _ = try Self.itemsFile(folder, items, name: "a.json")
            let again = try await Build.run(paged)
            #expect(!again.unchanged && again.filesWritten == 0)
            // A theme file changed: the build runs.
            try folder.write("<article>{{title}}</article>", to: "theme/row.mustache")
            var themed = paged
            themed.templates = folder.path("theme")
            #expect(try await !Build.run(themed).unchanged)
            #expect(try await Build.run(themed).unchanged)
            try folder.write("<article class=x>{{title}}</article>", to: "theme/row.mustache")
            #expect(try await !Build.run(themed).unchanged)
            // No output (removed by hand): the build runs, whatever the stamp says.
            try FileManager.default.removeItem(atPath: output)
            #expect(try await !Build.run(themed).unchanged)
        }
    }

    @Test("a Markdown folder's stamp: unchanged files, nothing read; a file edited, added or removed, a build")
    func markdownStamp() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: One\ndate: 2024-01-01\n---\nBody.\n", to: "site/one.md")
            try folder.write("---\ntitle: Two\ndate: 2024-01-02\n---\n![a](a.png)\n", to: "site/two/index.md")
            try folder.write("PNG", to: "site/two/a.png")
            let request = BuildRequest(source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out"))
            #expect(try await !Build.run(request).unchanged)
            #expect(try await Build.run(request).unchanged)
            try folder.write("PNG2", to: "site/two/a.png")
            #expect(try await !Build.run(request).unchanged)
            #expect(try await Build.run(request).unchanged)
            try folder.write("---\ntitle: Three\n---\n", to: "site/three.md")
            let added = try await Build.run(request)
            #expect(!added.unchanged && added.stories == 3)
            try FileManager.default.removeItem(atPath: folder.path("site/three.md"))
            let removed = try await Build.run(request)
            #expect(!removed.unchanged && removed.stories == 2)
            var drafts = request
            drafts.source = MarkdownStorySource(path: folder.path("site"), drafts: true)
            #expect(try await !Build.run(drafts).unchanged)
        }
    }

    @Test("a Markdown folder that holds its own output (a Jekyll site's root): the output and its stamp are not the source")
    func outputInsideSource() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: One\ndate: 2024-01-01\n---\nBody.\n", to: "site/_posts/2024-01-01-one.md")
            let request = BuildRequest(source: MarkdownStorySource(path: folder.path("site")), output: folder.path("site/Public"))
            #expect(try await !Build.run(request).unchanged)
            #expect(try await Build.run(request).unchanged)
            // Nothing is written by a build that found nothing: `sitegen serve`'s watcher stays quiet.
            let beside = FileIdentity.snapshot(folder.path("site")).filter { $0.key.hasPrefix(".Public.") }
            #expect(beside.count == 4, "\(beside.keys.sorted())")
            #expect(try await Build.run(request).unchanged)
            #expect(FileIdentity.snapshot(folder.path("site")).filter { $0.key.hasPrefix(".Public.") } == beside)
        }
    }

    @Test("every build lists the URLs whose bytes it changed, beside the output: all, then none, then what changed")
    func changedURLs() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            var items = SampleGenerator(seed: 9).items(count: 200)
            let file = try Self.itemsFile(folder, items, name: "a.json")
            var request = BuildRequest(source: JSONArrayFileSource(path: file), output: output)
            request.options.baseURL = "https://example.com/news/"
            func changed() throws -> [String] {
                try readText(folder.path(".out.changed")).split(separator: "\n").map(String.init)
            }
            _ = try await Build.run(request)
            let first = try changed()
            let files = FileIdentity.snapshot(output).keys.filter { !$0.hasSuffix(".gz") && !$0.hasSuffix(".br") }
            #expect(first.count == files.count + files.count { $0.hasSuffix("index.html") })
            #expect(first.contains("https://example.com/news/") && first.contains("https://example.com/news/index.html"))
            #expect(first.contains("https://example.com/news/page/2/"))
            _ = try await Build.run(request)
            #expect(try changed().isEmpty)
            // A new title on top: its pages, shard and the list's pages; a removed story's page goes.
            let gone = try #require(items.last(where: { $0.text != nil })?.id)
            items.removeAll { $0.id == gone }
            items[0].title = "A new title"
            _ = try Self.itemsFile(folder, items, name: "a.json")
            let before = FileIdentity.snapshot(output)
            _ = try await Build.run(request)
            let after = FileIdentity.snapshot(output)
            let third = Set(try changed())
            let rewritten = after.keys.filter { before[$0] != after[$0] }
            for path in rewritten { #expect(third.contains("https://example.com/news/" + path), "\(path)") }
            #expect(third.contains("https://example.com/news/item/\(gone)/index.html"))
            #expect(third.contains("https://example.com/news/item/\(gone)/"))
            #expect(third.count < first.count / 2)
        }
    }

    @Test("a changed title rewrites its pages and its shard, and the other shards stay as they were")
    func changedStoryRewritesItsFiles() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            var items = SampleGenerator(seed: 3).items(count: 2000)
            _ = try await Build.run(
                BuildRequest(source: JSONArrayFileSource(path: try Self.itemsFile(folder, items, name: "a.json")), output: output)
            )
            let before = FileIdentity.snapshot(output)
            items[1000].title = "A title that changed"
            let report = try await Build.run(
                BuildRequest(source: JSONArrayFileSource(path: try Self.itemsFile(folder, items, name: "b.json")), output: output)
            )
            let after = FileIdentity.snapshot(output)
            let newShards = after.keys.filter { $0.hasPrefix("s/") && $0.hasSuffix(".json") && before[$0] == nil }
            #expect(newShards.count == 1, "one shard holds the changed story")
            let keptShards = before.keys.filter { $0.hasPrefix("s/") && after[$0] != nil }
            #expect(keptShards.allSatisfy { before[$0] == after[$0] }, "shards kept are not rewritten")
            // Page 34 (rows 990…1019) holds the story; every list page carries the new build id.
            #expect(after["page/34/index.html"] != before["page/34/index.html"])
            #expect(report.filesWritten > 0 && report.filesUnchanged > 0)
        }
    }

    /// The yardstick at test scale (bench/incremental.sh measures it on 100,000).
    @Test("10 new stories on top of 5,000: the JSON files new after the rebuild hold at most 3 % of the JSON bytes")
    func newStoriesOnTopChangeLittleJSON() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            let items = SampleGenerator(seed: 5).items(count: 5_010)
            let old = try Self.itemsFile(folder, Array(items.dropFirst(10)), name: "old.json")
            let new = try Self.itemsFile(folder, items, name: "new.json")
            _ = try await Build.run(BuildRequest(source: JSONArrayFileSource(path: old), output: output))
            let before = FileIdentity.snapshot(output)
            _ = try await Build.run(BuildRequest(source: JSONArrayFileSource(path: new), output: output))
            let after = FileIdentity.snapshot(output)
            // The list's JSON: shards and manifest parts. (The search index's packs hold each
            // word's newest stories, so new stories rewrite the packs of their words: with this
            // generator's few hundred title shapes, most packs. SearchIndexTests measures the
            // index on titles whose words follow Zipf's law, as real titles' do.)
            let json = after.filter { $0.key.hasSuffix(".json") && !$0.key.hasPrefix("x/") }
            let total = json.values.reduce(0) { $0 + $1.size }
            let fresh = json.filter { before[$0.key] != $0.value }.values.reduce(0) { $0 + $1.size }
            // Of the current build's JSON alone (the previous generation's parts kept aside).
            let build = try #require(try readText(output + "/m/builds.txt").split(separator: " ").first)
            let current = json.filter { !$0.key.hasPrefix("m/") || $0.key.hasPrefix("m/\(build)/") }
            let currentTotal = current.values.reduce(0) { $0 + $1.size }
            #expect(Double(fresh) <= 0.03 * Double(total), "\(fresh) of \(total) JSON bytes are new")
            #expect(
                Double(fresh) <= 0.03 * Double(currentTotal), "\(fresh) of \(currentTotal) bytes of this build's JSON are new")
        }
    }

    @Test("new stories on top leave every list page but the few at the front as they were, file and bytes")
    func newStoriesOnTopKeepListPages() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            // 3,000 stories, 30 a page: pages 1 to 99 and the front; then 40 more on top.
            let items = SampleGenerator(seed: 3).items(count: 3_040)
            let old = try Self.itemsFile(folder, Array(items.dropFirst(40)), name: "old.json")
            let new = try Self.itemsFile(folder, items, name: "new.json")
            _ = try await Build.run(BuildRequest(source: JSONArrayFileSource(path: old), output: output))
            let before = FileIdentity.snapshot(output)
            let pagesBefore = before.keys.filter { $0.hasPrefix("page/") && $0.hasSuffix("/index.html") }
            #expect(pagesBefore.count == 99)
            _ = try await Build.run(BuildRequest(source: JSONArrayFileSource(path: new), output: output))
            let after = FileIdentity.snapshot(output)
            // Page N holds the same stories (counted from the oldest) and names the same
            // shards near it, so it is the same file, untouched. Only the pages whose neighbours
            // (two pages above) reach the new stories' shards change, and page 100 is new.
            let rewritten = pagesBefore.filter { before[$0] != after[$0] }.sorted()
            #expect(rewritten.count <= 4, "rewritten: \(rewritten)")
            #expect(!rewritten.contains("page/1/index.html") && !rewritten.contains("page/90/index.html"))
            #expect(after["page/100/index.html"] != nil)
            #expect(before["index.html"] != after["index.html"], "the front shows the new stories")
        }
    }
}
