/// How the search index is cut into files (docs/format.md, "Search").
///
/// A query reads three files after the search page: the root, one shard of the dictionary and
/// one pack (the first rows of its word, records and all). Each is one request: the bytes of
/// the pack, which holds those rows for many neighbouring words, are most of a query's cost.
/// Packs are few and large enough that the whole index stays within `maxFiles` at a million
/// stories; smaller sites get smaller packs, down to `minPackBytes`.
public struct SearchRule: Sendable, Equatable {
    /// Results whose rows a word's pack carries: a first screen at 1280 × 720 (56 px rows under
    /// the header) and the quarter screen below it the search script loads ahead. Results after
    /// these are loaded by their row in the site's list (its manifest and shards) as the reader
    /// scrolls to them.
    public var firstRows: Int
    /// Dictionary shards: a few kilobytes gzipped, a few hundred words each.
    public var dictionaryBytes: Int
    /// Packs are sized so that all of them make about `packFiles` files ...
    public var packFiles: Int
    /// ... but none is aimed smaller than this (uncompressed JSON).
    public var minPackBytes: Int
    /// The later results' rows of many words, in files of about this size.
    public var moreBytes: Int
    /// Dictionary shards the root lists itself; past this, the root lists directories of them
    /// (a request more, and a root of a kilobyte rather than sixteen at a million stories).
    public var rootEntries: Int

    public init(
        firstRows: Int = 16, dictionaryBytes: Int = 16 * 1024, packFiles: Int = 3_500, minPackBytes: Int = 24 * 1024,
        moreBytes: Int = 64 * 1024, rootEntries: Int = 64
    ) {
        self.rootEntries = max(2, rootEntries)
        precondition(firstRows >= 1 && dictionaryBytes >= 64 && packFiles >= 1 && minPackBytes >= 64 && moreBytes >= 64)
        self.firstRows = firstRows
        self.dictionaryBytes = dictionaryBytes
        self.packFiles = packFiles
        self.minPackBytes = minPackBytes
        self.moreBytes = moreBytes
    }

    public static let `default` = SearchRule()
}
