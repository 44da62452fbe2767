import SitegenModel

/// The manifest's wire format (docs/internals/format.md describes it for other clients).
extension ShardEntry {
    /// `[first, count, "name", bytes]`: an array, not an object, because pages carry several
    /// inline and every byte of page 1 counts.
    package func write(to w: inout JSONWriter) { write(to: &w, below: nil) }

    /// With `below`, the entry's place is that many rows above the list's end (a page's config
    /// block), else its first row (a manifest part).
    package func write(to w: inout JSONWriter, below: Int?) {
        w.raw("[")
        w.int(below ?? first)
        w.raw(",")
        w.int(count)
        w.raw(",")
        w.string(name)
        w.raw(",")
        w.int(bytes)
        w.raw("]")
    }
}

extension [ShardEntry] {
    /// - Parameter total: with the list's length, each entry is placed by the rows below it
    ///   (a page's config block), else by its first row (a manifest part).
    package func write(to w: inout JSONWriter, total: Int? = nil) {
        w.raw("[")
        for (i, entry) in enumerated() {
            if i > 0 { w.raw(",") }
            entry.write(to: &w, below: total.map { $0 - entry.first - entry.count })
        }
        w.raw("]")
    }
}

extension ManifestPart {
    /// `{"v":1,"first":F,"count":C,"shards":[…]}`
    public func json() -> [UInt8] {
        var w = JSONWriter(capacity: 64 + shards.count * 40)
        w.raw("{\"v\":1,\"first\":")
        w.int(rows.lowerBound)
        w.raw(",\"count\":")
        w.int(rows.count)
        w.raw(",\"shards\":")
        shards.write(to: &w)
        w.raw("}")
        return w.bytes
    }
}
