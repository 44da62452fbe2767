import SitegenModel

/// Plans one segment of the search index from its stories' words (pure: values in, a
/// `SearchPlan` out); `SearchIndexPlanner` cuts the site into segments and plans each so.
///
/// Ranking: a story whose title, domain or author holds a word comes before one whose body
/// alone does; then in the list's order (newer before older in a list newest first, as a
/// blog's and HN's new stories are). The list's order rather than each story's time, so that
/// results rank across segments (ranges of the list) by their segment alone, and a reader
/// finds them in the order the list shows them. Each word's results are ranked once, here, so
/// a query reads only the first slice it shows.
///
/// Cuts are content-defined, as the row shards' are: a file ends after a word whose hash falls
/// on the divisor, once it holds nearly its target size (or before it would pass it by a margin),
/// so a new story rewrites only the files of its own words, not every file after them.
public enum SearchPlanner {
    /// `[word(0), word(1), …, word(count - 1)]`: `(0..<count).map(word)` by default; the build
    /// hands in a map that runs on both cores (this layer has no threads), as ranking half a
    /// million words is most of planning.
    public typealias WordMap = (_ count: Int, _ word: @Sendable (Int) -> SearchPlan.Word) -> [SearchPlan.Word]

    /// - Parameters:
    ///   - terms: the segment's words, their postings' rows the segment's (0 its top).
    ///   - recordBytes: each row's shard record size: what a pack carries for it.
    public static func plan(
        _ terms: SearchTerms, recordBytes: [Int], rule: SearchRule = .default,
        map: WordMap = { count, word in (0..<count).map(word) }
    ) -> SearchPlan {
        let stories = recordBytes.count
        let order = terms.inJSOrder ? Array(terms.terms.indices) : jsOrder(terms.terms)
        let (postings, starts, strings, textual) = (terms.postings, terms.starts, terms.terms, terms.textual)
        let words = map(order.count) { k -> SearchPlan.Word in
            let t = order[k]
            let range = starts[t]..<starts[t + 1]
            // A posting's rank key: its row, after every title's when only its body holds the word.
            let key = { (posting: SearchPosting) in UInt32(posting.row) + (posting.bodyOnly ? UInt32(stories) : 0) }
            // The rows, and whether the keys rise as they come: words without body-only stories
            // (most words of most sites) are in rank order already.
            var ranked = true
            var titled = 0
            var results = postings.withUnsafeBufferPointer { all in
                [UInt32](unsafeUninitializedCapacity: range.count) { out, written in
                    var last: UInt32? = nil
                    for (j, posting) in all[range].enumerated() {
                        out[j] = UInt32(posting.row)
                        if !posting.bodyOnly { titled += 1 }
                        let k = key(posting)
                        if let last, last >= k { ranked = false }
                        last = k
                    }
                    written = range.count
                }
            }
            if !ranked {
                // Key and row in one integer, sorted as integers: the key's rank, then the row.
                var keyed = postings[range].map { UInt64(key($0)) << 32 | UInt64($0.row) }
                keyed.sort()
                results = keyed.map { UInt32(truncatingIfNeeded: $0) }
            }
            return SearchPlan.Word(
                term: strings[t], results: results, titled: titled,
                hasRecords: (textual[t] || results.count > rule.firstRows) && !CJKScalars.isPair(strings[t]))
        }
        let hashes = words.map { hash($0.term) }
        let common = commonWords(words, stories: stories, rule: rule)
        let marks = marks(of: common, in: words, stories: stories)
        let packRows = { (word: SearchPlan.Word) in
            SearchPlan.packRows(count: word.count, wholeRows: rule.wholeRows)
        }

        // What a pack costs a reader is its gzipped size, and its parts compress differently:
        // a record's HTML to about a quarter, a row (a difference of a few digits) to about 3
        // bytes, a mark's id (two hex digits, much repeated) to about three quarters of a byte
        // (a byte where title words are marked, half where a domain's few are). Packs are cut
        // by that estimate times four, so that each costs about as much to download whatever
        // mix of records, rows and marks it holds (the largest pack is a query's worst case).
        // (Once each: a record's size is a read from all over memory.)
        let packBytes = words.map { word in
            word.term.utf8.count + 16 + 12 * packRows(word)
                + (common.isEmpty
                    ? 0 : word.results.prefix(packRows(word)).reduce(0) { $0 + 1 + 3 * marks.count(row: Int($1)) })
                + (word.hasRecords ? word.results.prefix(rule.firstRows).reduce(0) { $0 + recordBytes[Int($1)] + 1 } : 0)
        }
        let allPackBytes = packBytes.reduce(0, +)
        let packs = cut(
            words.indices, target: step(max(rule.minPackBytes, allPackBytes / rule.packFiles)), hashes: hashes,
            bytes: { packBytes[$0] })
        return SearchPlan(
            words: words, common: common, marks: marks, wholeRows: rule.wholeRows, packs: packs,
            more: more(words, hashes: hashes, rule: rule), moreRows: moreRows(rule), firstRows: rule.firstRows,
            stories: stories)
    }

    /// The segment's common words, by id: those with more results than `wholeRows` (whose rows
    /// a query would have to load from files of later results), words with the very same
    /// results under one id (a domain's parts: a story holding `github.com` holds `github`;
    /// they cost one mark, and leave the budget to other words), taken commonest first, at
    /// most `commonWords` ids and no more than `marksPerStory` marks a story on average. In
    /// the order of their first words, not by count, so that two of them trading places in
    /// count leave every mark as it was.
    static func commonWords(_ words: [SearchPlan.Word], stories: Int, rule: SearchRule) -> [[Int]] {
        // Words are told apart by their counts and ends first, and compared whole only when
        // those agree (a common word of a body-heavy site has hundreds of thousands of rows).
        struct Outline: Hashable {
            var count: Int
            var titled: Int
            var first: UInt32
            var last: UInt32
        }
        var groups: [[Int]] = []
        var byOutline: [Outline: [Int]] = [:]
        for w in words.indices where words[w].count > rule.wholeRows {
            let results = words[w].results
            let outline = Outline(
                count: results.count, titled: words[w].titled, first: results[0], last: results[results.count - 1])
            if let g = byOutline[outline]?.first(where: { words[groups[$0][0]].results == results }) {
                groups[g].append(w)
            } else {
                byOutline[outline, default: []].append(groups.count)
                groups.append([w])
            }
        }
        let candidates = groups.sorted {
            words[$0[0]].count != words[$1[0]].count ? words[$0[0]].count > words[$1[0]].count : $0[0] < $1[0]
        }
        var common: [[Int]] = []
        var marks = 0
        for group in candidates where common.count < rule.commonWords {
            // (A word past the budget is skipped, not the end: a rarer one may still fit.)
            guard marks + words[group[0]].count <= rule.marksPerStory * stories else { continue }
            marks += words[group[0]].count
            common.append(group)
        }
        return common.sorted { $0[0] < $1[0] }
    }

    /// Each story's common words (by their index in `common`), from the common words' results.
    static func marks(of common: [[Int]], in words: [SearchPlan.Word], stories: Int) -> SearchPlan.Marks {
        var starts = [UInt32](repeating: 0, count: stories + 1)
        for group in common { for row in words[group[0]].results { starts[Int(row) + 1] += 1 } }
        for r in 0..<stories { starts[r + 1] += starts[r] }
        var ids = [UInt8](repeating: 0, count: Int(starts[stories]))
        var next = starts
        for (id, group) in common.enumerated() {
            for row in words[group[0]].results {
                ids[Int(next[Int(row)])] = UInt8(id)
                next[Int(row)] += 1
            }
        }
        return SearchPlan.Marks(starts: starts, ids: ids)
    }

    /// JavaScript's string order (UTF-16 code units), so a client's binary search agrees with
    /// the files' order for every word, those outside the Basic Multilingual Plane included.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// The indices of `words` in JavaScript's order (`precedes`). Sorted by their UTF-8 bytes,
    /// with the lead bytes of U+E000…U+FFFF (EE, EF) read as above those of four-byte scalars
    /// (F0…F4): UTF-16 puts the surrogates that spell the latter before the former, and is
    /// otherwise in code point order, as UTF-8's bytes are. Sorted by the first sixteen such
    /// bytes as two integers held beside each word's index, then each run of words that share
    /// them by the rest: sorting half a million Strings by their UTF-16 views transcoded both
    /// at every comparison, and sorting bare indices through a closure that looked their
    /// prefixes up took three times as long.
    package static func jsOrder(_ words: [String]) -> [Int] {
        // The words' bytes one after another (`starts[i]..<starts[i + 1]`), copied whole.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.reduce(0) { $0 + $1.utf8.count })
        var starts: [Int] = [0]
        starts.reserveCapacity(words.count + 1)
        for var word in words {
            word.withUTF8 { bytes.append(contentsOf: $0) }
            starts.append(bytes.count)
        }
        for i in bytes.indices where bytes[i] == 0xEE || bytes[i] == 0xEF { bytes[i] &+= 7 }
        return bytes.withUnsafeBufferPointer { bytes in
            let word = { (i: Int) in UnsafeBufferPointer(rebasing: bytes[starts[i]..<starts[i + 1]]) }
            var keys = words.indices.map { i in
                let w = word(i)
                var (prefix, next): (UInt64, UInt64) = (0, 0)
                for k in 0..<8 { prefix = prefix << 8 | (k < w.count ? UInt64(w[k]) : 0) }
                for k in 8..<16 { next = next << 8 | (k < w.count ? UInt64(w[k]) : 0) }
                return Key(prefix: prefix, next: next, index: i)
            }
            let rest = { (a: Key, b: Key) in word(a.index).lexicographicallyPrecedes(word(b.index)) }
            let same = { (a: Key, b: Key) in a.prefix == b.prefix && a.next == b.next }
            let precedes = { (a: Key, b: Key) in
                a.prefix != b.prefix ? a.prefix < b.prefix : a.next != b.next ? a.next < b.next : rest(a, b)
            }
            // Words that come in this order are checked, not sorted again.
            if zip(keys, keys.dropFirst()).allSatisfy(precedes) { return Array(words.indices) }
            keys.sort { $0.prefix != $1.prefix ? $0.prefix < $1.prefix : $0.next < $1.next }
            // Words of sixteen bytes or fewer are whole in their key (alike when their keys
            // are): only longer ones that share a key are compared by the rest.
            var start = 0
            while start < keys.count {
                var end = start + 1
                while end < keys.count && same(keys[end], keys[start]) { end += 1 }
                if end - start > 1 { keys[start..<end].sort(by: rest) }
                start = end
            }
            return keys.map(\.index)
        }
    }

    /// A word's first sixteen bytes, as `jsOrder` reads them (zero past its end), and its
    /// place among the words.
    private struct Key {
        var prefix: UInt64
        var next: UInt64
        var index: Int
    }

    /// The later results (after a pack's rows), a file at a time: a long word's results in
    /// runs of a file's size from its own start, and runs grouped into files by the same
    /// content-defined cut as packs, so one more result for a word moves no other word's files.
    static func more(_ words: [SearchPlan.Word], hashes: [UInt64], rule: SearchRule) -> [[SearchPlan.Run]] {
        let capacity = moreRows(rule)
        var runs: [SearchPlan.Run] = []
        var runHashes: [UInt64] = []
        for (w, word) in words.enumerated() where word.count > rule.wholeRows {
            var start = SearchPlan.packRows(count: word.count, wholeRows: rule.wholeRows)
            var run: UInt64 = 0
            while start < word.count {
                let end = min(word.count, start + capacity)
                runs.append(.init(word: w, run: Int(run), results: start..<end))
                runHashes.append(SplitMix64.mix(hashes[w] &+ run))
                start = end
                run += 1
            }
        }
        return cut(runs.indices, target: rule.moreFileBytes, hashes: runHashes) { runs[$0].results.count * perResult }
            .map { Array(runs[$0]) }
    }

    /// The files of later results holding a word of `words` (indices into `plan.words`).
    public static func moreFiles(_ plan: SearchPlan, words: Range<Int>) -> Range<Int> {
        guard !words.isEmpty else { return 0..<0 }
        // Files in word order: those whose last word is not before the first, up to those whose
        // first word is before the end.
        let from = plan.more.firstIndex { $0.last!.word >= words.lowerBound } ?? plan.more.count
        let to = plan.more.lastIndex { $0[0].word < words.upperBound }.map { $0 + 1 } ?? 0
        return from..<max(from, to)
    }

    /// A row number in JSON, with its comma: at most 8 bytes at a million stories.
    static let perResult = 8

    static func moreRows(_ rule: SearchRule) -> Int { max(1, rule.moreBytes / perResult) }

    /// Cuts `indices` into runs of about `target` bytes: a run ends after an index whose hash
    /// falls on the divisor once it holds the target less a margin, or before it would pass the
    /// target and the margin. The margin is a sixteenth of the target (a narrow window: a pack is
    /// most of a query's bytes, and the largest pack is a query's worst case), but eight
    /// indices' worth for small targets, up to a quarter: too few indices in the window and
    /// runs end at its end, where a cut moves with every byte before it, and the next cuts with
    /// it.
    static func cut(_ indices: Range<Int>, target: Int, hashes: [UInt64], bytes: (Int) -> Int) -> [Range<Int>] {
        guard !indices.isEmpty else { return [] }
        let sizes = indices.map(bytes)
        let average = max(1, sizes.reduce(0, +) / sizes.count)
        let margin = min(target / 4, max(target / 16, 8 * average))
        let (least, most) = (target - margin, target + margin)
        // A hash falls on it at most every margin's worth past the least, so that few runs
        // reach the most; a power of two, so that a few more stories (a slightly other average)
        // leave it, and with it every cut, as it was.
        let divisor = UInt64(powerOfTwo(atMost: max(1, margin / average)))
        var runs: [Range<Int>] = []
        var start = indices.lowerBound
        var held = 0
        for i in indices {
            let size = sizes[i - indices.lowerBound]
            if held > 0 && held + size > most {
                runs.append(start..<i)
                start = i
                held = 0
            }
            held += size
            if held >= least && hashes[i] % divisor == 0 {
                runs.append(start..<i + 1)
                start = i + 1
                held = 0
            }
        }
        if start < indices.upperBound { runs.append(start..<indices.upperBound) }
        return runs
    }

    /// `n` rounded to a step of a quarter octave (…, 16, 19, 22, 27, 32, …): targets move only
    /// when a site grows by a fifth, not with every story (when they move, every cut does).
    static func step(_ n: Int) -> Int {
        let n = max(1, n)
        let below = Double(1 << (Int.bitWidth - 1 - n.leadingZeroBitCount))
        let steps = [1, 1.189_207, 1.414_214, 1.681_793, 2].map { below * $0 }
        let x = Double(n)
        return Int(steps.min { max(x / $0, $0 / x) < max(x / $1, $1 / x) }!.rounded())
    }

    /// The largest power of two not above `n` (n ≥ 1).
    static func powerOfTwo(atMost n: Int) -> Int { 1 << (Int.bitWidth - 1 - max(1, n).leadingZeroBitCount) }

    /// FNV-1a over the word's UTF-8, mixed by SplitMix64's finalizer: the same on every machine
    /// and every run (Swift's own hashing is seeded per process).
    static func hash(_ term: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in term.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SplitMix64.mix(h)
    }
}
