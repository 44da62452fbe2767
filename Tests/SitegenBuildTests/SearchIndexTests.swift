import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSearch
@testable import SitegenSource

/// The search index: words broken and folded per story, the plan (ranking, cuts), and a built
/// site's files read back the way a client reads them (docs/internals/format.md, "Search").
@Suite("search: the index")
struct SearchIndexTests {
    static func terms(_ fields: [SearchTermsBuilder.Fields]) -> [String: [SearchPosting]] {
        let terms = SearchTermsBuilder.terms(count: fields.count) { fields[$0] }
        return Dictionary(
            uniqueKeysWithValues: terms.terms.indices.map { (terms.terms[$0], terms.postings(of: $0).sorted { $0.row < $1.row }) }
        )
    }

    static func textual(_ fields: [SearchTermsBuilder.Fields]) -> [String: Bool] {
        let terms = SearchTermsBuilder.terms(count: fields.count) { fields[$0] }
        return Dictionary(uniqueKeysWithValues: zip(terms.terms, terms.textual))
    }

    @Test("each story holds a folded word once; a word in its head is not also a body word; markup is not words")
    func builder() {
        let fields: [SearchTermsBuilder.Fields] = [
            .init(
                title: "Zürich in Winter", author: "anna", domain: "example.com",
                body: "<p>Winter in <a href=\"https://x.org\">ZURICH</a> &amp; more</p>"),
            .init(title: "ZURICH"),
            .init(title: "Notes", author: "zurich", body: "see [the guide](https://guide.example/path) for zurich"),
        ]
        let terms = Self.terms(fields)
        // A name's words are not a title's or a body's: they list rows instead of a pack.
        let textual = Self.textual(fields)
        #expect(textual["anna"] == false && textual["example"] == false && textual["zurich"] == true)
        #expect(textual["more"] == true)
        #expect(
            terms["zurich"] == [.init(row: 0, bodyOnly: false), .init(row: 1, bodyOnly: false), .init(row: 2, bodyOnly: false)])
        #expect(terms["winter"] == [.init(row: 0, bodyOnly: false)])
        #expect(terms["more"] == [.init(row: 0, bodyOnly: true)])
        #expect(terms["guide"] == [.init(row: 2, bodyOnly: true)])
        #expect(terms["example"] == [.init(row: 0, bodyOnly: false)])
        for markup in ["href", "https", "amp", "p", "a", "x", "org", "path"] { #expect(terms[markup] == nil, "\(markup)") }
    }

    @Test("the builder gives its words in JavaScript's order, so the planner reads each word's postings in turn")
    func builderOrder() {
        let zipf = ZipfTitles(vocabulary: 2_000)
        var rng = SplitMix64(seed: 5)
        let fields = (0..<3_000).map { i in
            SearchTermsBuilder.Fields(title: zipf.title(&rng) + (i % 7 == 0 ? " 𝒜lpha \u{FF41}" : ""), author: "user\(i % 50)")
        }
        let terms = SearchTermsBuilder.terms(count: fields.count) { fields[$0] }
        #expect(terms.terms.count > 1_000)
        // They say so, and the planner takes them as they come.
        #expect(terms.inJSOrder)
        #expect(zip(terms.terms, terms.terms.dropFirst()).allSatisfy { SearchPlanner.precedes($0, $1) })
        let plain = SearchTermsBuilder.plainTerms(count: fields.count) { fields[$0] }
        #expect(plain.inJSOrder && plain == terms)
        // Each word's postings are its own: the stories whose words hold it.
        for t in stride(from: 0, to: terms.terms.count, by: 97) {
            for posting in terms.postings(of: t) {
                let f = fields[posting.row]
                let words = SearchWords.words(in: f.title) + SearchWords.words(in: f.author)
                #expect(words.contains(terms.terms[t]), "\(terms.terms[t]) in row \(posting.row)")
            }
        }
    }

    @Test("the builder's words on both cores are the words of one core")
    func builderChunks() {
        var random = TestRandom(seed: 3)
        let zipf = ZipfTitles(vocabulary: 500)
        var rng = SplitMix64(seed: 9)
        let fields = (0..<5_000).map { _ in
            SearchTermsBuilder.Fields(title: zipf.title(&rng), body: random.next() % 3 == 0 ? zipf.title(&rng) : nil)
        }
        let terms = Self.terms(fields)
        var expected: [String: [SearchPosting]] = [:]
        for (row, f) in fields.enumerated() {
            var seen: [String: Bool] = [:]
            for w in SearchWords.words(in: f.title) { seen[w] = true }
            for w in SearchWords.words(in: f.body ?? "") where seen[w] == nil { seen[w] = false }
            for (w, head) in seen { expected[w, default: []].append(.init(row: row, bodyOnly: !head)) }
        }
        #expect(terms == expected)
    }

    @Test("results rank title words before body words, then in the list's order; words sort as JavaScript sorts them")
    func ranking() {
        let terms = SearchTerms(
            terms: ["swift", "𝒜lpha", "\u{FF41}"],
            postings: [
                [
                    .init(row: 0, bodyOnly: true), .init(row: 1, bodyOnly: false), .init(row: 2, bodyOnly: false),
                    .init(row: 3, bodyOnly: false),
                ],
                [.init(row: 0, bodyOnly: false)], [.init(row: 1, bodyOnly: false)],
            ])
        let plan = SearchPlanner.plan(terms, recordBytes: [10, 10, 10, 10])
        #expect(plan.words.map(\.term) == ["swift", "𝒜lpha", "\u{FF41}"])
        #expect(plan.words[0].results == [1, 2, 3, 0])
        #expect(plan.words[0].count == 4 && plan.words[0].titled == 3)
    }

    @Test("words sorted by their bytes come in JavaScript's order, four-byte scalars before U+E000…U+FFFF")
    func jsOrder() {
        var rng = SplitMix64(seed: 5)
        let alphabet: [Character] = [
            "a", "b", "z", "é", "ж", "日", "\u{D7FF}", "\u{E000}", "\u{FF41}", "\u{FFFD}", "𝒜", "😀", "\u{10FFFF}",
        ]
        // A third share their first sixteen bytes or more, so their order is the rest's.
        let words = (0..<3_000).map { i in
            (i % 3 == 0 ? "internationaliza" : "")
                + String((0..<Int(1 + rng.next() % 10)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
        let order = SearchPlanner.jsOrder(words)
        #expect(order.count == words.count)
        #expect(zip(order, order.dropFirst()).allSatisfy { !SearchPlanner.precedes(words[$1], words[$0]) })
    }

    /// A plan of `stories` Zipf titles.
    static func zipfPlan(stories: Int, seed: UInt64 = 1, rule: SearchRule) -> SearchPlan {
        let zipf = ZipfTitles(vocabulary: 2_000)
        var rng = SplitMix64(seed: seed)
        let titles = (0..<stories).map { _ in zipf.title(&rng) }
        let terms = SearchTermsBuilder.terms(count: titles.count) { .init(title: titles[$0]) }
        return SearchPlanner.plan(terms, recordBytes: Array(repeating: 300, count: stories), rule: rule)
    }

    @Test(
        "the cuts cover every word once, in order; a pack holds a word's first rows, or all of a word of few; later results are the rest, once, in order"
    )
    func cuts() {
        let rule = SearchRule(firstRows: 5, packFiles: 40, minPackBytes: 4_000, moreBytes: 4_000, wholeRows: 20)
        let plan = Self.zipfPlan(stories: 3_000, rule: rule)
        let ranges = plan.packs
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == plan.words.count)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
        #expect(plan.packs.count > 20)
        var later: [Int: [Int]] = [:]
        for file in plan.more {
            for segment in file { later[segment.word, default: []] += Array(segment.results) }
        }
        for (w, word) in plan.words.enumerated() {
            #expect(plan.packRows(word) == min(word.count, 20))
            #expect((later[w] ?? []) == Array(plan.packRows(word)..<word.count), "\(word.term)")
        }
        #expect(plan.words.contains { $0.count > 20 } && plan.words.contains { $0.count > 5 && $0.count <= 20 })
        #expect(plan.more.allSatisfy { file in file.reduce(0) { $0 + $1.results.count } <= 5 * 4_000 / 8 / 4 })
        // More packs than the root lists: directories of them, covering them in order (each
        // from the pack holding its first word, which may be the last of the one before).
        let small = SearchRule(firstRows: 5, packFiles: 400, minPackBytes: 1_000, moreBytes: 4_000, rootEntries: 8)
        let deep = Self.zipfPlan(stories: 3_000, rule: small)
        #expect(deep.packs.count > 64)
        let index = SearchIndexPlanner.index([.init(start: 0, plan: deep)], stories: 3_000, rule: small)
        let directories = index.directories.map { $0.packs[0] }
        #expect(directories.first?.lowerBound == 0 && directories.last?.upperBound == deep.packs.count)
        #expect(
            zip(directories, directories.dropFirst()).allSatisfy {
                $1.lowerBound == $0.upperBound || $1.lowerBound == $0.upperBound - 1
            })
        #expect(directories.count >= 4 && directories.count <= 32, "\(directories.count)")
        #expect(SearchIndexPlanner.index([.init(start: 0, plan: plan)], stories: 3_000, rule: rule).directories.isEmpty)
    }

    @Test("a small segment the root lists carries a filter of its words; a lone segment or a large one none")
    func filters() {
        let rule = SearchRule(firstRows: 5, packFiles: 40, minPackBytes: 4_000, moreBytes: 4_000, wholeRows: 20, filterWords: 300)
        let large = Self.zipfPlan(stories: 3_000, rule: rule)
        let small = Self.zipfPlan(stories: 40, rule: rule)
        #expect(small.words.count <= 300 && large.words.count > 300)
        let index = SearchIndexPlanner.index(
            [.init(start: 3_000, plan: small), .init(start: 0, plan: large)], stories: 3_040, rule: rule)
        let filter = try? #require(index.filters[0])
        #expect(small.words.allSatisfy { filter?.mayHold($0.term) == true })
        #expect(index.filters[1] == nil)
        #expect(SearchIndexPlanner.index([.init(start: 0, plan: small)], stories: 40, rule: rule).filters == [nil])
    }

    @Test("a new story rewrites the files of its own words, not the files after them")
    func contentDefined() {
        let rule = SearchRule(firstRows: 5, packFiles: 40, minPackBytes: 4_000, moreBytes: 4_000, wholeRows: 20)
        let before = Self.zipfPlan(stories: 3_000, rule: rule)
        let zipf = ZipfTitles(vocabulary: 2_000)
        var rng = SplitMix64(seed: 1)
        let titles = ["Zebra quagga"] + (0..<3_000).map { _ in zipf.title(&rng) }
        let terms = SearchTermsBuilder.terms(count: titles.count) { .init(title: titles[$0]) }
        let after = SearchPlanner.plan(terms, recordBytes: Array(repeating: 300, count: titles.count), rule: rule)
        let words = { (plan: SearchPlan, ranges: [Range<Int>]) in Set(ranges.map { plan.words[$0].map(\.term) }) }
        let same = words(before, before.packs).intersection(words(after, after.packs))
        #expect(before.packs.count > 20 && same.count >= before.packs.count - 3, "\(same.count) of \(before.packs.count)")
    }

    @Test(
        "10 new stories on top of 19,968, then 10 more, rewrite the newest segment's files, the root and its listing: at most 3 % of the index"
    )
    func newStoriesRewriteLittle() async throws {
        try await withTemporaryFolder { folder in
            let zipf = ZipfTitles(vocabulary: 20_000)
            var rng = SplitMix64(seed: 11)
            let titles = (0..<19_988).map { _ in zipf.title(&rng) }
            let lines = titles.enumerated().map { n, title in
                // Newest first, as the list has them: the first ones are the new ones.
                #"{"id":\#(50_000 - n),"type":"story","title":"\#(title)","by":"a\#((50_000 - n) % 500)","time":\#(1_800_000_000 - n)}"#
            }
            let listing = { () throws -> Set<String> in
                let root = try #require(Generations.parse(try readText(folder.path("out/m/builds.txt"))).first?.search)
                return Set(try readText(folder.path("out/" + root.dropLast(5) + ".txt")).split(separator: "\n").map(String.init))
            }
            var before: Set<String> = []
            // 19,968 is 312 × 64: no newest segment, then one of 10 stories, then of 20; the
            // segments under it (19,456 stories and 512) as they were.
            for new in [20, 10, 0] {
                try folder.write(lines.dropFirst(new).joined(separator: "\n"), to: "stories.jsonl")
                let report = try await Build.run(
                    BuildRequest(source: JSONLinesSource(path: folder.path("stories.jsonl")), output: folder.path("out")))
                #expect(report.stories == 19_988 - new)
                let after = try listing()
                let fresh = after.subtracting(before)
                #expect(after.count > 300)
                if new < 20 {
                    #expect(fresh.count * 100 <= 3 * after.count, "\(fresh.count) of \(after.count) index files are new")
                }
                before = after
            }
        }
    }

    /// A site of `count` Zipf stories, some with text, from a JSON Lines file (newest first).
    /// - Parameter block: the most stories of a deep segment (`SearchRule.blockStories`).
    static func buildZipfSite(
        _ folder: TemporaryFolder, count: Int, block: Int = 1 << 20, edit: (inout [Story]) -> Void = { _ in }
    ) async throws
        -> [Story]
    {
        let zipf = ZipfTitles(vocabulary: 300)
        var rng = SplitMix64(seed: 5)
        var stories: [Story] = []
        for id in (1...count).reversed() {
            let text = id % 4 == 0 ? "<p>" + zipf.title(&rng) + "</p>" : nil
            stories.append(
                Story(
                    id: id, title: zipf.title(&rng), url: id % 3 == 0 ? nil : "https://site\(id % 7).example/\(id)",
                    by: "author\(id % 11)", time: 1_700_000_000 + id * 60, text: text))
        }
        edit(&stories)
        let lines = stories.map { s in
            let object: [String: Any?] = [
                "id": s.id, "type": "story", "title": s.title, "url": s.url, "by": s.by, "time": s.time, "text": s.text,
            ]
            return String(decoding: try! JSONSerialization.data(withJSONObject: object.compactMapValues { $0 }), as: UTF8.self)
        }
        try folder.write(lines.joined(separator: "\n"), to: "stories.jsonl")
        var request = BuildRequest(
            source: JSONLinesSource(path: folder.path("stories.jsonl")), output: folder.path("out"),
            options: SiteOptions(pageSize: 20))
        // Small files and tiers, so that a small site's index has every part a large one has:
        // segments, directories, several packs, words whole in their packs, files of later
        // results, common words and marks. (Four marks a story, not the default three: with
        // three, the title edited in `changedAndDeleted` moves a word across this small
        // site's budget, the ids of the common words after it move, and every mark with them:
        // 130 of 210 files. docs/guides/search.md, "What is not done yet".)
        request.searchRule = SearchRule(
            firstRows: 6, packFiles: 50, minPackBytes: 2_000, moreBytes: 400, rootEntries: 4, tiers: [256, 16], wholeRows: 12,
            marksPerStory: 4, blockStories: block)
        _ = try await Build.run(request)
        return stories
    }

    /// Checks, as a client reads them, that every word of `stories` finds exactly the stories
    /// holding it, in rank order (title, author or domain before body, then the list's order),
    /// with the records the packs carry being those stories'.
    static func checkEveryWord(_ folder: TemporaryFolder, _ stories: [Story], segments: Int = 3) throws {
        let client = try SearchClient(site: folder.path("out"))
        #expect(client.segments.count == segments && client.root["directories"] != nil)
        #expect(client.segments.map { $0[1] }.reduce(0, +) == stories.count)
        // The list's order: row r's story, and each story's row.
        let ids = try (0..<stories.count).map { try client.id(fromEnd: stories.count - 1 - $0) }
        #expect(ids == stories.map(\.id))
        var holding: [String: [(head: Bool, row: Int)]] = [:]
        for (row, story) in stories.enumerated() {
            let head = Set(
                SearchWords.words(
                    in: [story.title, story.by ?? "", story.url.flatMap { SafeURL.domain(of: $0) } ?? ""].joined(separator: " ")))
            let body = Set(SearchWords.words(in: BodyText.plain(story.text ?? ""))).subtracting(head)
            for w in head { holding[w, default: []].append((true, row)) }
            for w in body { holding[w, default: []].append((false, row)) }
        }
        #expect(try client.words() == Set(holding.keys))
        for (term, holders) in holding {
            let (rows, records) = try client.results(term)
            let expected = (holders.filter(\.head) + holders.filter { !$0.head }).map { stories[$0.row].id }
            #expect(try rows.map { try client.id(fromEnd: $0) } == expected, "\(term)")
            for (n, id) in records { #expect(try client.id(fromEnd: n) == id, "\(term)") }
        }
        #expect(holding.count > 300)
        // Several words, through the marks of common words and the rows of the others: every
        // story holding them all, in the list's order. Words of every kind: common in a
        // segment, whole in their packs, with later results, a name's.
        let common = Set(client.segments.indices.flatMap { client.common(segment: $0).keys })
        #expect(common.count >= 3, "\(common)")
        // Words of the very same stories (a domain's parts) share an id, and so a mark.
        let entries = client.segments.indices.flatMap { (client.root["common"] as! [Any])[$0] as! [[Any]] }
        #expect(entries.contains { ($0[0] as! [String]).count > 1 }, "\(entries)")
        let terms = holding.keys.sorted()
        var rng = SplitMix64(seed: 3)
        var found = 0
        for k in 0..<300 {
            let pick = { () -> String in
                let pool = k % 3 == 0 ? terms : rng.next() % 2 == 0 ? common.sorted() : terms
                return pool[Int(rng.next() % UInt64(pool.count))]
            }
            let words = Array(Set((0..<2 + Int(rng.next() % 2)).map { _ in pick() }))
            let rows = words.map { Set((holding[$0] ?? []).map(\.row)) }.reduce(Set(stories.indices)) { $0.intersection($1) }
            let expected = rows.map { stories.count - 1 - $0 }.sorted(by: >)
            #expect(try client.allOf(words) == expected, "\(words)")
            if !expected.isEmpty && words.contains(where: common.contains) { found += 1 }
        }
        #expect(found > 30, "\(found) queries with a common word found stories")
    }

    @Test(
        "a client that reads root, directories, every segment's packs and later files, manifest and shards finds every story holding each word, exactly, in rank order"
    )
    func clientWalk() async throws {
        try await withTemporaryFolder { folder in
            try Self.checkEveryWord(folder, try await Self.buildZipfSite(folder, count: 700))
        }
    }

    @Test(
        "blocks: the oldest stories in segments of 256, both listed through the directories, find every story as one segment did")
    func clientWalkInBlocks() async throws {
        try await withTemporaryFolder { folder in
            let stories = try await Self.buildZipfSite(folder, count: 700, block: 256)
            try Self.checkEveryWord(folder, stories, segments: 4)
            let client = try SearchClient(site: folder.path("out"))
            #expect(client.segments.map { $0[1] } == [12, 176, 256, 256])
            // The two blocks' packs are in the directories, not the root.
            #expect((client.root["packs"] as! [Any]).suffix(2).allSatisfy { $0 is NSNull })
        }
    }

    @Test("a story changed or deleted is never found through an old segment; segments it is not in keep their files")
    func changedAndDeleted() async throws {
        try await withTemporaryFolder { folder in
            _ = try await Self.buildZipfSite(folder, count: 700)
            let listing = { () throws -> Set<String> in
                let root = try #require(Generations.parse(try readText(folder.path("out/m/builds.txt"))).first?.search)
                return Set(try readText(folder.path("out/" + root.dropLast(5) + ".txt")).split(separator: "\n").map(String.init))
            }
            let before = try listing()
            // A title changed in the oldest segment: that segment's files change, the newer
            // segments' do not.
            let edited = try await Self.buildZipfSite(folder, count: 700) { stories in
                stories[650].title = "Quixotic zeppelin"
            }
            try Self.checkEveryWord(folder, edited)
            let client = try SearchClient(site: folder.path("out"))
            #expect(try client.results("quixotic").rows.map { try client.id(fromEnd: $0) } == [edited[650].id])
            let after = try listing()
            #expect(after.subtracting(before).count < after.count / 2, "\(after.subtracting(before).count) of \(after.count)")
            // Deleted stories: never found.
            let deleted = try await Self.buildZipfSite(folder, count: 700) { stories in
                stories.remove(at: 600)
                stories.remove(at: 5)
            }
            try Self.checkEveryWord(folder, deleted)
        }
    }

    @Test(
        "rows are read from list pages of no more rows than a shard can hold, else through the manifest",
        arguments: [(30, 30), (64, 64), (65, 0), (500, 0)])
    func pageRows(pageSize: Int, expected: Int) async throws {
        try await withTemporaryFolder { folder in
            _ = try await Build.run(
                BuildRequest(
                    source: SampleSource(count: 120), output: folder.path("out"), options: SiteOptions(pageSize: pageSize)))
            let client = try SearchClient(site: folder.path("out"))
            #expect(client.root["pageRows"] as? Int == expected)
            // Every row read both ways agrees (`SearchClient.id(fromEnd:)`).
            #expect(try (0..<client.stories).map { try client.id(fromEnd: $0) }.count == client.stories)
        }
    }

    @Test("--no-search writes no index, no search page, no search box")
    func off() async throws {
        try await withTemporaryFolder { folder in
            let report = try await Build.run(
                BuildRequest(source: SampleSource(), output: folder.path("out"), options: SiteOptions(search: false)))
            #expect(report.searchFiles == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/x")))
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/search")))
            #expect(!(try readText(folder.path("out/index.html"))).contains("role=\"search\""))
        }
    }

    @Test("every page's header has the search box; the search page names the root; a kept generation keeps its index")
    func pagesAndGenerations() async throws {
        try await withTemporaryFolder { folder in
            let first = try await Build.run(BuildRequest(source: SampleSource(), output: folder.path("out")))
            #expect(first.searchFiles > 2)
            for page in ["index.html", "page/2/index.html", "search/index.html", "404.html"] {
                let html = try readText(folder.path("out/" + page))
                #expect(
                    html.contains("<form class=\"search\" role=\"search\" action=\"/search/\"><input type=\"search\" name=\"q\""),
                    "\(page)")
                #expect(html.contains("form-action 'self'"), "\(page)")
            }
            let record = Generations.parse(try readText(folder.path("out/m/builds.txt")))
            let root = try #require(record.first?.search)
            #expect(try readText(folder.path("out/search/index.html")).contains("\"root\":\"\(root)\""))
            let listing = try readText(folder.path("out/" + root.dropLast(5) + ".txt")).split(separator: "\n").map(String.init)
            #expect(listing.count == first.searchFiles - 1 && listing.contains(root))
            // A build with other stories: the first build's index is kept for pages still open.
            _ = try await Build.run(
                BuildRequest(source: StubSource([.story(1, title: "Only one story")]), output: folder.path("out")))
            let kept = Generations.parse(try readText(folder.path("out/m/builds.txt")))
            #expect(kept.count == 2 && kept[1].search == root && kept[0].search != root)
            for file in listing { #expect(FileManager.default.fileExists(atPath: folder.path("out/" + file)), "\(file)") }
        }
    }
}
