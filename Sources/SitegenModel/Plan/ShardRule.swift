/// How shards are sized: the unit the browser prefetches.
///
/// A shard should be worth one request on a slow link (150 ms RTT, 1.6 Mbps ≈ 200 KB/s): a few
/// KB gzipped, so the round trip, not the transfer, dominates, and yet small enough that a jump into
/// the middle of the list downloads little it will not show. About one screenful to one static page
/// of rows (≈ 32 rows, ≈ 5 KB gzipped) fits both.
///
/// Boundaries are content-defined: a shard ends after a row whose story id hashes to 0 mod
/// `boundaryDivisor`, once it has `minRows`; it ends anyway at `maxRows` or before `maxBytes`.
/// Because the cut depends on ids and not on positions, new stories on top of a list leave the
/// later boundaries, and so the later shard files, as they were (deploy- and cache-friendly).
/// Expected rows per shard ≈ minRows + boundaryDivisor.
public struct ShardRule: Sendable, Equatable {
    public var minRows: Int
    public var maxRows: Int
    /// Uncompressed JSON bytes of the records (a record is ~0.6 KB; 32 KB keeps one shard to a
    /// few round-trip-sized gzip frames even with long titles).
    public var maxBytes: Int
    public var boundaryDivisor: UInt64

    public init(minRows: Int = 16, maxRows: Int = 64, maxBytes: Int = 32 * 1024, boundaryDivisor: UInt64 = 16) {
        precondition(minRows >= 1 && maxRows >= minRows && boundaryDivisor >= 1)
        self.minRows = minRows
        self.maxRows = maxRows
        self.maxBytes = maxBytes
        self.boundaryDivisor = boundaryDivisor
    }

    public static let `default` = ShardRule()
}
