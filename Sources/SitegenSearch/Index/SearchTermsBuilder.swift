import CPrefetch
import Foundation
import SitegenModel
import SitegenSystem

/// Breaks and folds every story's words into `SearchTerms`, on both cores.
///
/// Each different spelling is folded once (a title's `Swift` and the next's are one lookup),
/// so the cost is a scan of the text and a `WordTable` lookup a word.
package enum SearchTermsBuilder {
    /// What the index reads of one story: its title, its author and domain (ranked with the
    /// title), and its body (Markdown source or HN's HTML text), ranked after them. (Two
    /// names, not an array of them: no allocation a story.)
    package struct Fields {
        package var title: String
        package var author: String
        package var domain: String
        package var body: String?

        package init(title: String, author: String = "", domain: String = "", body: String? = nil) {
            self.title = title
            self.author = author
            self.domain = domain
            self.body = body
        }
    }

    /// - Parameters:
    ///   - fields: row i's fields (called once a row, from either core).
    ///   - prefetching: whether memory is loaded ahead of the lookups (`CPrefetch`): hints that
    ///     change no result; false for sitegen-bench's race of them against none.
    package static func terms(count: Int, prefetching: Bool = true, fields: @Sendable (Int) -> Fields) -> SearchTerms {
        // One share a core, not Parallel's eight: each share folds its spellings anew, and
        // the merge looks every later share's terms up once more.
        let shares = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        var parts = Parallel.array(count: shares) { share in
            let rows = (share * count / shares)..<((share + 1) * count / shares)
            // Sized for what a share of Zipf-law titles and as many authors holds (about 0.8
            // terms a story), so that such a site's table never rehashes; a site with more
            // words grows it, to the same result.
            var part = Part(terms: WordTable(capacity: rows.count * 7 / 8), prefetching: prefetching)
            part.add(rows: rows, fields)
            // Only what the merge reads: the spellings go now, before the merge adds its own.
            return Share(
                terms: part.terms, state: part.state, postings: part.postings, perRow: part.perRow, first: rows.lowerBound)
        }
        // The shares' terms as one numbering, by their bytes: the first share's, and each
        // later share's terms looked up in it (added when new). (A share's table goes as soon
        // as it is read, and the merged one once its words are Strings: a million stories'
        // tables are tens of megabytes each, and the end of this merge is the build's peak.)
        var table = parts[0].terms
        parts[0].terms = WordTable(capacity: 0)
        var textual = parts[0].state.map(\.textual)
        var maps = [Array(0..<Int32(parts[0].state.count))]
        for p in parts.indices.dropFirst() {
            // Hashed first, so that each term's slot starts loading some terms before it is read.
            let hashes = parts[p].state.indices.map { t in parts[p].terms.withBytes(of: t) { WordTable.hash($0) } }
            for hash in hashes.prefix(prefetching ? Part.ahead : 0) { table.prefetch(hash: hash) }
            maps.append(
                parts[p].state.indices.map { t -> Int32 in
                    if prefetching && t + Part.ahead < hashes.count { table.prefetch(hash: hashes[t + Part.ahead]) }
                    let id = parts[p].terms.withBytes(of: t) { table.id(of: $0, hash: hashes[t]) }
                    if Int(id) == textual.count { textual.append(false) }
                    textual[Int(id)] = textual[Int(id)] || parts[p].state[t].textual
                    return id
                })
            parts[p].terms = WordTable(capacity: 0)
        }
        // In JavaScript's order, as the planner will have them: it then reads each word's
        // postings, and the word, where the last one's end. (The terms say so, `inJSOrder`, and
        // the planner neither sorts nor checks them: `builderOrder` holds the builder to it.)
        let unordered = (0..<table.count).map { table.string($0) }
        let order = SearchPlanner.jsOrder(unordered)
        var place = [Int32](repeating: 0, count: order.count)
        for (k, t) in order.enumerated() { place[t] = Int32(k) }
        let terms = order.map { unordered[$0] }
        textual = order.map { textual[$0] }
        maps = maps.map { $0.map { place[Int($0)] } }
        table = WordTable(capacity: 0)
        // Each term's postings in one array, term by term, rows in order: a term's postings
        // from the first share, then from the next, so each share writes its own places of the
        // array, on its own core (the shares kept theirs flat, story by story).
        var starts = [Int](repeating: 0, count: terms.count + 1)
        // Each share's terms' places among their term's postings: after the earlier shares'.
        var offsets: [[Int]] = []
        for (part, map) in zip(parts, maps) {
            offsets.append(
                part.state.indices.map { t in
                    defer { starts[Int(map[t]) + 1] += Int(part.state[t].count) }
                    return starts[Int(map[t]) + 1]
                })
        }
        for t in terms.indices { starts[t + 1] += starts[t] }
        let (shared, sharedOffsets, sharedMaps, termStarts) = (parts, offsets, maps, starts)
        let postings = [SearchPosting](unsafeUninitializedCapacity: starts[terms.count]) { all, written in
            nonisolated(unsafe) let base = all.baseAddress!
            // Both cores write into it, each at its own share's places.
            Parallel.forEach(count: shared.count) { p in
                // Where the share's next posting of each of its terms goes.
                var next = sharedOffsets[p]
                for t in next.indices { next[t] += termStarts[Int(sharedMaps[p][t])] }
                shared[p].postings.withUnsafeBufferPointer { postings in
                    var k = 0
                    for (r, n) in shared[p].perRow.enumerated() {
                        let row = UInt32(shared[p].first + r) << 1
                        for posting in postings[k..<k + Int(n)] {
                            let t = Int(posting & 0x7FFF_FFFF)
                            (base + next[t]).initialize(to: SearchPosting(bits: row | posting >> 31))
                            next[t] += 1
                        }
                        k += Int(n)
                    }
                }
            }
            written = all.count
        }
        var sorted = SearchTerms(terms: terms, postings: postings, starts: starts, textual: textual)
        sorted.inJSOrder = true
        return sorted
    }

    /// What a share hands the merge: its terms, what it knows of each, its postings.
    private struct Share: Sendable {
        var terms: WordTable
        var state: [Part.State]
        var postings: [UInt32]
        var perRow: [UInt32]
        /// The share's first row.
        var first: Int
    }

    /// One core's share: its terms, their postings (flat, as they come), and the spellings it
    /// has folded.
    private struct Part: @unchecked Sendable {
        /// What the share knows of a term: the row that last held it and where (`head`,
        /// `text`), whether a title or a body ever did, and its postings so far. One value a
        /// term, so a word's bookkeeping is one cache line.
        struct State: Sendable {
            var row: Int32 = -1
            var seenIn: UInt8 = 0
            var textual = false
            var count: Int32 = 0
        }

        /// Folded words, and what the share knows of each.
        var terms: WordTable
        /// Whether lookups load memory ahead (`terms(count:prefetching:fields:)`).
        let prefetching: Bool
        var state: [State] = []
        /// Each story's terms in turn, `term | bodyOnly << 31`, and how many each story has
        /// (`perRow`): four bytes a posting (a million stories have ten million of them), the
        /// row being where it is in the sequence.
        var postings: [UInt32] = []
        var perRow: [UInt32] = []
        /// Words as written with a letter past ASCII (`Zürich`, `ZÜRICH`), each folded once,
        /// with their terms. An ASCII word's fold is its lowercase, made as it is gathered: it
        /// is looked up among the terms at once (one table, and one lookup a new word, not a
        /// spelling's and then a term's).
        var spellings = WordTable(capacity: 1 << 10)
        // The terms of the story being added, so far.
        var touched: [Int32] = []
        /// A batch of stories' words, gathered before any is looked up (their bytes in
        /// `wordBytes`, where each story's end in `storyEnds`), and their terms: each word's
        /// slot, then each term's state, starts loading some words before it is read (a story
        /// alone has too few words for that). The batch changes no result, only the order
        /// memory is read in.
        var words: [Word] = []
        /// The batch's words' bytes are `wordBytes[..<wordBytesUsed]` (it only grows: written
        /// through one pointer a text, not appended to a word at a time).
        var wordBytes: [UInt8] = []
        var wordBytesUsed = 0
        var storyEnds: [Int] = []
        var wordTerms: [Int32] = []
        static let head: UInt8 = 1
        static let text: UInt8 = 2
        /// Stories a batch, and lookups in flight (about what a core tracks at once).
        static let batch = 16
        static let ahead = 8

        struct Word {
            // (Int, not Int32: a batch's words are up to five times its text, and a text may be
            // hundreds of megabytes.)
            var start: Int
            var count: Int
            var hash: UInt32
            var place: UInt8
            /// Its bytes are its term's (ASCII, lowercased), not a spelling's.
            var folded: Bool
        }

        mutating func add(rows: Range<Int>, _ fields: (Int) -> Fields) {
            var first = rows.lowerBound
            while first < rows.upperBound {
                let batch = first..<min(first + Self.batch, rows.upperBound)
                words.removeAll(keepingCapacity: true)
                wordBytesUsed = 0
                storyEnds.removeAll(keepingCapacity: true)
                for row in batch {
                    let story = fields(row)
                    gather(story.title, Self.head | Self.text)
                    gather(story.author, Self.head)
                    gather(story.domain, Self.head)
                    if let body = story.body { gather(BodyText.plain(body), Self.text) }
                    storyEnds.append(words.count)
                }
                lookUp()
                var k = 0
                for (row, end) in zip(batch, storyEnds) {
                    add(row: row, words: k..<end)
                    k = end
                }
                first = batch.upperBound
            }
        }

        /// `wordTerms[k]`: the term of `words[k]`.
        mutating func lookUp() {
            wordTerms.removeAll(keepingCapacity: true)
            // Local copies (the same buffers), so the loop holds no reference to self, which
            // `term` changes.
            let (words, bytes) = (self.words, wordBytes)
            words.withUnsafeBufferPointer { words in
                bytes.withUnsafeBufferPointer { bytes in
                    for word in words.prefix(Self.ahead) { prefetch(word) }
                    for k in words.indices {
                        if k + Self.ahead < words.count { prefetch(words[k + Self.ahead]) }
                        let word = words[k]
                        let start = word.start
                        let bytes = UnsafeBufferPointer(rebasing: bytes[start..<start + word.count])
                        let t = word.folded ? term(folded: bytes, hash: word.hash) : term(bytes, hash: word.hash)
                        if t >= 0 && prefetching {
                            // (A write's buffer, though it only reads: a read's retained and
                            // released the array, dearer than the write's check that it is
                            // not shared.)
                            state.withUnsafeMutableBufferPointer { sitegen_prefetch($0.baseAddress! + Int(t)) }
                        }
                        wordTerms.append(t)
                    }
                }
            }
        }

        /// Story `row`'s postings, from its words `range` (looked up).
        mutating func add(row: Int, words range: Range<Int>) {
            let row = Int32(row)
            touched.removeAll(keepingCapacity: true)
            // Through buffers, once a story: `state[i]` changed on the array checks that it is
            // not shared at every write, several times a word.
            state.withUnsafeMutableBufferPointer { state in
                words.withUnsafeBufferPointer { words in
                    wordTerms.withUnsafeBufferPointer { wordTerms in
                        for k in range {
                            let t = wordTerms[k]
                            guard t >= 0 else { continue }
                            let i = Int(t)
                            let place = words[k].place
                            if state[i].row != row {
                                state[i].row = row
                                state[i].seenIn = 0
                                touched.append(t)
                            }
                            state[i].seenIn |= place
                            if place & Self.text != 0 { state[i].textual = true }
                        }
                    }
                }
                for t in touched {
                    let bodyOnly: UInt32 = state[Int(t)].seenIn & Self.head == 0 ? 1 << 31 : 0
                    postings.append(UInt32(t) | bodyOnly)
                    state[Int(t)].count += 1
                }
            }
            perRow.append(UInt32(touched.count))
        }

        /// Starts loading the slot `word`'s lookup begins at.
        mutating func prefetch(_ word: Word) {
            guard prefetching else { return }
            if word.folded { terms.prefetch(hash: word.hash) } else { spellings.prefetch(hash: word.hash) }
        }

        /// Adds `text`'s words to `words`, found in `place`, their ASCII letters lowercased: an
        /// ASCII word's whole fold, and for any other word a spelling that folds as it would.
        mutating func gather(_ text: String, _ place: UInt8) {
            var text = text
            text.withUTF8 { utf8 in
                // Room for the text's words: they overlap, but no byte is in more than
                // `SearchWords.maxWordsAByte` of them.
                let room = utf8.count * SearchWords.maxWordsAByte
                if wordBytesUsed + room > wordBytes.count {
                    wordBytes.append(
                        contentsOf: repeatElement(0, count: max(wordBytes.count, wordBytesUsed + room - wordBytes.count)))
                }
                var used = wordBytesUsed
                // Appended to here, not through self, while wordBytes is being written.
                var words: [Word] = []
                swap(&words, &self.words)
                wordBytes.withUnsafeMutableBufferPointer { out in
                    SearchWords.forEachWord(utf8: utf8) { range in
                        // The room above must hold (a new kind of word must keep to the bound):
                        // checked a word, as the bytes go through an unchecked pointer.
                        precondition(used + range.count <= out.count, "search words past SearchWords.maxWordsAByte")
                        let start = used
                        var hash = WordTable.hashStart
                        var high: UInt8 = 0
                        for b in UnsafeBufferPointer(rebasing: utf8[range]) {
                            high |= b
                            let folded = SearchWords.lowercaseASCII(b)
                            out[used] = folded
                            used += 1
                            hash = WordTable.hash(hash, folded)
                        }
                        words.append(
                            Word(start: start, count: range.count, hash: hash, place: place, folded: high < 0x80))
                    }
                }
                swap(&words, &self.words)
                wordBytesUsed = used
            }
        }

        /// The term id of a folded word, added if new.
        mutating func term(folded word: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int32 {
            let (found, _, slot) = terms.find(word, hash: hash)
            if let found { return found }
            state.append(State())
            return terms.insert(word, slot: slot)
        }

        /// The term id of a spelling (-1 for one that folds to nothing, as a lone mark does).
        mutating func term(_ spelling: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int32 {
            let (found, term, slot) = spellings.find(spelling, hash: hash)
            if found != nil { return term }
            var folded: [UInt8] = []
            folded.reserveCapacity(spelling.count + 8)
            SearchWords.fold(utf8: spelling, into: &folded)
            let t = folded.isEmpty ? -1 : folded.withUnsafeBufferPointer { terms.id(of: $0) }
            if Int(t) == state.count { state.append(State()) }
            spellings.insert(spelling, slot: slot, value: t)
            return t
        }
    }
}
