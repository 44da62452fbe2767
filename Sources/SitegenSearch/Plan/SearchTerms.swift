import SitegenModel

/// A site's words and the stories that hold them: what the search index is planned from.
/// `SearchTermsBuilder` (SitegenSource) breaks and folds the words; everything after is pure.
public struct SearchTerms: Sendable, Equatable {
    /// Folded words (`SearchWords`), each once: in any order (the planner sorts them), but
    /// `SearchTermsBuilder` gives them in the planner's (`SearchPlanner.precedes`), which
    /// then reads every word's postings in turn rather than from all over memory.
    public var terms: [String]
    /// Every term's postings, term by term: `terms[t]`'s are `postings[starts[t]..<starts[t + 1]]`,
    /// the stories holding it, once each. One array rather than one a term: half a million
    /// arrays at a million stories were as many allocations, and an append each posting.
    public var postings: [SearchPosting]
    public var starts: [Int]
    /// `textual[t]`: some story's title or body holds `terms[t]` (not only an author or a
    /// domain). Such a word's first rows travel in a pack; a name's few stories are found
    /// through the list's shards instead (`SearchPlan.Word.hasRecords`).
    public var textual: [Bool]
    /// The terms are in the planner's order already (`SearchPlanner.jsOrder`), which then
    /// neither sorts them nor checks: the builders, which sort them, say so, and a test holds
    /// each to it (`builderOrder`). Not part of what the terms are (`==`).
    package var inJSOrder = false

    public init(terms: [String], postings: [SearchPosting], starts: [Int], textual: [Bool]) {
        precondition(starts.count == terms.count + 1 && starts.last == postings.count && textual.count == terms.count)
        self.terms = terms
        self.postings = postings
        self.starts = starts
        self.textual = textual
    }

    public static func == (a: SearchTerms, b: SearchTerms) -> Bool {
        a.terms == b.terms && a.postings == b.postings && a.starts == b.starts && a.textual == b.textual
    }

    /// Terms with their postings as a list each (tests, and anything small).
    public init(terms: [String] = [], postings: [[SearchPosting]] = [], textual: [Bool]? = nil) {
        precondition(terms.count == postings.count)
        var starts = [0]
        for list in postings { starts.append(starts.last! + list.count) }
        self.init(
            terms: terms, postings: postings.flatMap { $0 }, starts: starts,
            textual: textual ?? Array(repeating: true, count: terms.count))
    }

    /// The stories holding `terms[t]`.
    public func postings(of t: Int) -> ArraySlice<SearchPosting> { postings[starts[t]..<starts[t + 1]] }
}

/// A story that holds a term: its row in the site's list, and whether the term is only in its
/// body (ranked after every story whose title, domain or author holds it). Four bytes: a
/// million-story site has millions of them.
public struct SearchPosting: Sendable, Equatable, Hashable {
    public let bits: UInt32

    public init(row: Int, bodyOnly: Bool) {
        precondition(row >= 0 && row < 1 << 31)
        bits = UInt32(row) << 1 | (bodyOnly ? 1 : 0)
    }

    /// A posting from its `bits`.
    public init(bits: UInt32) { self.bits = bits }

    public var row: Int { Int(bits >> 1) }
    public var bodyOnly: Bool { bits & 1 == 1 }
}
