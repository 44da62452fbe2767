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
        guard var merged = parts.first else { return SearchTerms() }
        for part in parts.dropFirst() { merged.merge(part) }
        return SearchTerms(terms: merged.terms, postings: merged.postings, textual: merged.textual)
    }

    /// One core's share: its terms, their postings, and the spellings it has folded.
    private struct Part: @unchecked Sendable {
        var terms: [String] = []
        var postings: [[SearchPosting]] = []
        var textual: [Bool] = []
        var ids: [String: Int32] = [:]
        var spellings = SpellingTable()
        // The story being added (`row`): the terms it holds so far (`touched`), each marked
        // with the row in `mark` and with where it was seen in `seenIn` (`head`, `text`).
        var row: Int32 = -1
        var touched: [Int32] = []
        var mark: [Int32] = []
        var seenIn: [UInt8] = []
        static let head: UInt8 = 1
        static let text: UInt8 = 2

        mutating func add(row: Int, _ fields: Fields) {
            self.row = Int32(row)
            touched.removeAll(keepingCapacity: true)
            scan(fields.title, Self.head | Self.text)
            for name in fields.names { scan(name, Self.head) }
            if let body = fields.body { scan(BodyText.plain(body), Self.text) }
            for t in touched {
                postings[Int(t)].append(SearchPosting(row: row, bodyOnly: seenIn[Int(t)] & Self.head == 0))
            }
        }

        mutating func scan(_ text: String, _ place: UInt8) {
            var text = text
            text.withUTF8 { utf8 in
                SearchWords.forEachWord(utf8: utf8) { range in
                    let t = term(UnsafeBufferPointer(rebasing: utf8[range]))
                    guard t >= 0 else { return }
                    let k = Int(t)
                    if mark[k] != row {
                        mark[k] = row
                        seenIn[k] = 0
                        touched.append(t)
                    }
                    seenIn[k] |= place
                    if place & Self.text != 0 { textual[k] = true }
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
            postings.append([])
            textual.append(false)
            mark.append(-1)
            seenIn.append(0)
            return t
        }

        /// Adds a later core's share (its rows all after this one's).
        mutating func merge(_ other: Part) {
            for (t, term) in other.terms.enumerated() {
                let mine = Int(intern(term))
                postings[mine] += other.postings[t]
                textual[mine] = textual[mine] || other.textual[t]
            }
        }
    }
}
