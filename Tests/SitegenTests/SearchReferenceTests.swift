import Foundation
import Testing

@testable import SitegenModel
@testable import SitegenSearch
@testable import SitegenSource

/// The index against a plain scan (issue 27): random corpora with titles, authors, domains and
/// bodies in mixed scripts, with versions, names and markup, planned as a build plans them,
/// and every word's results and random queries of several words compared with the stories a
/// scan of the texts finds by the stated rules (`SearchWordsTests.referenceWords`, a regular
/// expression, and a markup pattern of its own).
@Suite("search: the index against a plain scan")
struct SearchReferenceTests {
    /// A body's markup as docs/format.md states it: tags, entities, link targets.
    static var markup: Regex<AnyRegexOutput> { try! Regex(#"<[^>]{0,1999}>|&[#A-Za-z0-9]{0,11};|\]\([^)]{0,1998}\)"#) }

    static let vocabulary = [
        "Swift", "swift", "Zürich", "ZURICH", "café", "node.js", "Node", "c++", "C#", ".NET", "1.88.0", "1.88", "1.880",
        "v2.0", "example.com", "it's", "GitHub", "actions", "render", "hook", "render-hook", "压缩文件", "文件", "中文",
        "条件", "파일을", "파일이", "파일", "프로파일", "ファイル", "圧縮", "ملف", "الملفات", "Ελλάδα", "ΣΟΦΟΣ", "b[0]", "88",
        "e.g.", "x...y", "a.b.c.d.e",
    ]
    static let markups = ["<img src=\"swift.png\">", "&amp;", "&#x27;", "[link](https://node.js/c++)", "<b>", "</b>"]

    struct Story {
        var title: String
        var author: String = ""
        var domain: String = ""
        var body: String = ""
    }

    static func corpus(seed: UInt64, count: Int) -> [Story] {
        var rng = SplitMix64(seed: seed)
        func pick(_ list: [String]) -> String { list[Int(rng.next() % UInt64(list.count))] }
        func text(_ words: Int, markup: Bool) -> String {
            (0..<words).map { _ in
                markup && rng.next() % 5 == 0
                    ? pick(markups) : pick(vocabulary) + (rng.next() % 4 == 0 ? pick([",", ".", "!", ""]) : "")
            }.joined(separator: rng.next() % 6 == 0 ? "" : " ")
        }
        return (0..<count).map { _ in
            Story(
                title: text(1 + Int(rng.next() % 5), markup: false),
                author: rng.next() % 3 == 0 ? pick(["anna", "bob.smith", "김철수"]) : "",
                domain: rng.next() % 3 == 0 ? pick(["example.com", "github.io", "rust-lang.org"]) : "",
                body: rng.next() % 4 == 0 ? "" : text(Int(rng.next() % 30), markup: true))
        }
    }

    /// Each story's words as the plain scan finds them: in its head (title, author, domain), in all.
    static func scan(_ stories: [Story]) throws -> [(head: Set<String>, all: Set<String>)] {
        try stories.map { story in
            let head = Set(try [story.title, story.author, story.domain].flatMap { try SearchWordsTests.referenceWords(in: $0) })
            let body = Set(try SearchWordsTests.referenceWords(in: story.body.replacing(markup, with: " ")))
            return (head, head.union(body))
        }
    }

    static func plan(_ stories: [Story]) -> SearchPlan {
        let terms = SearchTermsBuilder.terms(count: stories.count) { i in
            .init(title: stories[i].title, author: stories[i].author, domain: stories[i].domain, body: stories[i].body)
        }
        return SearchPlanner.plan(
            terms, times: stories.indices.map { 1_000_000 - $0 }, recordBytes: stories.map { _ in 100 },
            rule: SearchRule(firstRows: 3, packFiles: 8, minPackBytes: 256, moreBytes: 64))
    }

    @Test("every word of the index holds exactly the stories the scan finds it in, those with it in the head first")
    func everyWord() throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            let stories = Self.corpus(seed: seed, count: 150)
            let scanned = try Self.scan(stories)
            let plan = Self.plan(stories)
            let all = scanned.reduce(into: Set<String>()) { $0.formUnion($1.all) }
            #expect(Set(plan.words.map(\.term)) == all, "seed \(seed)")
            for word in plan.words {
                let holders = Set(scanned.indices.filter { scanned[$0].all.contains(word.term) })
                #expect(Set(word.results.map(Int.init)) == holders && word.count == holders.count, "\(word.term)")
                // Head before body: no story holding the word in its head after one that does not.
                let heads = word.results.map { scanned[Int($0)].head.contains(word.term) }
                #expect(heads == heads.sorted { $0 && !$1 }, "\(word.term)")
            }
        }
    }

    @Test("the index's fast builder (both cores, byte tables, batches) makes exactly the terms the plain one does")
    func fastIsPlain() {
        for seed in 21...24 as ClosedRange<UInt64> {
            let stories = Self.corpus(seed: seed, count: 300)
            let fields: @Sendable (Int) -> SearchTermsBuilder.Fields = { i in
                SearchTermsBuilder.Fields(
                    title: stories[i].title, author: stories[i].author, domain: stories[i].domain, body: stories[i].body)
            }
            let fast = SearchTermsBuilder.terms(count: stories.count, fields: fields)
            let plain = SearchTermsBuilder.plainTerms(count: stories.count, fields: fields)
            #expect(fast == plain, "seed \(seed)")
            // Without its prefetches (hints), the same.
            #expect(SearchTermsBuilder.terms(count: stories.count, prefetching: false, fields: fields) == fast)
        }
    }

    @Test("a pair of CJK neighbours lists rows, not records; a character, a name and a word keep their records")
    func pairsListRows() {
        let stories = [Story(title: "文件 压缩 node.js"), Story(title: "文件"), Story(title: "파일을 zip")]
        let plan = Self.plan(stories)
        let records = Dictionary(uniqueKeysWithValues: plan.words.map { ($0.term, $0.hasRecords) })
        #expect(records["文件"] == false && records["파일"] == false && records["일을"] == false)
        #expect(records["文"] == true && records["파"] == true && records["node.js"] == true && records["zip"] == true)
        #expect(CJKScalars.isPair("文件") && !CJKScalars.isPair("文") && !CJKScalars.isPair("ab") && !CJKScalars.isPair("文件夹"))
    }

    @Test("a query of several words finds, through the index, exactly the stories the scan finds holding them all")
    func severalWords() throws {
        var rng = SplitMix64(seed: 7)
        for seed in 11...14 as ClosedRange<UInt64> {
            let stories = Self.corpus(seed: seed, count: 200)
            let scanned = try Self.scan(stories)
            let plan = Self.plan(stories)
            let results = Dictionary(uniqueKeysWithValues: plan.words.map { ($0.term, Set($0.results.map(Int.init))) })
            for _ in 0..<300 {
                let query = (0..<1 + Int(rng.next() % 3)).map { _ in
                    Self.vocabulary[Int(rng.next() % UInt64(Self.vocabulary.count))]
                }.joined(separator: " ")
                let words = SearchWords.queryWords(in: query)
                #expect(words == (try SearchWordsTests.referenceWords(in: query, query: true)), "\(query)")
                // The client's way: every word's results, intersected (docs/format.md, step 4).
                let found = words.map { results[$0] ?? [] }.reduce(Set(stories.indices)) { $0.intersection($1) }
                let expected = Set(scanned.indices.filter { i in words.allSatisfy { scanned[i].all.contains($0) } })
                #expect(found == expected, "\(query): \(words)")
            }
        }
    }
}
