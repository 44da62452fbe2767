/// Builds the manifest and each page's inline slice of it. Pure.
public enum ManifestPlanner {
    /// Rows a manifest part covers: ~32 shards, ~1.3 KB of JSON, one small request per ~30 screens.
    public static let defaultPartRows = 1024

    /// The manifest of `shards`, named `build`: the content hash of `identity(…)` of the same
    /// shards (`SitegenWrite` hashes it), so that the same list gives the same build.
    public static func manifest(shards: [ShardEntry], total: Int, partRows: Int = defaultPartRows, build: String) -> Manifest {
        precondition(partRows > 0)
        let partCount = total == 0 ? 0 : (total + partRows - 1) / partRows
        var parts: [ManifestPart] = []
        parts.reserveCapacity(partCount)
        var cursor = 0
        for index in 0..<partCount {
            let rows = (index * partRows)..<Swift.min((index + 1) * partRows, total)
            // Shards are sorted and contiguous: skip those that end before the part starts.
            while cursor < shards.count && shards[cursor].rows.upperBound <= rows.lowerBound { cursor += 1 }
            var end = cursor
            while end < shards.count && shards[end].first < rows.upperBound { end += 1 }
            parts.append(ManifestPart(index: index, rows: rows, shards: Array(shards[cursor..<end])))
        }
        return Manifest(build: build, total: total, partRows: partRows, parts: parts)
    }

    /// What a build's id names: the rows, the part size and every shard's rows and name (itself
    /// its bytes' hash). Two builds with the same list get the same id; any change, a new one.
    public static func identity(shards: [ShardEntry], total: Int, partRows: Int = defaultPartRows) -> String {
        "\(total)/\(partRows)" + shards.map { "\($0.first),\($0.count),\($0.name);" }.joined()
    }

    /// The shards a page carries inline, so the first scroll in either direction needs no manifest
    /// request: those touching `rows` widened by `before` rows above and `after` rows below.
    public static func inlineEntries(
        for rows: Range<Int>, in shards: [ShardEntry], before: Int, after: Int
    ) -> [ShardEntry] {
        let low = Swift.max(0, rows.lowerBound - before)
        let high = rows.upperBound + after
        // Binary search for the first shard ending after `low`.
        var lo = 0
        var hi = shards.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if shards[mid].rows.upperBound <= low { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < shards.count && shards[end].first < high { end += 1 }
        return Array(shards[lo..<end])
    }
}
