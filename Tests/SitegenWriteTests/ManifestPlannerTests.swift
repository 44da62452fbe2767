import SitegenTestSupport
import SitegenWrite
import Testing

@testable import SitegenModel

@Suite("ManifestPlanner")
struct ManifestPlannerTests {
    /// Consecutive shards of the given sizes, named s0, s1, …
    static func shards(sizes: [Int]) -> [ShardEntry] {
        var first = 0
        return sizes.enumerated().map { k, size in
            defer { first += size }
            return ShardEntry(first: first, count: size, name: "s\(k)", bytes: 100 * size)
        }
    }

    /// Irregular sizes, like a content-defined plan: 1 to 40 rows.
    static func irregularShards(total: Int, seed: UInt64 = 3) -> [ShardEntry] {
        var random = TestRandom(seed: seed)
        var sizes: [Int] = []
        var left = total
        while left > 0 {
            let size = min(left, random.int(in: 1...40))
            sizes.append(size)
            left -= size
        }
        return shards(sizes: sizes)
    }

    static func overlaps(_ shard: ShardEntry, _ rows: Range<Int>) -> Bool {
        shard.first < rows.upperBound && shard.rows.upperBound > rows.lowerBound
    }

    @Test("a shard straddling a part boundary is listed in both parts")
    func straddlingShard() {
        let shards = Self.shards(sizes: [8, 7, 5])  // 0..<8, 8..<15, 15..<20
        let manifest = ManifestPlanner.manifest(shards: shards, total: 20, partRows: 10)
        #expect(manifest.parts.map(\.rows) == [0..<10, 10..<20])
        #expect(manifest.parts[0].shards.map(\.name) == ["s0", "s1"])
        #expect(manifest.parts[1].shards.map(\.name) == ["s1", "s2"])
        #expect(manifest.parts.map(\.index) == [0, 1])
    }

    @Test("a shard ending exactly on a part boundary is listed once")
    func shardEndingOnBoundary() {
        let shards = Self.shards(sizes: [10, 10, 3])
        let manifest = ManifestPlanner.manifest(shards: shards, total: 23, partRows: 10)
        #expect(manifest.parts.map(\.rows) == [0..<10, 10..<20, 20..<23])
        #expect(manifest.parts.map { $0.shards.map(\.name) } == [["s0"], ["s1"], ["s2"]])
    }

    @Test(
        "parts cover fixed ranges of partRows and list exactly the shards intersecting them",
        arguments: [1, 7, 10, 64, 1024], [1, 9, 10, 11, 500, 3001])
    func partsMatchBruteForce(partRows: Int, total: Int) {
        let shards = Self.irregularShards(total: total)
        let manifest = ManifestPlanner.manifest(shards: shards, total: total, partRows: partRows)
        #expect(manifest.total == total)
        #expect(manifest.partRows == partRows)
        #expect(manifest.parts.count == (total + partRows - 1) / partRows)
        for (k, part) in manifest.parts.enumerated() {
            #expect(part.index == k)
            #expect(part.rows == (k * partRows)..<min((k + 1) * partRows, total))
            #expect(part.shards == shards.filter { Self.overlaps($0, part.rows) }, "part \(k)")
        }
        // Every row is in exactly one part, and every shard in at least one.
        #expect(manifest.parts.map(\.rows.count).reduce(0, +) == total)
        let listed = Set(manifest.parts.flatMap { $0.shards.map(\.name) })
        #expect(listed == Set(shards.map(\.name)))
    }

    @Test("an empty list has no parts")
    func emptyList() {
        let manifest = ManifestPlanner.manifest(shards: [], total: 0)
        #expect(manifest.parts.isEmpty)
        #expect(manifest.build.count == 16)
    }

    @Test("the build id is stable for the same shards and changes when a shard's name changes")
    func buildID() {
        let shards = Self.irregularShards(total: 500)
        let a = ManifestPlanner.manifest(shards: shards, total: 500)
        let b = ManifestPlanner.manifest(shards: shards, total: 500)
        #expect(a.build == b.build)
        #expect(a.build.count == 16 && a.build.allSatisfy(\.isHexDigit))

        var renamed = shards
        renamed[renamed.count / 2].name = "changed"
        #expect(ManifestPlanner.manifest(shards: renamed, total: 500).build != a.build)

        var renamedFirst = shards
        renamedFirst[0].name = "other"
        #expect(ManifestPlanner.manifest(shards: renamedFirst, total: 500).build != a.build)
    }

    @Test("the build id changes when the cut changes though names stay")
    func buildIDFollowsCut() {
        let a = ManifestPlanner.manifest(shards: Self.shards(sizes: [10, 10]), total: 20)
        var moved = Self.shards(sizes: [9, 11])
        moved[0].name = "s0"
        moved[1].name = "s1"
        #expect(ManifestPlanner.manifest(shards: moved, total: 20).build != a.build)
        #expect(ManifestPlanner.manifest(shards: Self.shards(sizes: [10, 10]), total: 20, partRows: 5).build != a.build)
    }

    // MARK: inline entries

    static let pageSize = 30
    static let total = 1000
    static let inlineShards = irregularShards(total: total, seed: 11)

    static func expectedInline(_ rows: Range<Int>, before: Int, after: Int) -> [ShardEntry] {
        let widened = max(0, rows.lowerBound - before)..<(rows.upperBound + after)
        return inlineShards.filter { overlaps($0, widened) }
    }

    @Test("first page: its shards and those of the four pages below, nothing above row 0")
    func inlineFirstPage() {
        let rows = 0..<30
        let got = ManifestPlanner.inlineEntries(for: rows, in: Self.inlineShards, before: 60, after: 120)
        #expect(got == Self.expectedInline(rows, before: 60, after: 120))
        #expect(got.first?.first == 0)
        #expect(got.last.map { $0.rows.contains(149) } == true)
        #expect(got.allSatisfy { $0.first < 150 })
    }

    @Test("middle page: the shards touching two pages above to four below")
    func inlineMiddlePage() {
        let rows = 300..<330
        let got = ManifestPlanner.inlineEntries(for: rows, in: Self.inlineShards, before: 60, after: 120)
        #expect(got == Self.expectedInline(rows, before: 60, after: 120))
        #expect(got.first.map { $0.rows.contains(240) } == true)
        #expect(got.last.map { $0.rows.contains(449) } == true)
    }

    @Test("last page: the widened range is clipped by the end of the list")
    func inlineLastPage() {
        let rows = 990..<1000
        let got = ManifestPlanner.inlineEntries(for: rows, in: Self.inlineShards, before: 60, after: 120)
        #expect(got == Self.expectedInline(rows, before: 60, after: 120))
        #expect(got.last == Self.inlineShards.last)
        #expect(got.first.map { $0.rows.contains(930) } == true)
    }

    @Test("every page's inline entries match a brute-force overlap check and cover the page's rows")
    func inlineEveryPage() {
        for rows in Paginator.pages(total: Self.total, pageSize: Self.pageSize) {
            for (before, after) in [(0, 0), (60, 120), (1, 1), (5000, 5000)] {
                let got = ManifestPlanner.inlineEntries(for: rows, in: Self.inlineShards, before: before, after: after)
                #expect(got == Self.expectedInline(rows, before: before, after: after), "\(rows) ±\(before)/\(after)")
                let covered = Set(got.flatMap(\.rows))
                #expect(rows.allSatisfy(covered.contains), "\(rows) is covered")
            }
        }
    }

    @Test("no shards give no inline entries")
    func inlineNoShards() {
        #expect(ManifestPlanner.inlineEntries(for: 0..<0, in: [], before: 60, after: 120).isEmpty)
    }
}
