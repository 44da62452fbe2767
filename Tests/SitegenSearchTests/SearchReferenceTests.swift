import Foundation
import Testing

@testable import SitegenModel
@testable import SitegenSearch

/// The index against a plain scan (issue 27): random corpora with titles, authors, domains and
/// bodies in mixed scripts, with versions, names and markup, planned as a build plans them,
/// and every word's results and random queries of several words compared with the stories a
/// scan of the texts finds by the stated rules (`SearchWordsTests.referenceWords`, a regular
/// expression, and a markup pattern of its own).
@Suite("search: the index against a plain scan")
struct SearchReferenceTests {
    /// A body's markup as docs/internals/format.md states it: tags, entities, link targets.
    static var markup: Regex<AnyRegexOutput> { try! Regex(#"<[^>]{0,1999}>|&[#A-Za-z0-9]{0,11};|\]\([^)]{0,1998}\)"#) }

    /// A body's text as docs/internals/format.md states it: markup as a space, but an entity that is a
    /// number of a scalar (not NUL) or one of the named ones as its character.
    static func plain(_ body: String) -> String {
        body.replacing(markup) { match in
            let text = String(body[match.range])
            guard text.hasPrefix("&") else { return " " }
            let name = text.dropFirst().dropLast()
            if let scalar = BodyText.namedEntities[String(name)] { return String(scalar) }
            let number: UInt32? =
                name.hasPrefix("#x") || name.hasPrefix("#X")
                ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            guard let number, number != 0, let scalar = Unicode.Scalar(number) else { return " " }
            return String(scalar)
        }
    }

    static let vocabulary = [
        "Swift", "swift", "Zürich", "ZURICH", "café", "node.js", "Node", "c++", "C#", ".NET", "1.88.0", "1.88", "1.880",
        "v2.0", "example.com", "it's", "GitHub", "actions", "render", "hook", "render-hook", "压缩文件", "文件", "中文",
        "条件", "파일을", "파일이", "파일", "프로파일", "ファイル", "圧縮", "ملف", "الملفات", "Ελλάδα", "ΣΟΦΟΣ", "b[0]", "88",
        "e.g.", "x...y", "a.b.c.d.e", "Google's", "Google’s", "google", "O'Reilly", "l'homme", "homme", "rock’n’roll",
        "don't",
    ]
    static let markups = [
        "<img src=\"swift.png\">", "&amp;", "&#x27;", "[link](https://node.js/c++)", "<b>", "</b>", "don&#x27;t",
        "l&rsquo;homme", "caf&#233;", "&#xD800;x", "&bogus;", "it&#39;s", "&#0;", "Google&apos;s",
    ]

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
            let body = Set(try SearchWordsTests.referenceWords(in: plain(story.body)))
            return (head, head.union(body))
        }
    }

    static let rule = SearchRule(
        firstRows: 3, packFiles: 8, minPackBytes: 256, moreBytes: 64, rootEntries: 4, tiers: [64, 8], blockStories: 128)

    static func plan(_ stories: ArraySlice<Story>) -> SearchPlan {
        let terms = SearchTermsBuilder.terms(count: stories.count) { i in
            let story = stories[stories.startIndex + i]
            return .init(title: story.title, author: story.author, domain: story.domain, body: story.body)
        }
        return SearchPlanner.plan(terms, recordBytes: stories.map { _ in 100 }, rule: rule)
    }

    static func plan(_ stories: [Story]) -> SearchPlan { plan(stories[...]) }

    /// The index in segments, as a build makes it (the list newest first: row 0 its top).
    static func index(_ stories: [Story]) -> SearchIndexPlan {
        let n = stories.count
        let segments = SearchIndexPlanner.segments(stories: n, tiers: rule.tiers, block: rule.blockStories).map { range in
            SearchIndexPlan.Segment(start: range.lowerBound, plan: plan(stories[(n - range.upperBound)..<(n - range.lowerBound)]))
        }
        return SearchIndexPlanner.index(segments, stories: n, rule: rule)
    }

    /// A word's results through the segments, as a client ranks them (docs/internals/format.md, "A query,
    /// step by step"): each segment's results holding it in their head, newest segment first,
    /// then the rest the same way; as rows of the list.
    static func results(_ index: SearchIndexPlan, _ term: String) -> [Int] {
        var head: [Int] = []
        var body: [Int] = []
        for segment in index.segments {
            guard let word = segment.plan.words.first(where: { $0.term == term }) else { continue }
            let top = index.stories - segment.start - segment.stories
            let rows = word.results.map { top + Int($0) }
            head += rows[..<word.titled]
            body += rows[word.titled...]
        }
        return head + body
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

    @Test("through the segments, every word holds exactly the stories the scan finds, head first, then in the list's order")
    func segments() throws {
        var rng = SplitMix64(seed: 31)
        for seed in 41...46 as ClosedRange<UInt64> {
            let stories = Self.corpus(seed: seed, count: 70 + Int(rng.next() % 200))
            let scanned = try Self.scan(stories)
            let index = Self.index(stories)
            #expect(index.segments.count >= 2, "seed \(seed)")
            // Past two blocks (128 stories each), the deep segments are several.
            let deep = index.segments.filter {
                SearchIndexPlanner.isDeep($0.start..<$0.start + $0.stories, stories: stories.count, tiers: Self.rule.tiers)
            }
            #expect(deep.allSatisfy { $0.stories <= 128 } && (stories.count < 256 || deep.count >= 2), "seed \(seed)")
            // Segments are ranges of the list, newest first, together all of it.
            #expect(index.segments.map(\.start) == index.segments.map(\.start).sorted(by: >))
            #expect(index.segments.reduce(0) { $0 + $1.stories } == stories.count)
            let all = scanned.reduce(into: Set<String>()) { $0.formUnion($1.all) }
            for term in all {
                let holders = scanned.indices.filter { scanned[$0].all.contains(term) }
                let expected =
                    holders.filter { scanned[$0].head.contains(term) } + holders.filter { !scanned[$0].head.contains(term) }
                #expect(Self.results(index, term) == expected, "seed \(seed): \(term)")
            }
            // Several words: the rarest's results, in its order, that every other word holds.
            for _ in 0..<200 {
                let words = (0..<2 + Int(rng.next() % 2)).map { _ in
                    Self.vocabulary[Int(rng.next() % UInt64(Self.vocabulary.count))]
                }
                .flatMap { SearchWords.queryWords(in: $0) }
                let lists = words.map { Self.results(index, $0) }
                let rarest = lists.min { $0.count < $1.count } ?? []
                let found = rarest.filter { row in lists.allSatisfy { $0.contains(row) } }
                let expected = scanned.indices.filter { i in words.allSatisfy { scanned[i].all.contains($0) } }
                #expect(found.sorted() == expected, "seed \(seed): \(words)")
            }
        }
    }

    @Test("a segment's boundaries come from the count alone: the oldest stories in the largest tier, the newest in the smallest")
    func tiers() {
        #expect(SearchIndexPlanner.segments(stories: 0, tiers: [64, 8]) == [])
        #expect(SearchIndexPlanner.segments(stories: 7, tiers: [64, 8]) == [0..<7])
        #expect(SearchIndexPlanner.segments(stories: 64, tiers: [64, 8]) == [0..<64])
        #expect(SearchIndexPlanner.segments(stories: 150, tiers: [64, 8]) == [144..<150, 128..<144, 0..<128])
        // Ten new stories on top rewrite the newest segment, and merge one under it only when
        // their count crosses a tier's multiple.
        let before = Set(SearchIndexPlanner.segments(stories: 4_100, tiers: [4_096, 64]))
        let after = Set(SearchIndexPlanner.segments(stories: 4_110, tiers: [4_096, 64]))
        #expect(before.subtracting(after) == [4_096..<4_100] && after.subtracting(before) == [4_096..<4_110])
        // Under the tiers, blocks: the oldest stories in segments of `block`, each planned apart.
        #expect(
            SearchIndexPlanner.segments(stories: 300, tiers: [64, 8], block: 128)
                == [296..<300, 256..<296, 128..<256, 0..<128])
        #expect(SearchIndexPlanner.segments(stories: 256, tiers: [64, 8], block: 128) == [128..<256, 0..<128])
        #expect(SearchIndexPlanner.segments(stories: 150, tiers: [64, 8], block: 128) == [144..<150, 128..<144, 0..<128])
    }

    @Test("a merge of the newer segments leaves every directory as it was: directories list the oldest segment alone")
    func mergesLeaveDirectories() throws {
        // 150 stories, then 10 new on top: the newest segment (144..<150) and the one under it
        // (128..<144) merge into 128..<160; the oldest (0..<128) is the same stories.
        let stories = Self.corpus(seed: 51, count: 160)
        let before = Self.index(Array(stories.dropFirst(10)))
        let after = Self.index(stories)
        #expect(before.segments.map(\.stories) == [6, 16, 128] && after.segments.map(\.stories) == [32, 128])
        #expect(before.segments.last == after.segments.last)
        #expect(before.segments[1].plan.packs.count > Self.rule.rootEntries, "a segment directories would list")
        // Each directory names the oldest segment's packs and files of later results (the same
        // segment before and after, so the same files), and nothing of the others: the root
        // lists those.
        let oldest = { (index: SearchIndexPlan) in
            index.directories.map { "\($0.first) \($0.packs.last!) \($0.more.last!)" }
        }
        let others = { (index: SearchIndexPlan) in
            index.directories.allSatisfy { d in
                d.packs.dropLast().allSatisfy(\.isEmpty) && d.more.dropLast().allSatisfy(\.isEmpty)
            }
        }
        #expect(!before.directories.isEmpty && before.inRoot == [true, true, false] && after.inRoot == [true, false])
        #expect(others(before) && others(after))
        #expect(oldest(before) == oldest(after))
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
                // The client's way: every word's results, intersected (docs/internals/format.md, step 4).
                let found = words.map { results[$0] ?? [] }.reduce(Set(stories.indices)) { $0.intersection($1) }
                let expected = Set(scanned.indices.filter { i in words.allSatisfy { scanned[i].all.contains($0) } })
                #expect(found == expected, "\(query): \(words)")
            }
        }
    }

    @Test("a segment listed through directories, kept with only the words they name, writes the very same root and directories")
    func namesOnlyWriteTheSameIndex() {
        for seed in 1...4 as ClosedRange<UInt64> {
            // 700 stories: blocks of 128 (five, through directories), then the tiers' segments.
            let stories = Self.corpus(seed: seed, count: 700)
            let whole = Self.index(stories)
            #expect(!whole.directories.isEmpty && whole.inRoot.filter { !$0 }.count >= 2, "seed \(seed)")
            let bounds = SearchIndexPlanner.directoryBounds(oldest: whole.segments.last!.plan, rule: Self.rule)
            let kept = zip(whole.segments, whole.inRoot).map { segment, inRoot in
                inRoot ? segment : SearchIndexPlanner.listedThroughDirectories(segment, bounds: bounds)
            }
            let slim = SearchIndexPlanner.index(kept, stories: stories.count, rule: Self.rule, bounds: bounds)
            #expect(slim.directories == whole.directories, "seed \(seed)")
            for (s, inRoot) in whole.inRoot.enumerated() where !inRoot {
                #expect(kept[s].plan.words.count < whole.segments[s].plan.words.count, "seed \(seed), segment \(s)")
            }
            // Names as the writer gives them: what matters is that both index the same ones.
            let names = whole.segments.enumerated().map { s, segment in
                SearchFiles.SegmentNames(
                    folder: whole.inRoot[s] ? "f\(s)" : nil, packs: segment.plan.packs.indices.map { "p\(s)-\($0)" },
                    more: segment.plan.more.indices.map { "m\(s)-\($0)" })
            }
            let list = SearchFiles.ListRows(build: "b", partRows: 1024, pageRows: 30)
            #expect(
                SearchFiles.root(slim, names: names, directories: nil, list: list)
                    == SearchFiles.root(whole, names: names, directories: nil, list: list), "seed \(seed)")
            for (a, b) in zip(slim.directories, whole.directories) {
                #expect(SearchFiles.directory(slim, a, names: names) == SearchFiles.directory(whole, b, names: names))
            }
        }
    }
}
