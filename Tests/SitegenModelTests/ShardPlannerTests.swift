import SitegenTestSupport
import Testing

@testable import SitegenModel

@Suite("ShardPlanner")
struct ShardPlannerTests {
    /// A list shaped like HN's: distinct descending ids, records of 200–900 bytes decided by the
    /// id (so the same story has the same size in two lists).
    static func list(count: Int, seed: UInt64 = 7) -> (ids: [Int], bytes: [Int]) {
        var random = TestRandom(seed: seed)
        let ids = random.descendingIDs(count: count)
        return (ids, ids.map(recordBytes))
    }

    static func recordBytes(_ id: Int) -> Int {
        var random = TestRandom(seed: UInt64(id))
        return random.int(in: 200...900)
    }

    /// The checks every plan must pass; returns nothing, records issues.
    static func checkStructure(
        _ shards: [Range<Int>], ids: [Int], bytes: [Int], rule: ShardRule,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if ids.isEmpty {
            #expect(shards.isEmpty, sourceLocation: sourceLocation)
            return
        }
        #expect(shards.first?.lowerBound == 0, "shards start at row 0", sourceLocation: sourceLocation)
        #expect(shards.last?.upperBound == ids.count, "shards end at the last row", sourceLocation: sourceLocation)
        for (a, b) in zip(shards, shards.dropFirst()) {
            #expect(a.upperBound == b.lowerBound, "contiguous: \(a) then \(b)", sourceLocation: sourceLocation)
        }
        for (k, shard) in shards.enumerated() {
            let size = shard.map { bytes[$0] }.reduce(0, +)
            #expect(!shard.isEmpty, "shard \(k) is not empty", sourceLocation: sourceLocation)
            #expect(shard.count <= rule.maxRows, "shard \(k) \(shard) has ≤ maxRows", sourceLocation: sourceLocation)
            #expect(
                size <= rule.maxBytes || shard.count == 1,
                "shard \(k) \(shard) is \(size) bytes over the \(rule.maxBytes) cap with \(shard.count) rows",
                sourceLocation: sourceLocation)
            let isLast = k == shards.count - 1
            if !isLast && shard.count < rule.minRows {
                // Only the byte cap may cut a shard short: the next row would not have fitted.
                #expect(
                    size + bytes[shard.upperBound] > rule.maxBytes,
                    "shard \(k) \(shard) is short (\(shard.count) rows) without the byte cap forcing it",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test("no rows give no shards")
    func empty() {
        #expect(ShardPlanner.shards(ids: [], recordBytes: []).isEmpty)
    }

    @Test("a single row is a single shard")
    func single() {
        #expect(ShardPlanner.shards(ids: [123], recordBytes: [500]) == [0..<1])
    }

    @Test("fewer rows than minRows make one shard")
    func fewerThanMin() {
        let (ids, bytes) = Self.list(count: 10)
        #expect(ShardPlanner.shards(ids: ids, recordBytes: bytes) == [0..<10])
    }

    @Test(
        "shards are contiguous, non-empty, cover every row and respect min/max rows and the byte cap",
        arguments: [0, 1, 15, 16, 17, 63, 64, 65, 300, 10_000])
    func structureDefaultRule(count: Int) {
        let (ids, bytes) = Self.list(count: count)
        let rule = ShardRule.default
        Self.checkStructure(ShardPlanner.shards(ids: ids, recordBytes: bytes, rule: rule), ids: ids, bytes: bytes, rule: rule)
    }

    @Test("with every id a boundary, shards are exactly minRows long (the last may be shorter)")
    func everyIDIsBoundary() {
        let (ids, bytes) = Self.list(count: 100)
        let rule = ShardRule(minRows: 8, maxRows: 64, maxBytes: 1 << 30, boundaryDivisor: 1)
        let shards = ShardPlanner.shards(ids: ids, recordBytes: bytes, rule: rule)
        #expect(shards.dropLast().allSatisfy { $0.count == 8 })
        #expect(shards.last?.count == 100 % 8)
        Self.checkStructure(shards, ids: ids, bytes: bytes, rule: rule)
    }

    @Test("with (almost) no boundaries, shards are exactly maxRows long (the last may be shorter)")
    func noBoundaries() {
        let (ids, bytes) = Self.list(count: 1000)
        let rule = ShardRule(minRows: 4, maxRows: 50, maxBytes: 1 << 30, boundaryDivisor: .max)
        let shards = ShardPlanner.shards(ids: ids, recordBytes: bytes, rule: rule)
        #expect(shards.count == 20)
        #expect(shards.allSatisfy { $0.count == 50 })
    }

    @Test("the byte cap cuts shards before they grow past maxBytes")
    func byteCap() {
        let (ids, bytes) = Self.list(count: 2000)
        // ~3 records per shard: the cap, not the row rules, decides.
        let rule = ShardRule(minRows: 16, maxRows: 64, maxBytes: 2000, boundaryDivisor: 16)
        let shards = ShardPlanner.shards(ids: ids, recordBytes: bytes, rule: rule)
        Self.checkStructure(shards, ids: ids, bytes: bytes, rule: rule)
        #expect(shards.allSatisfy { $0.count < rule.minRows })
        // Greedy: each shard stops only because the next row would not fit.
        for shard in shards.dropLast() {
            #expect(shard.map { bytes[$0] }.reduce(0, +) + bytes[shard.upperBound] > rule.maxBytes)
        }
    }

    @Test("a record larger than the cap gets a shard of its own")
    func oversizedRecord() {
        let (ids, smallBytes) = Self.list(count: 40)
        var bytes = smallBytes.map { _ in 100 }
        bytes[20] = 50_000
        let rule = ShardRule(minRows: 16, maxRows: 64, maxBytes: 1000, boundaryDivisor: 16)
        let shards = ShardPlanner.shards(ids: ids, recordBytes: bytes, rule: rule)
        Self.checkStructure(shards, ids: ids, bytes: bytes, rule: rule)
        #expect(shards.contains(20..<21))
    }

    @Test("non-last shards end where the rule says: a boundary id after minRows, maxRows, or the byte cap")
    func cutsFollowTheRule() {
        let (ids, bytes) = Self.list(count: 10_000)
        let rule = ShardRule.default
        let shards = ShardPlanner.shards(ids: ids, recordBytes: bytes, rule: rule)
        for shard in shards.dropLast() {
            let size = shard.map { bytes[$0] }.reduce(0, +)
            let byBoundary = shard.count >= rule.minRows && ShardPlanner.isBoundary(ids[shard.upperBound - 1], rule)
            let byMax = shard.count == rule.maxRows
            let byBytes = size + bytes[shard.upperBound] > rule.maxBytes
            #expect(byBoundary || byMax || byBytes, "\(shard) ends for no reason")
            // And no earlier boundary inside the shard was passed over.
            for row in shard.dropLast() where row - shard.lowerBound + 1 >= rule.minRows {
                #expect(!ShardPlanner.isBoundary(ids[row], rule), "\(shard) passes over a boundary at row \(row)")
            }
        }
    }

    @Test("the same list always gives the same shards")
    func deterministic() {
        let (ids, bytes) = Self.list(count: 5000)
        #expect(ShardPlanner.shards(ids: ids, recordBytes: bytes) == ShardPlanner.shards(ids: ids, recordBytes: bytes))
    }

    @Test("boundaries are content-defined: 10 new stories on top leave ≥ 95 % of old shards unchanged")
    func stableUnderPrepend() {
        let (old, _) = Self.list(count: 10_000)
        let newOnTop = (1...10).map { old[0] + 100 * $0 }.reversed()
        let new = Array(newOnTop) + old
        func idSets(_ ids: [Int]) -> [[Int]] {
            ShardPlanner.shards(ids: ids, recordBytes: ids.map(Self.recordBytes)).map { Array(ids[$0]) }
        }
        let oldShards = idSets(old)
        let newShards = Set(idSets(new))
        let kept = oldShards.filter(newShards.contains).count
        #expect(oldShards.count > 100)
        #expect(Double(kept) >= 0.95 * Double(oldShards.count), "\(kept) of \(oldShards.count) old shards kept")
    }

    @Test("a position-based cut would not be stable: the check above can fail")
    func stabilityCheckIsMeaningful() {
        // Fixed-size chunks (every shard maxRows) shift entirely when 10 rows are prepended.
        let (old, _) = Self.list(count: 10_000)
        let new = (1...10).map { old[0] + 100 * $0 }.reversed() + old
        let rule = ShardRule(minRows: 32, maxRows: 32, maxBytes: 1 << 30, boundaryDivisor: .max)
        func idSets(_ ids: [Int]) -> [[Int]] {
            ShardPlanner.shards(ids: ids, recordBytes: ids.map(Self.recordBytes), rule: rule).map { Array(ids[$0]) }
        }
        let newShards = Set(idSets(new))
        let kept = idSets(old).filter(newShards.contains).count
        #expect(kept == 0)
    }
}
