/// Splits the ranked rows into shards by `ShardRule`. Pure: ids and record sizes in, row ranges out.
public enum ShardPlanner {
    /// Consecutive, non-empty row ranges covering `0..<ids.count`.
    public static func shards(ids: [Int], recordBytes: [Int], rule: ShardRule = .default) -> [Range<Int>] {
        precondition(ids.count == recordBytes.count)
        var result: [Range<Int>] = []
        var start = 0
        var bytes = 0
        for i in ids.indices {
            // Cut before a row that would push a non-empty shard past the byte cap.
            if i > start && bytes + recordBytes[i] > rule.maxBytes {
                result.append(start..<i)
                start = i
                bytes = 0
            }
            bytes += recordBytes[i]
            let rows = i - start + 1
            if rows >= rule.maxRows || (rows >= rule.minRows && isBoundary(ids[i], rule)) {
                result.append(start..<(i + 1))
                start = i + 1
                bytes = 0
            }
        }
        if start < ids.count { result.append(start..<ids.count) }
        return result
    }

    static func isBoundary(_ id: Int, _ rule: ShardRule) -> Bool {
        SplitMix64.mix(UInt64(bitPattern: Int64(id))) % rule.boundaryDivisor == 0
    }
}
