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
            for row in (share * count / shares)..<((share + 1) * count / shares) { part.add(row: row, fields(row)) }
            return part
        }
        // The shares' terms as one numbering, then each term's postings in one array sized
        // once (the shares kept theirs as flat (term, posting) pairs, written in order).
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
            for pair in part.pairs {
                postings[Int(map[Int(pair >> 32)])].append(SearchPosting(bits: UInt32(truncatingIfNeeded: pair)))
            }
        }
        return SearchTerms(terms: terms, postings: postings, textual: textual)
    }

    /// One core's share: its terms, their postings (flat, as they come), and the spellings it
    /// has folded.
    private struct Part: @unchecked Sendable {
        /// What the share knows of a term: the row that last held it and where (`head`,
        /// `text`), whether a title or a body ever did, and its postings so far. One value a
        /// term, so a word's bookkeeping is one cache line.
        struct State {
            var row: Int32 = -1
            var seenIn: UInt8 = 0
            var textual = false
            var count: Int32 = 0
        }

        var terms: [String] = []
        var state: [State] = []
        /// `term << 32 | posting bits`, in the order the rows were added.
        var pairs: [UInt64] = []
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
                let posting = SearchPosting(row: row, bodyOnly: state[Int(t)].seenIn & Self.head == 0)
                pairs.append(UInt64(UInt32(t)) << 32 | UInt64(posting.bits))
                state[Int(t)].count += 1
            }
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
