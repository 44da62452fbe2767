import SitegenModel

/// The search index's files as JSON (docs/format.md, "Search"). Each is written from the plan
/// and the rows already rendered for the list; names come from the writer, which names each
/// file by its content after writing the files it names.
package enum SearchFiles {
    /// A pack: the first rows of each of its words: `{"v":1,"words":[["swift",[record,…]],…]}`.
    /// (No rank or ranking key: those would change with every new story, and every pack with
    /// them.)
    package static func pack(_ plan: SearchPlan, words: Range<Int>, ids: [Int], html: RenderedRows) -> [UInt8] {
        var w = JSONWriter(capacity: 64 * 1024)
        w.raw("{\"v\":1,\"words\":[")
        var first = true
        for index in words where plan.words[index].hasPack {
            let word = plan.words[index]
            if !first { w.raw(",") }
            first = false
            w.raw("[")
            w.string(word.term)
            w.raw(",[")
            for (k, row) in word.results.prefix(plan.firstRows).enumerated() {
                if k > 0 { w.raw(",") }
                let i = Int(row)
                html.withBytes(of: i) { StoryRecord.write(id: ids[i], html: $0, into: &w) }
            }
            w.raw("]]")
        }
        w.raw("]}")
        return w.bytes
    }

    /// A file of later results: `{"v":1,"words":[["swift",[n,…]],…]}`, rows of the site's list
    /// counted from its end (row `stories - 1 - n`: new stories on top of the list leave these
    /// numbers, and so these files, as they were), in rank order (a word's results go on in
    /// the next file its dictionary entry names).
    package static func more(_ plan: SearchPlan, segments: [SearchPlan.Segment]) -> [UInt8] {
        var w = JSONWriter(capacity: 72 * 1024)
        w.raw("{\"v\":1,\"words\":[")
        for (s, segment) in segments.enumerated() {
            let word = plan.words[segment.word]
            if s > 0 { w.raw(",") }
            w.raw("[")
            w.string(word.term)
            w.raw(",[")
            for k in segment.results {
                if k > segment.results.lowerBound { w.raw(",") }
                w.int(plan.stories - 1 - Int(word.results[k]))
            }
            w.raw("]]")
        }
        w.raw("]}")
        return w.bytes
    }

    /// A dictionary shard: `{"v":1,"packs":[name,…],"more":[name,…],"words":[["swift",count,
    /// pack,[more,…]],…]}`, `pack` and `more` indexing this file's own name lists (a word
    /// without later results has no fourth element); a word without a pack
    /// (`SearchPlan.Word.hasPack`) is `["anna",count,[n,…]]`, its results as rows of the list
    /// counted from its end, as in `more`.
    /// - Parameters:
    ///   - pack: the name of the pack holding word i (asked only of words that have one).
    ///   - more: the names of the files holding word i's later results, in order.
    package static func dictionary(
        _ plan: SearchPlan, words: Range<Int>, pack: (Int) -> String, more: (Int) -> [String]
    ) -> [UInt8] {
        var packs: [String] = []
        var mores: [String] = []
        var entries = JSONWriter(capacity: 24 * 1024)
        for index in words {
            let word = plan.words[index]
            if index > words.lowerBound { entries.raw(",") }
            entries.raw("[")
            entries.string(word.term)
            entries.raw(",")
            entries.int(word.count)
            entries.raw(",")
            guard word.hasPack else {
                entries.raw("[")
                for (k, row) in word.results.enumerated() {
                    if k > 0 { entries.raw(",") }
                    entries.int(plan.stories - 1 - Int(row))
                }
                entries.raw("]]")
                continue
            }
            let packName = pack(index)
            if packs.last != packName { packs.append(packName) }
            entries.int(packs.count - 1)
            let later = more(index)
            if !later.isEmpty {
                entries.raw(",[")
                for (k, name) in later.enumerated() {
                    if mores.last != name { mores.append(name) }
                    if k > 0 { entries.raw(",") }
                    entries.int(mores.count - 1)
                }
                entries.raw("]")
            }
            entries.raw("]")
        }
        var w = JSONWriter(capacity: entries.bytes.count + 32 * (packs.count + mores.count) + 64)
        w.raw("{\"v\":1,\"packs\":")
        names(packs, into: &w)
        w.raw(",\"more\":")
        names(mores, into: &w)
        w.raw(",\"words\":[")
        w.raw(entries.bytes)
        w.raw("]}")
        return w.bytes
    }

    /// The root: `{"v":1,"stories":N,"firstRows":16,"build":…,"partRows":1024,"shards":[[first
    /// word,name],…]}`, or with `"directories"` in place of `"shards"` for a large index: each
    /// a file `{"v":1,"shards":[[first word,name],…]}`. A word is in the last entry whose first
    /// word is not after it (the first entry's first word is "").
    package static func root(
        _ plan: SearchPlan, dictionaryNames: [String], directoryNames: [String], build: String, partRows: Int
    ) -> [UInt8] {
        var w = JSONWriter(capacity: 64 * dictionaryNames.count + 128)
        w.raw("{\"v\":1,\"stories\":")
        w.int(plan.stories)
        w.raw(",\"firstRows\":")
        w.int(plan.firstRows)
        w.raw(",\"build\":")
        w.string(build)
        w.raw(",\"partRows\":")
        w.int(partRows)
        if plan.directories.isEmpty {
            w.raw(",\"shards\":")
            entries(plan, plan.dictionaries.indices, names: dictionaryNames, into: &w)
        } else {
            w.raw(",\"directories\":")
            entries(
                plan, plan.directories.indices, names: directoryNames, into: &w,
                first: { plan.dictionaries[plan.directories[$0].lowerBound].lowerBound })
        }
        w.raw("}")
        return w.bytes
    }

    /// A directory: `{"v":1,"shards":[[first word,name],…]}`, the dictionary shards `range`.
    package static func directory(_ plan: SearchPlan, range: Range<Int>, dictionaryNames: [String]) -> [UInt8] {
        var w = JSONWriter(capacity: 40 * range.count + 32)
        w.raw("{\"v\":1,\"shards\":")
        entries(plan, range, names: dictionaryNames, into: &w)
        w.raw("}")
        return w.bytes
    }

    /// `[[first word,name],…]` for dictionary shards (or, with `first`, directories) `range`;
    /// the index's very first word is written "".
    private static func entries(
        _ plan: SearchPlan, _ range: Range<Int>, names: [String], into w: inout JSONWriter,
        first: ((Int) -> Int)? = nil
    ) {
        w.raw("[")
        for k in range {
            let word = first?(k) ?? plan.dictionaries[k].lowerBound
            if k > range.lowerBound { w.raw(",") }
            w.raw("[")
            w.string(word == 0 ? "" : plan.words[word].term)
            w.raw(",")
            w.string(names[k])
            w.raw("]")
        }
        w.raw("]")
    }

    private static func names(_ names: [String], into w: inout JSONWriter) {
        w.raw("[")
        for (k, name) in names.enumerated() {
            if k > 0 { w.raw(",") }
            w.string(name)
        }
        w.raw("]")
    }
}
