import CPrefetch
import SitegenModel
import SitegenRender
import SitegenSystem

/// The search index's files as JSON (docs/internals/format.md, "Search"). Each is written from the plan
/// and the rows already rendered for the list; names come from the writer, which names each
/// file by its content after writing the files it names.
package enum SearchFiles {
    /// A pack of a segment: `{"v":7,"words":[[word, count, [n, d, …], titled, marks], …]` and,
    /// after a line break, `,"records":[[record, …], …]}`. Each word, in order: its results as
    /// rows of the segment counted from its oldest story, written as in later results
    /// (`fromEnd`), the first `wholeRows` (all of them for a word of no more; the rest are in
    /// the files of later results the root or its directory lists); how many of all its
    /// results hold it in their title (they rank first, across segments); in a segment with
    /// common words, each row's marks (`marks(_:of:into:)`); and, in the same place of
    /// `records`, its first rows as shard records, best first (none for a name,
    /// `SearchPlan.Word.hasRecords`). No rank or ranking key: they would change with every new
    /// story, and every pack with them; nor the names of later files, for the same reason.
    /// `rowOffset`: the segment's newest story's row in the site's list (`html` and `ids` are
    /// the list's).
    /// Written into `w`, emptied first: a writer kept from file to file keeps its memory (the
    /// caller keeps one a chunk of files, `SiteWriter.writeSearch`).
    /// `prefetching: false` writes the same bytes without loading records ahead (sitegen-bench).
    package static func pack(
        _ plan: SearchPlan, words: Range<Int>, ids: [Int], html: RenderedRows, rowOffset: Int = 0,
        into w: inout JSONWriter, prefetching: Bool = true
    ) {
        // The pack's records are rows scattered over the whole list: each one's loads start a
        // few records early, or every record waits on memory.
        let records: [UInt32] =
            prefetching
            ? words.flatMap { plan.words[$0].hasRecords ? plan.words[$0].results.prefix(plan.firstRows) : [] }.map {
                $0 + UInt32(rowOffset)
            } : []
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
        // The words first and the records after them, a line apart: a client reading the file
        // as it arrives has every word's count, rows and marks (all a query of several words
        // reads) while the records, most of the bytes, still come.
        w.raw("{\"v\":7,\"words\":[")
        for index in words {
            let word = plan.words[index]
            if index > words.lowerBound { w.raw(",") }
            w.raw("[")
            w.string(word.term)
            w.raw(",")
            w.int(word.count)
            w.raw(",")
            let rows = word.results.prefix(plan.packRows(word))
            fromEnd(rows, of: plan, into: &w)
            w.raw(",")
            w.int(word.titled)
            if !plan.common.isEmpty {
                w.raw(",")
                marks(rows, of: plan, into: &w)
            }
            w.raw("]")
        }
        w.raw("]\n,\"records\":[")
        for index in words {
            let word = plan.words[index]
            if index > words.lowerBound { w.raw(",") }
            w.raw("[")
            if word.hasRecords {
                for (k, row) in word.results.prefix(plan.firstRows).enumerated() {
                    if k > 0 { w.raw(",") }
                    if next + 2 * ahead < records.count { place(Int(records[next + 2 * ahead])) }
                    if next + ahead < records.count { html.prefetch(Int(records[next + ahead])) }
                    next += 1
                    let i = rowOffset + Int(row)
                    html.withEscaped(of: i) { StoryRecord.write(id: ids[i], escapedHTML: $0, into: &w) }
                }
            }
            w.raw("]")
        }
        w.raw("]}")
    }

    /// A file of later results: `{"v":7,"words":[["swift",run,[n, d,…],marks],…]}`: run `run` of the
    /// word's later results (results `wholeRows + run × moreRows` on: after its pack's rows), as rows of the segment
    /// counted from its oldest story (a story deleted under the segment leaves these numbers,
    /// and so these files, as they were), in rank order: the first `n`, then
    /// each as the one before minus it (a word's results are mostly newer first: the
    /// differences are a digit or two), and their marks as in a pack.
    /// Written into `w`, emptied first (as `pack`).
    package static func more(_ plan: SearchPlan, runs: [SearchPlan.Run], into w: inout JSONWriter) {
        w.bytes.removeAll(keepingCapacity: true)
        w.raw("{\"v\":7,\"words\":[")
        for (r, run) in runs.enumerated() {
            let word = plan.words[run.word]
            if r > 0 { w.raw(",") }
            w.raw("[")
            w.string(word.term)
            w.raw(",")
            w.int(run.run)
            w.raw(",")
            fromEnd(word.results[run.results], of: plan, into: &w)
            if !plan.common.isEmpty {
                w.raw(",")
                marks(word.results[run.results], of: plan, into: &w)
            }
            w.raw("]")
        }
        w.raw("]}")
    }

    /// The names a segment's files were written under (each `x/<name>.json`): its packs', and
    /// its files of later results'. A segment the root lists has its files in a folder named
    /// by their contents, `folder`: pack k is `<folder>/<k>`, file of later results k
    /// `<folder>/m<k>`, so the root names the folder once rather than each file (a search page
    /// carries it: half its bytes, at a million stories). The others' files are each named by
    /// its content, as the directories list them (`nil`).
    package struct SegmentNames: Sendable {
        package var folder: String?
        package var packs: [String]
        package var more: [String]
    }

    /// A folder of the index's files named by their contents (`ContentHash` of their names in
    /// order, each by its content): the segments the root lists, and the directories. So a
    /// file never changes under its name, as every other file of `x/`.
    package struct Folder: Sendable {
        package var name: String
        /// `<name>/<prefix><k>` of each file, for `SitePaths.searchFile`.
        package var files: [[String]]

        /// Files at their places in groups, `prefixes[g]` for group g: `[hash of file k]` a group.
        package init(hashes: [[String]], prefixes: [String]) {
            let text = zip(prefixes, hashes).map { "\($0):" + $1.joined(separator: ",") }.joined(separator: "\n")
            name = ContentHash.hex(of: Array(text.utf8))
            files = zip(prefixes, hashes).map { [name] prefix, group in group.indices.map { "\(name)/\(prefix)\($0)" } }
        }
    }

    /// The root: `{"v":7,"stories":N,"firstRows":16,"moreRows":16384,"build":…,"partRows":1024,"pageRows":30,
    /// "segments":[[start,stories],…],"common":[[[[word,…],count,titled],…],…],"packs":[[folder,[first word,…]],…],
    /// "more":[[[first word,run],…],…],"filters":[[7,hex],…],"directories":[folder,[first word,…]]}`: for each segment
    /// (newest first) its common words (an entry an id: the words of the very same results,
    /// their count and how many hold them in their title), its packs (its folder, and each
    /// pack's first word: pack k is `x/<folder>/<k>.json`) and its files of later results (each
    /// one's first word and run: file k is `x/<folder>/m<k>.json`), or `null` for a segment the
    /// directories list (a large one), a filter of its words (`WordFilter`: its probes, and its
    /// bits as hex digits) or `null`, and then the directories (none when the root lists every
    /// segment: their folder and each one's first word, directory k `x/<folder>/<k>.json`): each
    /// a file `{"v":7,"packs":[…],"more":[…]}` listing those segments' packs and files of later
    /// results that hold a word from its first word to the next's (a list for each `null`, each
    /// file by its name, `[first word, name]` and `[first word, run, name]`). A word is in the
    /// last pack whose first word is not after it (a segment's first is ""); run r of its later
    /// results in the last file whose first [word, run] is not after [word, r].
    package static func root(
        _ index: SearchIndexPlan, names: [SegmentNames], directories: Folder?, list: ListRows
    ) -> [UInt8] {
        let listed = zip(names, index.inRoot).reduce(directories?.files[0].count ?? 0) {
            $0 + ($1.1 ? $1.0.packs.count + $1.0.more.count : 0)
        }
        var w = JSONWriter(capacity: 48 * listed + 160)
        w.raw("{\"v\":7,\"stories\":")
        w.int(index.stories)
        w.raw(",\"firstRows\":")
        w.int(index.firstRows)
        w.raw(",\"moreRows\":")
        w.int(index.moreRows)
        w.raw(",\"build\":")
        w.string(list.build)
        w.raw(",\"partRows\":")
        w.int(list.partRows)
        w.raw(",\"pageRows\":")
        w.int(list.pageRows)
        w.raw(",\"segments\":[")
        for (s, segment) in index.segments.enumerated() {
            if s > 0 { w.raw(",") }
            w.raw("[")
            w.int(segment.start)
            w.raw(",")
            w.int(segment.stories)
            w.raw("]")
        }
        w.raw("],\"common\":[")
        for (s, segment) in index.segments.enumerated() {
            if s > 0 { w.raw(",") }
            w.raw("[")
            for (k, group) in segment.plan.common.enumerated() {
                let word = segment.plan.words[group[0]]
                if k > 0 { w.raw(",") }
                w.raw("[[")
                for (j, c) in group.enumerated() {
                    if j > 0 { w.raw(",") }
                    w.string(segment.plan.words[c].term)
                }
                w.raw("],")
                w.int(word.count)
                w.raw(",")
                w.int(word.titled)
                w.raw("]")
            }
            w.raw("]")
        }
        w.raw("],\"packs\":[")
        for (s, segment) in index.segments.enumerated() {
            if s > 0 { w.raw(",") }
            guard index.inRoot[s], let folder = names[s].folder else {
                w.raw("null")
                continue
            }
            w.raw("[")
            w.string(folder)
            w.raw(",[")
            for k in segment.plan.packs.indices {
                if k > 0 { w.raw(",") }
                w.string(firstWord(segment.plan, pack: k))
            }
            w.raw("]]")
        }
        w.raw("],\"more\":[")
        for (s, segment) in index.segments.enumerated() {
            if s > 0 { w.raw(",") }
            guard index.inRoot[s] else {
                w.raw("null")
                continue
            }
            w.raw("[")
            for k in segment.plan.more.indices {
                if k > 0 { w.raw(",") }
                w.raw("[")
                firstRun(segment.plan, file: k, into: &w)
                w.raw("]")
            }
            w.raw("]")
        }
        w.raw("],\"filters\":[")
        for (s, filter) in index.filters.enumerated() {
            if s > 0 { w.raw(",") }
            guard let filter else {
                w.raw("null")
                continue
            }
            w.raw("[")
            w.int(WordFilter.probes)
            w.raw(",")
            w.string(filter.hex)
            w.raw("]")
        }
        w.raw("]")
        if let directories {
            w.raw(",\"directories\":[")
            w.string(directories.name)
            w.raw(",[")
            for (d, directory) in index.directories.enumerated() {
                if d > 0 { w.raw(",") }
                w.string(directory.first)
            }
            w.raw("]]")
        }
        w.raw("}")
        return w.bytes
    }

    /// Where a result's row is read from the site's list, for a row no pack holds a record
    /// of: its manifest (`m/<build>/<k>.json`, parts of `partRows` rows), and its list pages
    /// of `pageRows` rows each, when a row is read from its page (0: never).
    package struct ListRows: Sendable {
        package var build: String
        package var partRows: Int
        package var pageRows: Int

        package init(build: String, partRows: Int, pageRows: Int) {
            self.build = build
            self.partRows = partRows
            self.pageRows = pageRows
        }

        /// The page size when a result's row is read from its list page, else 0. A page is
        /// one request, where the manifest costs two, one after the other (a part, then a
        /// shard), for rows scattered over the list as results are. A page is a shard's rows
        /// and more (its head, its pager, a row's attributes: at 30 rows, 3.1 KB gzipped
        /// against a part and a shard's 2.1), so only while it holds no more rows than a
        /// shard can (`ShardRule.maxRows`).
        package static func pageRows(pageSize: Int, rule: ShardRule) -> Int {
            pageSize <= rule.maxRows ? pageSize : 0
        }
    }

    /// The first word of segment pack k ("" for the first: every word is not before it).
    private static func firstWord(_ plan: SearchPlan, pack k: Int) -> String {
        let word = plan.packs[k].lowerBound
        return word == 0 ? "" : plan.words[word].term
    }

    /// `first word,run` of a segment's file of later results k.
    private static func firstRun(_ plan: SearchPlan, file k: Int, into w: inout JSONWriter) {
        let first = plan.more[k][0]
        w.string(plan.words[first.word].term)
        w.raw(",")
        w.int(first.run)
    }

    /// A directory: `{"v":7,"packs":[[[first word,name],…],…],"more":[[[first word,run,name],…],…]}`,
    /// a list of each for each segment the root does not list, in the root's order (none for
    /// the others: so a newest segment coming or going, which the root lists, leaves every
    /// directory as it was) (`SearchIndexPlan.Directory`).
    package static func directory(
        _ index: SearchIndexPlan, _ directory: SearchIndexPlan.Directory, names: [SegmentNames]
    )
        -> [UInt8]
    {
        let entries = directory.packs.reduce(0) { $0 + $1.count } + directory.more.reduce(0) { $0 + $1.count }
        var w = JSONWriter(capacity: 48 * entries + 64)
        w.raw("{\"v\":7")
        listings(index, packs: directory.packs, more: directory.more, listed: index.inRoot.map { !$0 }, names: names, into: &w)
        w.raw("}")
        return w.bytes
    }

    /// `,"packs":[…],"more":[…]`: each segment's packs `packs[s]` and files of later results
    /// `more[s]` where `listed[s]` (the others are left out), each with its name.
    private static func listings(
        _ index: SearchIndexPlan, packs: [Range<Int>], more: [Range<Int>], listed: [Bool], names: [SegmentNames],
        into w: inout JSONWriter
    ) {
        /// `[…]`, one list a segment, `item(s, k)` writing entry k of segment s's `ranges[s]`.
        func perSegment(_ ranges: [Range<Int>], _ item: (Int, Int, inout JSONWriter) -> Void) {
            w.raw("[")
            var first = true
            for s in index.segments.indices where listed[s] {
                if !first { w.raw(",") }
                first = false
                w.raw("[")
                for k in ranges[s] {
                    if k > ranges[s].lowerBound { w.raw(",") }
                    item(s, k, &w)
                }
                w.raw("]")
            }
            w.raw("]")
        }
        w.raw(",\"packs\":")
        perSegment(packs) { s, k, w in
            w.raw("[")
            w.string(firstWord(index.segments[s].plan, pack: k))
            w.raw(",")
            w.string(names[s].packs[k])
            w.raw("]")
        }
        w.raw(",\"more\":")
        perSegment(more) { s, k, w in
            w.raw("[")
            firstRun(index.segments[s].plan, file: k, into: &w)
            w.raw(",")
            w.string(names[s].more[k])
            w.raw("]")
        }
    }

    /// `"0005,,0c"`: each of `rows`' marks (the ids, in `plan.common`, of the common words its
    /// story holds, each two lowercase hex digits: `commonWords` is at most 256), joined by
    /// commas. (Every result written carries its marks, tens of millions of bytes: measured
    /// first, then written into the writer's buffer in place, not appended a byte at a time.)
    private static func marks(_ rows: ArraySlice<UInt32>, of plan: SearchPlan, into w: inout JSONWriter) {
        let hex: StaticString = "0123456789abcdef"
        plan.marks.starts.withUnsafeBufferPointer { starts in
            plan.marks.ids.withUnsafeBufferPointer { ids in
                // The quotes, a comma between two rows, two digits an id.
                var length = 2 + max(0, rows.count - 1)
                for row in rows { length += 2 * Int(starts[Int(row) + 1] - starts[Int(row)]) }
                var at = w.bytes.count
                w.bytes.append(contentsOf: repeatElement(UInt8(ascii: ","), count: length))
                w.bytes.withUnsafeMutableBufferPointer { out in
                    hex.withUTF8Buffer { hex in
                        out[at] = UInt8(ascii: "\"")
                        at += 1
                        for (k, row) in rows.enumerated() {
                            if k > 0 { at += 1 }  // the comma already there
                            for id in ids[Int(starts[Int(row)])..<Int(starts[Int(row) + 1])] {
                                out[at] = hex[Int(id >> 4)]
                                out[at + 1] = hex[Int(id & 15)]
                                at += 2
                            }
                        }
                        out[at] = UInt8(ascii: "\"")
                    }
                }
            }
        }
    }

    /// `[n, d,…]`: `rows` counted from the segment's oldest story, the first so and each other
    /// as the one before minus it (small: a word's results are mostly newer first).
    private static func fromEnd(_ rows: ArraySlice<UInt32>, of plan: SearchPlan, into w: inout JSONWriter) {
        w.raw("[")
        var previous: Int? = nil
        for row in rows {
            let n = plan.stories - 1 - Int(row)
            if let previous {
                w.raw(",")
                w.int(previous - n)
            } else {
                w.int(n)
            }
            previous = n
        }
        w.raw("]")
    }
}
