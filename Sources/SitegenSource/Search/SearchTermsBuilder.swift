import SitegenModel
import SitegenSystem

/// Breaks and folds every story's words into `SearchTerms`, on both cores.
///
/// Each different spelling is folded once (a title's `Swift` and the next's are one lookup),
/// so the cost is a scan of the text and a dictionary lookup a word.
package enum SearchTermsBuilder {
    /// What the index reads of one story: its title, domain and author (`head`), and its body
    /// (Markdown source or HN's HTML text), ranked after them.
    package struct Fields {
        package var head: [String]
        package var body: String?

        package init(head: [String], body: String?) {
            self.head = head
            self.body = body
        }
    }

    /// - Parameter fields: row i's fields (called once a row, from either core).
    package static func terms(count: Int, fields: @Sendable (Int) -> Fields) -> SearchTerms {
        let parts = Parallel.chunks(count: count) { rows in
            var part = Part()
            for row in rows { part.add(row: row, fields(row)) }
            return part
        }.results
        guard var merged = parts.first else { return SearchTerms() }
        for part in parts.dropFirst() { merged.merge(part) }
        return SearchTerms(terms: merged.terms, postings: merged.postings)
    }

    /// One core's share: its terms, their postings, and the spellings it has folded.
    private struct Part: Sendable {
        var terms: [String] = []
        var postings: [[SearchPosting]] = []
        var ids: [String: Int32] = [:]
        // Keys are Strings, not Substrings: a Substring would keep its whole title or body alive.
        var spellings: [String: Int32] = [:]
        // The story being added: its terms, and which came from its head.
        var seen: [Int32: Bool] = [:]

        mutating func add(row: Int, _ fields: Fields) {
            seen.removeAll(keepingCapacity: true)
            for text in fields.head {
                SearchWords.forEachWord(in: text) { seen[term($0)] = true }
            }
            if let body = fields.body {
                SearchWords.forEachWord(in: BodyText.plain(body)) { raw in
                    let t = term(raw)
                    if seen[t] == nil { seen[t] = false }
                }
            }
            for (t, head) in seen where t >= 0 {
                postings[Int(t)].append(SearchPosting(row: row, bodyOnly: !head))
            }
        }

        /// The term id of a spelling (-1 for one that folds to nothing, as a lone mark does).
        mutating func term(_ spelling: Substring) -> Int32 {
            let raw = String(spelling)
            if let t = spellings[raw] { return t }
            let folded = SearchWords.fold(raw)
            let t = folded.isEmpty ? -1 : intern(folded)
            spellings[raw] = t
            return t
        }

        mutating func intern(_ folded: String) -> Int32 {
            if let t = ids[folded] { return t }
            let t = Int32(terms.count)
            ids[folded] = t
            terms.append(folded)
            postings.append([])
            return t
        }

        /// Adds a later core's share (its rows all after this one's).
        mutating func merge(_ other: Part) {
            for (t, term) in other.terms.enumerated() {
                postings[Int(intern(term))] += other.postings[t]
            }
        }
    }
}
