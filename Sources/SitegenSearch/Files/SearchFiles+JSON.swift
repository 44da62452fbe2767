import CPrefetch
import SitegenModel
import SitegenRender

/// The search index's files as JSON (docs/format.md, "Search"). Each is written from the plan
/// and the rows already rendered for the list; names come from the writer, which names each
/// file by its content after writing the files it names.
package enum SearchFiles {
    /// A pack: its words in order, each `[word, count, [record, …], [n, …]]`: the word's first
    /// rows as shard records, best first (none for a name, `SearchPlan.Word.hasRecords`), and
    /// the same results as rows of the list counted from its end, by which a query of several
    /// words checks each story against every word's results (its later results, when `count`
    /// is more, are in the files of later results the root or its directory lists). No rank
    /// or ranking key: they would change with every new story, and every pack with them; nor
    /// the names of later files, for the same reason.
    /// Written into `w`, emptied first: a writer kept from file to file keeps its memory (the
    /// caller keeps one a chunk of files, `SiteWriter.writeSearch`).
    /// `prefetching: false` writes the same bytes without loading records ahead (sitegen-bench).
    package static func pack(
        _ plan: SearchPlan, words: Range<Int>, ids: [Int], html: RenderedRows, into w: inout JSONWriter,
        prefetching: Bool = true
    ) {
        // The pack's records are rows scattered over the whole list: each one's loads start a
        // few records early, or every record waits on memory.
        let records: [UInt32] =
            prefetching ? words.flatMap { plan.words[$0].hasRecords ? plan.words[$0].results.prefix(plan.firstRows) : [] } : []
        // Two steps: where each row is (and its id), then its bytes.
        let ahead = 4
        let place = { (i: Int) in
            html.prefetchPlace(of: i)
            ids.withUnsafeBufferPointer { sitegen_prefetch($0.baseAddress! + i) }
        }
        for row in records.prefix(2 * ahead) { place(Int(row)) }
        for row in records.prefix(ahead) { html.prefetch(Int(row)) }
        var next = 0
        w.bytes.removeAll(keepingCapacity: true)
        w.raw("{\"v\":1,\"words\":[")
        for index in words {
            let word = plan.words[index]
            if index > words.lowerBound { w.raw(",") }
            w.raw("[")
            w.string(word.term)
            w.raw(",")
            w.int(word.count)
            w.raw(",[")
            if word.hasRecords {
                for (k, row) in word.results.prefix(plan.firstRows).enumerated() {
                    if k > 0 { w.raw(",") }
                    if next + 2 * ahead < records.count { place(Int(records[next + 2 * ahead])) }
                    if next + ahead < records.count { html.prefetch(Int(records[next + ahead])) }
                    next += 1
                    let i = Int(row)
                    html.withEscaped(of: i) { StoryRecord.write(id: ids[i], escapedHTML: $0, into: &w) }
                }
            }
            w.raw("],")
            fromEnd(word.results.prefix(plan.firstRows), of: plan, into: &w)
            w.raw("]")
        }
        w.raw("]}")
    }

    /// A file of later results: `{"v":1,"words":[["swift",run,[n, d,…]],…]}`: run `run` of the
    /// word's later results (results `firstRows + run × moreRows` on), as rows of the site's
    /// list counted from its end (row `stories - 1 - n`: new stories on top of the list leave
    /// these numbers, and so these files, as they were), in rank order: the first `n`, then
    /// each as the one before minus it (a query of several words loads a common word's every
    /// run, and its results are mostly newer first: the differences are a digit or two).
    /// Written into `w`, emptied first (as `pack`).
    package static func more(_ plan: SearchPlan, segments: [SearchPlan.Segment], into w: inout JSONWriter) {
        w.bytes.removeAll(keepingCapacity: true)
        w.raw("{\"v\":1,\"words\":[")
        for (s, segment) in segments.enumerated() {
            let word = plan.words[segment.word]
            if s > 0 { w.raw(",") }
            w.raw("[")
            w.string(word.term)
            w.raw(",")
            w.int(segment.run)
            w.raw(",")
            fromEnd(word.results[segment.results], of: plan, into: &w, deltas: true)
            w.raw("]")
        }
        w.raw("]}")
    }

    /// The root: `{"v":1,"stories":N,"firstRows":16,"moreRows":16384,"build":…,"partRows":1024,
    /// "packs":[[first word,name],…],"more":[[first word,run,name],…]}`, or with
    /// `"directories"` in place of `"packs"` and `"more"` for a large index: each a file with
    /// the packs of its words and the files of later results that hold any of them. A word is
    /// in the last pack whose first word is not after it (the first is ""); run r of its later
    /// results in the last file whose first [word, run] is not after [word, r].
    package static func root(
        _ plan: SearchPlan, packNames: [String], directoryNames: [String], moreNames: [String], build: String,
        partRows: Int
    ) -> [UInt8] {
        var w = JSONWriter(capacity: 40 * min(packNames.count, 4 * directoryNames.count + 64) + 128)
        w.raw("{\"v\":1,\"stories\":")
        w.int(plan.stories)
        w.raw(",\"firstRows\":")
        w.int(plan.firstRows)
        w.raw(",\"moreRows\":")
        w.int(plan.moreRows)
        w.raw(",\"build\":")
        w.string(build)
        w.raw(",\"partRows\":")
        w.int(partRows)
        if plan.directories.isEmpty {
            w.raw(",\"packs\":")
            entries(plan, plan.packs.indices, names: packNames, into: &w)
            w.raw(",\"more\":")
            moreEntries(plan, plan.more.indices, names: moreNames, into: &w)
        } else {
            w.raw(",\"directories\":")
            entries(
                plan, plan.directories.indices, names: directoryNames, into: &w,
                first: { plan.packs[plan.directories[$0].lowerBound].lowerBound })
        }
        w.raw("}")
        return w.bytes
    }

    /// A directory: `{"v":1,"packs":[[first word,name],…],"more":[[first word,run,name],…]}`,
    /// the packs `range` and the files of later results `more` (those holding their words').
    package static func directory(
        _ plan: SearchPlan, range: Range<Int>, packNames: [String], more: Range<Int>, moreNames: [String]
    ) -> [UInt8] {
        var w = JSONWriter(capacity: 40 * (range.count + more.count) + 48)
        w.raw("{\"v\":1,\"packs\":")
        entries(plan, range, names: packNames, into: &w)
        w.raw(",\"more\":")
        moreEntries(plan, more, names: moreNames, into: &w)
        w.raw("}")
        return w.bytes
    }

    /// `[[first word,run,name],…]` for the files of later results `range`.
    private static func moreEntries(_ plan: SearchPlan, _ range: Range<Int>, names: [String], into w: inout JSONWriter) {
        w.raw("[")
        for k in range {
            let first = plan.more[k][0]
            if k > range.lowerBound { w.raw(",") }
            w.raw("[")
            w.string(plan.words[first.word].term)
            w.raw(",")
            w.int(first.run)
            w.raw(",")
            w.string(names[k])
            w.raw("]")
        }
        w.raw("]")
    }

    /// `[[first word,name],…]` for packs (or, with `first`, directories) `range`; the index's
    /// very first word is written "".
    private static func entries(
        _ plan: SearchPlan, _ range: Range<Int>, names: [String], into w: inout JSONWriter,
        first: ((Int) -> Int)? = nil
    ) {
        w.raw("[")
        for k in range {
            let word = first?(k) ?? plan.packs[k].lowerBound
            if k > range.lowerBound { w.raw(",") }
            w.raw("[")
            w.string(word == 0 ? "" : plan.words[word].term)
            w.raw(",")
            w.string(names[k])
            w.raw("]")
        }
        w.raw("]")
    }

    /// `[n,…]`: `rows` counted from the list's end; with `deltas`, the first so and each
    /// other as the one before minus it (small: a word's results are mostly newer first).
    private static func fromEnd(
        _ rows: ArraySlice<UInt32>, of plan: SearchPlan, into w: inout JSONWriter, deltas: Bool = false
    ) {
        w.raw("[")
        var previous: Int? = nil
        for row in rows {
            let n = plan.stories - 1 - Int(row)
            if let previous {
                w.raw(",")
                w.int(deltas ? previous - n : n)
            } else {
                w.int(n)
            }
            previous = n
        }
        w.raw("]")
    }
}
