/// Where one shard's rows are: what the browser needs to fetch rows it does not have.
public struct ShardEntry: Sendable, Equatable {
    /// 0-based rank of the shard's first row.
    public var first: Int
    public var count: Int
    /// Content hash; the file is `s/<name>.json` under the site root.
    public var name: String
    /// Uncompressed size of the shard file.
    public var bytes: Int

    public init(first: Int, count: Int, name: String, bytes: Int) {
        self.first = first
        self.count = count
        self.name = name
        self.bytes = bytes
    }

    public var rows: Range<Int> { first..<(first + count) }
}

/// One part of the prefetch manifest: every shard that holds a row in `rows`.
/// Parts cover fixed row ranges (`partRows` each), so the browser computes which part to fetch
/// for any row by arithmetic, and a reader downloads only the parts near what they read: the
/// bytes a reader fetches do not grow with the list.
public struct ManifestPart: Sendable, Equatable {
    public var index: Int
    public var rows: Range<Int>
    public var shards: [ShardEntry]
}

/// The manifest as a whole: which build it is and how it is cut into parts.
public struct Manifest: Sendable, Equatable {
    /// Hash of everything the parts say; parts live at `m/<build>/<index>.json`, so a page from
    /// one build never reads another build's parts.
    public var build: String
    public var total: Int
    public var partRows: Int
    public var parts: [ManifestPart]
}
