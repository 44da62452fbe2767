import SitegenModel

extension SearchTermsBuilder {
    /// The same terms as `terms(count:fields:)`, made the plain way: one core, each word folded
    /// as a String and looked up in the standard library's dictionary, a set of terms a story.
    /// The fast builder is held to it (SearchReferenceTests) and raced against it
    /// (sitegen-bench): it stays only while it pays.
    package static func plainTerms(count: Int, fields: (Int) -> Fields) -> SearchTerms {
        var ids: [String: Int] = [:]
        var terms: [String] = []
        var postings: [[SearchPosting]] = []
        var textual: [Bool] = []
        for row in 0..<count {
            let story = fields(row)
            // Each term of the story, and whether its title, author or domain holds it.
            var inHead: [Int: Bool] = [:]
            func add(_ text: String, head: Bool, isText: Bool) {
                for word in SearchWords.words(in: text) {
                    let t: Int
                    if let known = ids[word] {
                        t = known
                    } else {
                        t = terms.count
                        ids[word] = t
                        terms.append(word)
                        postings.append([])
                        textual.append(false)
                    }
                    inHead[t] = (inHead[t] ?? false) || head
                    if isText { textual[t] = true }
                }
            }
            add(story.title, head: true, isText: true)
            add(story.author, head: true, isText: false)
            add(story.domain, head: true, isText: false)
            if let body = story.body { add(BodyText.plain(body), head: false, isText: true) }
            for (t, head) in inHead { postings[t].append(SearchPosting(row: row, bodyOnly: !head)) }
        }
        let order = SearchPlanner.jsOrder(terms)
        var sorted = SearchTerms(
            terms: order.map { terms[$0] }, postings: order.map { postings[$0] }, textual: order.map { textual[$0] })
        sorted.inJSOrder = true
        return sorted
    }
}
