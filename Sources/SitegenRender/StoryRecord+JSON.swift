import SitegenModel

/// A story as a shard carries it: `{"id":…,"html":…}`, the row as `row.mustache` rendered it.
/// Only what the reader will see: the story's fields are in that HTML already, and repeating
/// them cost 40 % more bytes on the wire (a reader on a slow link feels every one). No rank:
/// where a row sits is the manifest's business, so a shard's bytes survive stories moving up
/// and down the list.
package enum StoryRecord {
    package static func json(_ story: Story, html: [UInt8]) -> [UInt8] {
        var w = JSONWriter(capacity: 32 + html.count + html.count / 8)
        write(id: story.id, html: html, into: &w)
        return w.bytes
    }

    package static func write(id: Int, html: [UInt8], into w: inout JSONWriter) {
        html.withUnsafeBufferPointer { write(id: id, html: $0, into: &w) }
    }

    package static func write(id: Int, html: UnsafeBufferPointer<UInt8>, into w: inout JSONWriter) {
        w.raw("{\"id\":")
        w.int(id)
        w.raw(",\"html\":")
        w.string(html)
        w.raw("}")
    }

    /// `write(id:html:into:)` of a row escaped already (`RenderedRows` keeps them so).
    package static func write(id: Int, escapedHTML: UnsafeBufferPointer<UInt8>, into w: inout JSONWriter) {
        w.raw("{\"id\":")
        w.int(id)
        w.raw(",\"html\":")
        w.string(escaped: escapedHTML)
        w.raw("}")
    }

    /// The byte count `json` gives for a row whose escaped HTML (`JSONWriter.appendEscaped`)
    /// is `escapedHTML` bytes long, without building it: the shard planner needs every
    /// record's size, and a million records held at once would cost hundreds of megabytes.
    package static func length(id: Int, escapedHTML: Int) -> Int {
        #"{"id":,"html":""}"#.utf8.count + DecimalText.count(id) + escapedHTML
    }
}

/// A shard file: `{"v":1,"items":[record, …]}`, records in rank order.
package enum ShardFile {
    /// The shard of `rows`, its records written straight from the rows' ids and HTML;
    /// `capacity` is a hint (the records' bytes).
    package static func json(rows: Range<Int>, ids: [Int], html: RenderedRows, capacity: Int = 0) -> [UInt8] {
        json(rows: rows, of: StoryList(all: ids.count), ids: ids, html: html, capacity: capacity)
    }

    /// The shard of `rows` of `list`; `ids` and `html` are the site's, by story index (a
    /// term's row is the site's row of the same story).
    package static func json(rows: Range<Int>, of list: StoryList, ids: [Int], html: RenderedRows, capacity: Int = 0) -> [UInt8] {
        var w = JSONWriter(capacity: capacity + 32)
        w.raw("{\"v\":1,\"items\":[")
        for row in rows {
            if row > rows.lowerBound { w.raw(",") }
            let i = list.story(atRow: row)
            html.withEscaped(of: i) { StoryRecord.write(id: ids[i], escapedHTML: $0, into: &w) }
        }
        w.raw("]}")
        return w.bytes
    }
}
