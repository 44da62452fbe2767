import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenSource

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
            let second = try await Build.run(request)
            let after = FileIdentity.snapshot(output)
            #expect(second.filesWritten == 0)
            #expect(second.filesUnchanged == first.filesWritten)
            #expect(Set(after.keys) == Set(before.keys), "no file added or removed")
            let rewritten = before.keys.filter { before[$0] != after[$0] }.sorted()
            #expect(rewritten.isEmpty, "rewritten: \(rewritten.prefix(5))")
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
}
