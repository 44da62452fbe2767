import Foundation
import SitegenModel
import SitegenSystem

/// Breaks and folds every story's words into `SearchTerms`, on both cores.
///
/// Each different spelling is folded once (a title's `Swift` and the next's are one lookup),
/// so the cost is a scan of the text and a dictionary lookup a word.
package enum SearchTermsBuilder {
    /// What the index reads of one story: its title, its author and domain (`names`: ranked
    /// with the title), and its body (Markdown source or HN's HTML text), ranked after them.
    package struct Fields {
        package var title: String
        package var names: [String]
        package var body: String?

        package init(title: String, names: [String] = [], body: String? = nil) {
            self.title = title
            self.names = names
            self.body = body
        }
    }

    /// - Parameter fields: row i's fields (called once a row, from either core).
    package static func terms(count: Int, fields: @Sendable (Int) -> Fields) -> SearchTerms {
        // One share a core, not Parallel's eight: each share folds its spellings anew, and
        // the merge interns every term of every share once more.
        let shares = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        let parts = Parallel.array(count: shares) { share in
            var part = Part()
            let rows = (share * count / shares)..<((share + 1) * count / shares)
            for row in rows { part.add(row: row, fields(row)) }
            // Only what the merge reads: the spellings and the terms' lookup table (tens of
            // megabytes a share at a million stories) go now, before the merge adds its own.
            return Share(
                terms: part.terms, state: part.state, postings: part.postings, perRow: part.perRow, first: rows.lowerBound)
        }
        // The shares' terms as one numbering, then each term's postings in one array sized
        // once (the shares kept theirs flat, story by story).
        var terms: [String] = []
        var ids: [String: Int32] = [:]
        var textual: [Bool] = []
        let maps = parts.map { part in
            part.terms.indices.map { t -> Int32 in
                let term = part.terms[t]
                let id: Int32
                if let known = ids[term] {
                    id = known
                } else {
                    id = Int32(terms.count)
                    ids[term] = id
                    terms.append(term)
                    textual.append(false)
                }
                textual[Int(id)] = textual[Int(id)] || part.state[t].textual
                return id
            }
        }
        var counts = [Int](repeating: 0, count: terms.count)
        for (part, map) in zip(parts, maps) {
            for t in part.terms.indices { counts[Int(map[t])] += Int(part.state[t].count) }
        }
        var postings = counts.map { n -> [SearchPosting] in
            var list: [SearchPosting] = []
            list.reserveCapacity(n)
            return list
        }
        for (part, map) in zip(parts, maps) {
            part.postings.withUnsafeBufferPointer { shared in
                var k = 0
                for (r, n) in part.perRow.enumerated() {
                    let row = UInt32(part.first + r) << 1
                    for posting in shared[k..<k + Int(n)] {
                        postings[Int(map[Int(posting & 0x7FFF_FFFF)])].append(SearchPosting(bits: row | posting >> 31))
                    }
                    k += Int(n)
                }
            }
        }
        return SearchTerms(terms: terms, postings: postings, textual: textual)
    }

    /// What a share hands the merge: its terms, what it knows of each, its postings.
    private struct Share: Sendable {
        var terms: [String]
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

        var terms: [String] = []
        var state: [State] = []
        /// Each story's terms in turn, `term | bodyOnly << 31`, and how many each story has
        /// (`perRow`): four bytes a posting (a million stories have ten million of them), the
        /// row being where it is in the sequence.
        var postings: [UInt32] = []
        var perRow: [UInt32] = []
        var ids: [String: Int32] = [:]
        var spellings = SpellingTable()
        // The story being added (`row`) and the terms it holds so far.
        var row: Int32 = -1
        var touched: [Int32] = []
        static let head: UInt8 = 1
        static let text: UInt8 = 2

        mutating func add(row: Int, _ fields: Fields) {
            self.row = Int32(row)
            touched.removeAll(keepingCapacity: true)
            scan(fields.title, Self.head | Self.text)
            for name in fields.names { scan(name, Self.head) }
            if let body = fields.body { scan(BodyText.plain(body), Self.text) }
            for t in touched {
                let bodyOnly: UInt32 = state[Int(t)].seenIn & Self.head == 0 ? 1 << 31 : 0
                postings.append(UInt32(t) | bodyOnly)
                state[Int(t)].count += 1
            }
            perRow.append(UInt32(touched.count))
        }

        mutating func scan(_ text: String, _ place: UInt8) {
            var text = text
            text.withUTF8 { utf8 in
                SearchWords.forEachWord(utf8: utf8) { range in
                    let t = term(UnsafeBufferPointer(rebasing: utf8[range]))
                    guard t >= 0 else { return }
                    let k = Int(t)
                    if state[k].row != row {
                        state[k].row = row
                        state[k].seenIn = 0
                        touched.append(t)
                    }
                    state[k].seenIn |= place
                    if place & Self.text != 0 { state[k].textual = true }
                }
            }
        }

        /// The term id of a spelling (-1 for one that folds to nothing, as a lone mark does).
        mutating func term(_ spelling: UnsafeBufferPointer<UInt8>) -> Int32 {
            let hash = SpellingTable.hash(spelling)
            let (found, slot) = spellings.find(spelling, hash: hash)
            if let found { return found }
            let folded = SearchWords.fold(String(decoding: spelling, as: UTF8.self))
            let t = folded.isEmpty ? -1 : intern(folded)
            spellings.insert(spelling, hash: hash, value: t, slot: slot)
            return t
        }

        mutating func intern(_ folded: String) -> Int32 {
            if let t = ids[folded] { return t }
            let t = Int32(terms.count)
            ids[folded] = t
            terms.append(folded)
            state.append(State())
            return t
        }
    }
}
