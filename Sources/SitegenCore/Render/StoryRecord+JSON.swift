/// A story as a shard carries it: its fields for any client, and `html`, the row as
/// `row.mustache` rendered it, for the script to insert. No rank: where a row sits is the
/// manifest's business, so a shard's bytes survive stories moving up and down the list.
enum StoryRecord {
    static func json(_ story: Story, html: String) -> [UInt8] {
        var w = JSONWriter(capacity: 256 + html.utf8.count * 2)
        w.raw("{")
        w.key("id", first: true)
        w.int(story.id)
        w.key("title")
        w.string(story.title)
        if let url = story.url.flatMap({ SafeURL.link($0) }) {
            w.key("url")
            w.string(url)
        }
        if let by = story.by {
            w.key("by")
            w.string(by)
        }
        for (key, value) in [("time", story.time), ("score", story.score), ("descendants", story.descendants)] {
            if let value {
                w.key(key)
                w.int(value)
            }
        }
        w.key("html")
        w.string(html)
        w.raw("}")
        return w.bytes
    }
}

/// A shard file: `{"v":1,"items":[record, …]}`, records in rank order.
enum ShardFile {
    static func json(records: ArraySlice<[UInt8]>) -> [UInt8] {
        var w = JSONWriter(capacity: records.reduce(32) { $0 + $1.count + 1 })
        w.raw("{\"v\":1,\"items\":[")
        for (i, record) in records.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw(record)
        }
        w.raw("]}")
        return w.bytes
    }
}
