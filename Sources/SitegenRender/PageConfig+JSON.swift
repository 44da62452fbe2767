import SitegenModel

/// What a page tells the script, as the `<script type="application/json" id="sitegen-config">`
/// block (no inline script, so the site runs under `script-src 'self'`). docs/internals/format.md has
/// every field.
package struct PageConfig {
    package var page: Int
    /// Rows of the list below this page's last row: where the page sits, counted from the
    /// list's end, which new stories on top do not move.
    package var below: Int
    package var count: Int
    /// The list's length and manifest (`m/<build>/`; "" for a list without one,
    /// `StoryList.hasShards`), on the front page alone: every other page keeps its bytes when
    /// stories come in on top, and its script reads them from the list's `head.json`.
    package var head: ListHead?
    package var pageSize: Int
    package var base: String
    /// The list's folder under the base ("" for the site's list, `tags/swift/` for a term's):
    /// where its pages are, for the script's links to them (`list` in the JSON: the base and
    /// the folder).
    package var list: String = ""
    package var partRows: Int
    package var strategy: LoadingStrategy
    /// The shards near the page's rows, with their places counted from the list's end.
    package var shards: [ShardEntry]

    package init(
        page: Int, below: Int, count: Int, head: ListHead?, pageSize: Int, base: String, partRows: Int,
        strategy: LoadingStrategy, shards: [ShardEntry], list: String = ""
    ) {
        self.list = list
        self.page = page
        self.below = below
        self.count = count
        self.head = head
        self.pageSize = pageSize
        self.base = base
        self.partRows = partRows
        self.strategy = strategy
        self.shards = shards
    }

    package func json(total: Int) -> String { String(decoding: jsonBytes(total: total), as: UTF8.self) }

    /// - Parameter total: the list's length, by which each shard's first row becomes its place
    ///   from the list's end.
    func jsonBytes(total: Int) -> [UInt8] {
        var w = JSONWriter(capacity: 256 + shards.count * 40, forHTML: true)
        w.raw("{\"v\":2,\"page\":")
        w.int(page)
        w.raw(",\"below\":")
        w.int(below)
        w.raw(",\"count\":")
        w.int(count)
        if let head {
            w.raw(",")
            head.writeFields(to: &w)
        }
        w.raw(",\"pageSize\":")
        w.int(pageSize)
        w.raw(",\"base\":")
        w.string(base)
        w.raw(",\"list\":")
        w.string(base + SitePaths.urlPath(list))
        w.raw(",\"partRows\":")
        w.int(partRows)
        w.raw(",\"strategy\":")
        w.string(strategy.rawValue)
        w.raw(",\"shards\":")
        shards.write(to: &w, total: total)
        w.raw("}")
        return w.bytes
    }
}

/// What a list is now: its length and its manifest's build. Written as the list's `head.json`
/// (revalidated, a few dozen bytes) and into its front page's config block. docs/internals/format.md.
package struct ListHead: Sendable, Equatable {
    package var total: Int
    /// "" for a list without a manifest.
    package var build: String

    package init(total: Int, build: String) {
        self.total = total
        self.build = build
    }

    /// `{"v":1,"total":N,"build":"…"}`
    package func json() -> [UInt8] {
        var w = JSONWriter(capacity: 64)
        w.raw("{\"v\":1,")
        writeFields(to: &w)
        w.raw("}")
        return w.bytes
    }

    func writeFields(to w: inout JSONWriter) {
        w.raw("\"total\":")
        w.int(total)
        w.raw(",\"build\":")
        w.string(build)
    }
}
