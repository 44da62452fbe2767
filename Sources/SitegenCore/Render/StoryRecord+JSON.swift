/// A story as a shard carries it: `{"id":…,"html":…}`, the row as `row.mustache` rendered it.
/// Only what the reader will see: the story's fields are in that HTML already, and repeating
/// them cost 40 % more bytes on the wire (a reader on a slow link feels every one). No rank:
/// where a row sits is the manifest's business, so a shard's bytes survive stories moving up
/// and down the list.
enum StoryRecord {
    static func json(_ story: Story, html: String) -> [UInt8] {
        var w = JSONWriter(capacity: 32 + html.utf8.count + html.utf8.count / 8)
        w.raw("{\"id\":")
        w.int(story.id)
        w.raw(",\"html\":")
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
