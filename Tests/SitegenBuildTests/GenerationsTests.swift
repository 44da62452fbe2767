import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenSource
@testable import SitegenWrite

/// Deploy skew: the output keeps the previous builds' manifest parts, shards and assets, so a page
/// a reader loaded before a deploy still fills its rows; older ones are collected.
@Suite("Generations")
struct GenerationsTests {
    static func generation(_ build: String) -> Generation { Generation(build: build, assets: ["assets/style.\(build).css"]) }

    @Test("the record puts the current build first and keeps `keep` previous ones, newest first, none twice")
    func record() {
        let previous = ["c", "b", "a"].map(Self.generation)
        #expect(Generations.next(current: Self.generation("d"), previous: previous, keep: 2).map(\.build) == ["d", "c", "b"])
        #expect(Generations.next(current: Self.generation("d"), previous: previous, keep: 0).map(\.build) == ["d"])
        #expect(Generations.next(current: Self.generation("b"), previous: previous, keep: 3).map(\.build) == ["b", "c", "a"])
        #expect(Generations.next(current: Self.generation("e"), previous: [], keep: 3).map(\.build) == ["e"])
    }

    @Test("the record's text reads back as written, and lines that could point outside m/ or assets/ are ignored")
    func text() {
        let record = [Generation(build: "0a1b", assets: ["assets/style.1.css", "assets/sitegen.2.js"]), Self.generation("ff")]
        #expect(Generations.parse(Generations.text(record)) == record)
        #expect(Generations.text(record) == "0a1b assets/style.1.css assets/sitegen.2.js\nff assets/style.ff.css\n")
        #expect(
            Generations.parse("../etc assets/x.css\nab ../../x\nAB\n\nab assets/../x\ncd assets/y.js\n") == [
                Generation(build: "cd", assets: ["assets/y.js"])
            ])
    }

    @Test("a search listing names the index's files, flat or in a folder, and nothing that could step out of x/")
    func searchListing() {
        let listed = [
            "x/0a1b.json", "x/0a1b/0.json", "x/0a1b/m12.json", "x/0a1b/../0.json", "x/0a1b/x.json", "x/0a/1b/0.json",
            "x//0.json", "x/0a1b/m.json", "x/0a1b/.json", "s/0a1b.json", "x/0A1B.json", "x/0a1b/7.json",
        ].joined(separator: "\n")
        #expect(
            Generations.searchFiles(listed: Array(listed.utf8)) == [
                "x/0a1b.json", "x/0a1b/0.json", "x/0a1b/m12.json", "x/0a1b/7.json",
            ])
    }

    @Test("a threads' listing names its c/ files, and nothing that could step out of c/")
    func threadListing() {
        let listed = [
            "c/0a1b.json", "c/0a1b/0.json", "c/../x.json", "c/.json", "c/0A1B.json", "x/0a1b.json", "c/0a1b.txt",
            "c/0a1b.jsonx", "", "c/ff09.json", "c/0a1b.json ",
        ].joined(separator: "\n")
        #expect(Generations.threadFiles(listed: Array(listed.utf8)) == ["c/0a1b.json", "c/ff09.json"])
        #expect(Generations.threadFiles(listed: []).isEmpty)
    }

    @Test("an older threads' listing gives the files this build's listing lacks; out of order, more, never fewer")
    func threadListingBesides() {
        func bytes(_ names: [String]) -> [UInt8] { Array(names.map { $0 + "\n" }.joined().utf8) }
        let current = bytes(["c/01.json", "c/0a.json", "c/b2.json", "c/ff.json"])
        let older = bytes(["c/00.json", "c/01.json", "c/0b.json", "c/b2.json", "c/c0.json", "c/ff.json", "c/ff0.json"])
        #expect(
            Generations.threadFiles(listed: older, besides: current) == [
                "c/00.json", "c/0b.json", "c/c0.json", "c/ff0.json",
            ])
        #expect(Generations.threadFiles(listed: older, besides: []) == Generations.threadFiles(listed: older))
        #expect(Generations.threadFiles(listed: current, besides: current).isEmpty)
        // A listing out of order (edited by hand): every file this build lacks is still named.
        let shuffled = bytes(["c/ff0.json", "c/b2.json", "c/00.json", "c/01.json", "c/c0.json", "c/0b.json"])
        let named = Set(Generations.threadFiles(listed: shuffled, besides: current))
        #expect(named.isSuperset(of: ["c/00.json", "c/0b.json", "c/c0.json", "c/ff0.json"]))
    }

    @Test("a manifest part's shard names read back; anything else gives none")
    func partNames() {
        let part = ManifestPart(
            index: 0, rows: 0..<3,
            shards: [
                ShardEntry(first: 0, count: 2, name: "00aa", bytes: 9), ShardEntry(first: 2, count: 1, name: "bb11", bytes: 9),
            ])
        #expect(ManifestPartNames.shardNames(in: part.json()) == ["00aa", "bb11"])
        #expect(ManifestPartNames.shardNames(in: Array(#"{"shards":[[0,1,"../x",2]]}"#.utf8)).isEmpty)
        #expect(ManifestPartNames.shardNames(in: Array("not json".utf8)).isEmpty)
    }

    /// Five builds of a list that gains 20 stories on top each time, with `--keep-generations 2`.
    @Test("builds keep the last `keep` generations' parts, shards and assets and collect the rest")
    func keepAndCollect() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            let items = SampleGenerator(seed: 9).items(count: 1100)
            var builds: [String] = []
            var shardsOf: [String: Set<String>] = [:]
            for step in 0..<5 {
                let file = try IncrementalBuildTests.itemsFile(
                    folder, Array(items.dropFirst(80 - 20 * step)), name: "\(step).json")
                let templates = try folder.write(".row{color:#\(step)\(step)\(step)}", to: "theme\(step)/style.css")
                try folder.write(
                    #"<svg xmlns="http://www.w3.org/2000/svg"><title>\#(step)</title></svg>"#, to: "theme\(step)/favicon.svg")
                _ = try await Build.run(
                    BuildRequest(
                        source: JSONArrayFileSource(path: file), output: output,
                        templates: (templates as NSString).deletingLastPathComponent, options: SiteOptions(keepGenerations: 2)))
                let record = Generations.parse(try readText(output + "/" + Generations.recordFile))
                builds.append(record[0].build)
                shardsOf[record[0].build] = Set(
                    try FileManager.default.contentsOfDirectory(atPath: output + "/m/" + record[0].build).flatMap {
                        ManifestPartNames.shardNames(in: [UInt8](try readBytes(output + "/m/\(record[0].build)/\($0)")))
                    })
                #expect(record.map(\.build) == Array(builds.suffix(3).reversed()), "after build \(step)")
                for generation in record {
                    for asset in generation.assets {
                        #expect(FileManager.default.fileExists(atPath: output + "/" + asset), "\(asset) kept")
                    }
                }
            }
            let folders = Set(try FileManager.default.contentsOfDirectory(atPath: output + "/m")).subtracting(["builds.txt"])
            #expect(folders == Set(builds.suffix(3)))
            let kept = builds.suffix(3).reduce(into: Set<String>()) { $0.formUnion(shardsOf[$1]!) }
            let onDisk = Set(
                try FileManager.default.contentsOfDirectory(atPath: output + "/s").filter { $0.hasSuffix(".json") }.map {
                    String($0.dropLast(5))
                })
            #expect(onDisk == kept, "every kept generation's shards, and no other")
            let collected = shardsOf[builds[0]]!.subtracting(kept)
            #expect(!collected.isEmpty, "the first build's top shards are collected")
            let styles = try FileManager.default.contentsOfDirectory(atPath: output + "/assets").filter {
                $0.hasPrefix("style.") && $0.hasSuffix(".css")
            }
            #expect(styles.count == 3, "three generations' stylesheets: \(styles)")
            let icons = try FileManager.default.contentsOfDirectory(atPath: output + "/assets").filter {
                $0.hasPrefix("favicon.") && $0.hasSuffix(".svg")
            }
            #expect(icons.count == 3, "three generations' favicons: \(icons)")
        }
    }
}
