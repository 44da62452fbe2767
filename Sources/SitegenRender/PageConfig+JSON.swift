import SitegenModel

/// What a page tells the script, as the `<script type="application/json" id="sitegen-config">`
/// block (no inline script, so the site runs under `script-src 'self'`). docs/format.md has
/// every field.
package struct PageConfig {
    package var page: Int
    package var first: Int
    package var count: Int
    package var total: Int
    package var pageSize: Int
    package var base: String
    /// The list's folder under the base ("" for the site's list, `tags/swift/` for a term's):
    /// where its pages are, for the script's links to them (`list` in the JSON: the base and
    /// the folder).
    package var list: String = ""
    /// The list's manifest (`m/<build>/`); "" for a list without one (`StoryList.hasShards`).
    package var build: String
    package var partRows: Int
    package var strategy: LoadingStrategy
    package var shards: [ShardEntry]

    package init(
        page: Int, first: Int, count: Int, total: Int, pageSize: Int, base: String, build: String, partRows: Int,
        strategy: LoadingStrategy, shards: [ShardEntry], list: String = ""
    ) {
        self.list = list
        self.page = page
        self.first = first
        self.count = count
        self.total = total
        self.pageSize = pageSize
        self.base = base
        self.build = build
        self.partRows = partRows
        self.strategy = strategy
        self.shards = shards
    }

    package func json() -> String { String(decoding: jsonBytes(), as: UTF8.self) }

    func jsonBytes() -> [UInt8] {
        var w = JSONWriter(capacity: 256 + shards.count * 40, forHTML: true)
        w.raw("{\"v\":1,\"page\":")
        w.int(page)
        w.raw(",\"first\":")
        w.int(first)
        w.raw(",\"count\":")
        w.int(count)
        w.raw(",\"total\":")
        w.int(total)
        w.raw(",\"pageSize\":")
        w.int(pageSize)
        w.raw(",\"base\":")
        w.string(base)
        w.raw(",\"list\":")
        w.string(base + SitePaths.urlPath(list))
        w.raw(",\"build\":")
        w.string(build)
        w.raw(",\"partRows\":")
        w.int(partRows)
        w.raw(",\"strategy\":")
        w.string(strategy.rawValue)
        w.raw(",\"shards\":")
        shards.write(to: &w)
        w.raw("}")
        return w.bytes
    }
}
