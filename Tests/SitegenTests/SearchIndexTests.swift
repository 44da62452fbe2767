import Foundation
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSearch
@testable import SitegenSource
@testable import SitegenSystem
@testable import SitegenWrite

/// The search index: words broken and folded per story, the plan (ranking, cuts), and a built
/// site's files read back the way a client reads them (docs/format.md, "Search").
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
        #expect(zip(terms.terms, terms.terms.dropFirst()).allSatisfy { SearchPlanner.precedes($0, $1) })
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

    @Test("results rank title words before body words, then newer before older; words sort as JavaScript sorts them")
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
        // Row 3 is newest; rows 1 and 2 are equally old, so the list's order decides.
        let plan = SearchPlanner.plan(terms, times: [400, 100, 100, 900], recordBytes: [10, 10, 10, 10])
        #expect(plan.words.map(\.term) == ["swift", "𝒜lpha", "\u{FF41}"])
        #expect(plan.words[0].results == [3, 1, 2, 0])
        #expect(plan.words[0].count == 4)
    }

    @Test("words sorted by their bytes come in JavaScript's order, four-byte scalars before U+E000…U+FFFF")
    func jsOrder() {
        var rng = SplitMix64(seed: 5)
        let alphabet: [Character] = [
            "a", "b", "z", "é", "ж", "日", "\u{D7FF}", "\u{E000}", "\u{FF41}", "\u{FFFD}", "𝒜", "😀", "\u{10FFFF}",
        ]
        let words = (0..<3_000).map { _ in
            String((0..<Int(1 + rng.next() % 10)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
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
        return SearchPlanner.plan(
            terms, times: (0..<stories).map { stories - $0 }, recordBytes: Array(repeating: 300, count: stories), rule: rule)
    }

    @Test("the cuts cover every word once, in order; later results are every result after the first rows, once, in order")
    func cuts() {
        let rule = SearchRule(firstRows: 5, packFiles: 40, minPackBytes: 4_000, moreBytes: 4_000)
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
            #expect((later[w] ?? []) == Array(min(word.count, 5)..<word.count), "\(word.term)")
        }
        #expect(plan.more.allSatisfy { file in file.reduce(0) { $0 + $1.results.count } <= 5 * 4_000 / 8 / 4 })
        // More packs than the root lists: directories of them, covering them in order.
        #expect(plan.packs.count > 64 || plan.directories.isEmpty)
        let small = SearchRule(firstRows: 5, packFiles: 400, minPackBytes: 1_000, moreBytes: 4_000, rootEntries: 8)
        let deep = Self.zipfPlan(stories: 3_000, rule: small)
        #expect(deep.packs.count > 64)
        #expect(deep.directories.first?.lowerBound == 0 && deep.directories.last?.upperBound == deep.packs.count)
        #expect(zip(deep.directories, deep.directories.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
        #expect(deep.directories.count >= 4 && deep.directories.count <= 32, "\(deep.directories.count)")
    }

    @Test("a new story rewrites the files of its own words, not the files after them")
    func contentDefined() {
        let rule = SearchRule(firstRows: 5, packFiles: 40, minPackBytes: 4_000, moreBytes: 4_000)
        let before = Self.zipfPlan(stories: 3_000, rule: rule)
        let zipf = ZipfTitles(vocabulary: 2_000)
        var rng = SplitMix64(seed: 1)
        let titles = ["Zebra quagga"] + (0..<3_000).map { _ in zipf.title(&rng) }
        let terms = SearchTermsBuilder.terms(count: titles.count) { .init(title: titles[$0]) }
        let after = SearchPlanner.plan(
            terms, times: (0..<titles.count).map { titles.count - $0 }, recordBytes: Array(repeating: 300, count: titles.count),
            rule: rule)
        let words = { (plan: SearchPlan, ranges: [Range<Int>]) in Set(ranges.map { plan.words[$0].map(\.term) }) }
        let same = words(before, before.packs).intersection(words(after, after.packs))
        #expect(before.packs.count > 20 && same.count >= before.packs.count - 3, "\(same.count) of \(before.packs.count)")
    }

    @Test("10 new stories on top of 20,000 rewrite only their own words' index files")
    func newStoriesRewriteLittle() async throws {
        try await withTemporaryFolder { folder in
            let zipf = ZipfTitles(vocabulary: 20_000)
            var rng = SplitMix64(seed: 11)
            let titles = (0..<20_010).map { _ in zipf.title(&rng) }
            let lines = titles.enumerated().map { n, title in
                // Newest first, as the list has them: the first ten are the new ones.
                #"{"id":\#(50_000 - n),"type":"story","title":"\#(title)","by":"a\#((50_000 - n) % 500)","time":\#(1_800_000_000 - n)}"#
            }
            try folder.write(lines.dropFirst(10).joined(separator: "\n"), to: "old.jsonl")
            try folder.write(lines.joined(separator: "\n"), to: "new.jsonl")
            let listing = { () throws -> Set<String> in
                let root = try #require(Generations.parse(try readText(folder.path("out/m/builds.txt"))).first?.search)
                return Set(try readText(folder.path("out/" + root.dropLast(5) + ".txt")).split(separator: "\n").map(String.init))
            }
            _ = try await Build.run(
                BuildRequest(source: JSONLinesSource(path: folder.path("old.jsonl")), output: folder.path("out")))
            let before = try listing()
            _ = try await Build.run(
                BuildRequest(source: JSONLinesSource(path: folder.path("new.jsonl")), output: folder.path("out")))
            let after = try listing()
            let fresh = after.subtracting(before)
            // Each word of a new story changes its pack (the story is its newest result), the
            // file of later results its first run is in (one result moved there), and the
            // directory naming the pack and the file; and the root and its listing change.
            let words = Set((0..<10).flatMap { SearchWords.words(in: titles[$0] + " a\((50_000 - $0) % 500)") })
            #expect(after.count > 300)
            #expect(
                fresh.count <= 3 * words.count + 2,
                "\(fresh.count) of \(after.count) index files are new, for \(words.count) words")
            #expect(fresh.count < after.count / 2)
        }
    }

    /// A site of `count` Zipf stories, some with text, from a JSON Lines file.
    static func buildZipfSite(_ folder: TemporaryFolder, count: Int) async throws -> [Story] {
        let zipf = ZipfTitles(vocabulary: 300)
        var rng = SplitMix64(seed: 5)
        var stories: [Story] = []
        for id in 1...count {
            let text = id % 4 == 0 ? "<p>" + zipf.title(&rng) + "</p>" : nil
            stories.append(
                Story(
                    id: id, title: zipf.title(&rng), url: id % 3 == 0 ? nil : "https://site\(id % 7).example/\(id)",
                    by: "author\(id % 11)", time: 1_700_000_000 + Int(rng.next() % 1_000_000), text: text))
        }
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
        // Small files, so that a small site's index has every part a large one has: directories,
        // several packs and files of later results.
        request.searchRule = SearchRule(firstRows: 6, packFiles: 50, minPackBytes: 2_000, moreBytes: 400, rootEntries: 4)
        _ = try await Build.run(request)
        return stories
    }

    @Test(
        "a client that reads root, directories, packs, later files, manifest and shards finds every story holding each word, exactly, in rank order"
    )
    func clientWalk() async throws {
        try await withTemporaryFolder { folder in
            let stories = try await Self.buildZipfSite(folder, count: 700)
            let out = folder.path("out") + "/"
            let json = { (path: String) in try jsonObject(try parseJSON(try readBytes(out + path))) }
            let config = try jsonObject(
                try parseJSON(try #require(HTMLScan.pageConfig(in: try readText(out + "search/index.html")))))
            let root = try json(try #require(config["root"] as? String))
            let directories = try jsonArray(root["directories"]).map { try jsonArray($0) }
            #expect(directories.count >= 2)
            // Each pack, with the files of later results its directory lists.
            let packs = try directories.flatMap { directory -> [([Any], [[Any]])] in
                let file = try json("x/\(try #require(directory[1] as? String)).json")
                let more = try jsonArray(file["more"]).map { try jsonArray($0) }
                return try jsonArray(file["packs"]).map { (try jsonArray($0), more) }
            }
            #expect(packs.count > directories.count)
            #expect((packs.first?.0[0] as? String) == "" && (directories.first?[0] as? String) == "")
            let moreRows = try #require(root["moreRows"] as? Int)
            let firstRows = try #require(root["firstRows"] as? Int)
            let build = try #require(root["build"] as? String)
            let partRows = try #require(root["partRows"] as? Int)
            // What each word should find: the stories whose title, author, domain or text hold it.
            var holding: [String: [(head: Bool, story: Story)]] = [:]
            // Words of a title or a body; the others (authors', domains') list rows, no pack.
            var textual: Set<String> = []
            for story in stories {
                let head = Set(
                    SearchWords.words(
                        in: [story.title, story.by ?? "", story.url.flatMap { SafeURL.domain(of: $0) } ?? ""].joined(
                            separator: " ")))
                let body = Set(SearchWords.words(in: BodyText.plain(story.text ?? ""))).subtracting(head)
                textual.formUnion(SearchWords.words(in: story.title + " " + BodyText.plain(story.text ?? "")))
                for w in head { holding[w, default: []].append((true, story)) }
                for w in body { holding[w, default: []].append((false, story)) }
            }
            var checked = 0
            for (shard, more) in packs {
                let pack = try json("x/\(try #require(shard[1] as? String)).json")
                for case let entry as [Any] in try jsonArray(pack["words"]) {
                    let term = try #require(entry[0] as? String)
                    let count = try #require(entry[1] as? Int)
                    var ids = try jsonArray(entry[2]).map { try #require((try jsonObject($0))["id"] as? Int) }
                    // The first results as rows too; a name's few stories as rows alone.
                    var rows = try jsonArray(entry[3]).compactMap { $0 as? Int }
                    #expect(rows.count == min(count, firstRows), "\(term)")
                    if ids.isEmpty {
                        #expect(count <= firstRows && !textual.contains(term), "\(term)")
                    } else {
                        #expect(ids.count == rows.count, "\(term)")
                        rows.removeAll()
                        // Run r of the later results: in the last file whose first [word, run]
                        // is not after [term, r].
                        for run in 0..<((count - ids.count + moreRows - 1) / moreRows) {
                            let file = try #require(
                                more.last { f in
                                    let (w, r) = (f[0] as! String, f[1] as! Int)
                                    return SearchPlanner.precedes(w, term) || (w == term && r <= run)
                                })
                            let later = try #require(
                                try jsonArray(try json("x/\(file[2] as! String).json")["words"]).compactMap { $0 as? [Any] }
                                    .first { $0[0] as? String == term && $0[1] as? Int == run })
                            // The first row, then each as the one before minus it.
                            let deltas = try jsonArray(later[2]).compactMap { $0 as? Int }
                            rows += deltas.indices.reduce(into: [Int]()) { out, i in
                                out.append(i == 0 ? deltas[0] : out[i - 1] - deltas[i])
                            }
                        }
                    }
                    let stories = try #require(root["stories"] as? Int)
                    let idOf = { (n: Int) throws -> Int in
                        let row = stories - 1 - n
                        let part = try json("m/\(build)/\(row / partRows).json")
                        let entry = try #require(
                            try jsonArray(part["shards"]).compactMap { $0 as? [Any] }.first {
                                row >= $0[0] as! Int && row < ($0[0] as! Int) + ($0[1] as! Int)
                            })
                        let shardFile = try json("s/\(entry[2] as! String).json")
                        return try #require(
                            (try jsonObject(try jsonArray(shardFile["items"])[row - (entry[0] as! Int)]))["id"] as? Int)
                    }
                    if !ids.isEmpty {
                        // The pack's rows are its records' own.
                        #expect(try jsonArray(entry[3]).compactMap { $0 as? Int }.map(idOf) == ids, "\(term)")
                    }
                    ids += try rows.map(idOf)
                    let expected = (holding[term] ?? []).sorted { a, b in
                        a.head != b.head
                            ? a.head : a.story.time! != b.story.time! ? a.story.time! > b.story.time! : a.story.id < b.story.id
                    }.map(\.story.id)
                    #expect(count == expected.count, "\(term)")
                    #expect(ids == expected, "\(term)")
                    checked += 1
                }
            }
            #expect(checked == holding.count && checked > 300)
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
