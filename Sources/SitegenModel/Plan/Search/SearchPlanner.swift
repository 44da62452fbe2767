/// Plans the search index from the site's words (pure: values in, a `SearchPlan` out).
///
/// Ranking: a story whose title, domain or author holds a word comes before one whose body
/// alone does; then newer before older (`time`, then the list's order). Each word's results
/// are ranked once, here, so a query reads only the first slice it shows.
///
/// Cuts are content-defined, as the row shards' are: a file ends after a word whose hash falls
/// on the divisor, once it holds half its target size (or at twice the target), so a new story
/// rewrites only the files of its own words, not every file after them.
public enum SearchPlanner {
    /// - Parameters:
    ///   - times: each row's story's time (Unix seconds), nil when it has none (oldest).
    ///   - recordBytes: each row's shard record size: what a pack carries for it.
    public static func plan(_ terms: SearchTerms, times: [Int?], recordBytes: [Int], rule: SearchRule = .default) -> SearchPlan {
        let stories = times.count
        let recency = recencyRanks(times)
        let order = terms.terms.indices.sorted { precedes(terms.terms[$0], terms.terms[$1]) }
        let words = order.map { t -> SearchPlan.Word in
            var keyed = terms.postings[t].map { posting in
                (key: recency[posting.row] + (posting.bodyOnly ? UInt32(stories) : 0), row: UInt32(posting.row))
            }
            keyed.sort { $0.key < $1.key }
            return SearchPlan.Word(
                term: terms.terms[t], results: keyed.map(\.row),
                hasPack: terms.textual[t] || keyed.count > rule.firstRows)
        }
        let hashes = words.map { hash($0.term) }

        let dictionaries = cut(words.indices, target: rule.dictionaryBytes, hashes: hashes) { i in
            words[i].term.utf8.count + 16 + (words[i].hasPack ? 0 : 8 * words[i].count)
        }
        let packBytes = { (i: Int) in
            words[i].hasPack
                ? words[i].term.utf8.count + 8
                    + words[i].results.prefix(rule.firstRows).reduce(0) { $0 + recordBytes[Int($1)] + 1 }
                : 0
        }
        let allPackBytes = words.indices.reduce(0) { $0 + packBytes($1) }
        let packs = cut(
            words.indices, target: powerOfTwo(max(rule.minPackBytes, allPackBytes / rule.packFiles)), hashes: hashes,
            bytes: packBytes)
        // Directories, when the root would list too many shards: cut by the shards' first words'
        // hashes too, about `rootEntries` of them, so a new word moves few directories' names.
        let directories =
            dictionaries.count <= rule.rootEntries
            ? []
            : cut(
                dictionaries.indices, target: 2 * powerOfTwo((dictionaries.count + rule.rootEntries - 1) / rule.rootEntries),
                hashes: dictionaries.map { hashes[$0.lowerBound] }, bytes: { _ in 2 })
        return SearchPlan(
            words: words, dictionaries: dictionaries, directories: directories, packs: packs,
            more: more(words, hashes: hashes, rule: rule), firstRows: rule.firstRows, stories: stories)
    }

    /// JavaScript's string order (UTF-16 code units), so a client's binary search agrees with
    /// the files' order for every word, those outside the Basic Multilingual Plane included.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// Each row's place from newest to oldest: time descending, then the list's order.
    static func recencyRanks(_ times: [Int?]) -> [UInt32] {
        let order = times.indices.sorted { a, b in
            let ta = times[a] ?? Int.min
            let tb = times[b] ?? Int.min
            return ta != tb ? ta > tb : a < b
        }
        var ranks = [UInt32](repeating: 0, count: times.count)
        for (rank, row) in order.enumerated() { ranks[row] = UInt32(rank) }
        return ranks
    }

    /// The later results (after the first rows), a file at a time: whole words while they fit,
    /// a long word's results split over as many files as they need.
    static func more(_ words: [SearchPlan.Word], hashes: [UInt64], rule: SearchRule) -> [[SearchPlan.Segment]] {
        // A row number in JSON, with its comma: at most 8 bytes at a million stories.
        let perResult = 8
        let capacity = max(1, rule.moreBytes / perResult)
        var files: [[SearchPlan.Segment]] = []
        var file: [SearchPlan.Segment] = []
        var held = 0
        for (w, word) in words.enumerated() where word.count > rule.firstRows {
            var start = rule.firstRows
            while start < word.count {
                let take = min(word.count - start, capacity - held)
                file.append(.init(word: w, results: start..<start + take))
                held += take
                start += take
                if held == capacity || (start == word.count && held >= capacity / 2 && hashes[w] % 8 == 0) {
                    files.append(file)
                    file = []
                    held = 0
                }
            }
        }
        if !file.isEmpty { files.append(file) }
        return files
    }

    /// Cuts `indices` into runs of about `target` bytes, ending a run after an index whose hash
    /// falls on the divisor once the run holds half the target, or before it would pass twice
    /// the target.
    static func cut(_ indices: Range<Int>, target: Int, hashes: [UInt64], bytes: (Int) -> Int) -> [Range<Int>] {
        guard !indices.isEmpty else { return [] }
        let sizes = indices.map(bytes)
        let average = max(1, sizes.reduce(0, +) / sizes.count)
        // A power of two, so that a few more stories (a slightly other average) leave the
        // divisor, and with it every cut, where it was.
        let divisor = UInt64(powerOfTwo(max(1, target / 2 / average)))
        var runs: [Range<Int>] = []
        var start = indices.lowerBound
        var held = 0
        for i in indices {
            let size = sizes[i - indices.lowerBound]
            if held > 0 && held + size > 2 * target {
                runs.append(start..<i)
                start = i
                held = 0
            }
            held += size
            if held >= target / 2 && hashes[i] % divisor == 0 {
                runs.append(start..<i + 1)
                start = i + 1
                held = 0
            }
        }
        if start < indices.upperBound { runs.append(start..<indices.upperBound) }
        return runs
    }

    /// The power of two nearest `n` (n ≥ 1).
    static func powerOfTwo(_ n: Int) -> Int {
        let below = 1 << (Int.bitWidth - 1 - max(1, n).leadingZeroBitCount)
        return n - below < 2 * below - n ? below : 2 * below
    }

    /// FNV-1a over the word's UTF-8, mixed by SplitMix64's finalizer: the same on every machine
    /// and every run (Swift's own hashing is seeded per process).
    static func hash(_ term: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in term.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SplitMix64.mix(h)
    }
}
