/// What a page tells the script, as the `<script type="application/json" id="sitegen-config">`
/// block (no inline script, so the site runs under `script-src 'self'`). docs/format.md has
/// every field.
struct PageConfig {
    var page: Int
    var first: Int
    var count: Int
    var total: Int
    var pageSize: Int
    var base: String
    var build: String
    var partRows: Int
    var strategy: LoadingStrategy
    var shards: [ShardEntry]

    func json() -> String { String(decoding: jsonBytes(), as: UTF8.self) }

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
