import Foundation
import SitegenHTTP
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenSource

/// Never drift: after any sequence of changes to a site's source and its settings, a build over
/// the last build's output leaves the very files a fresh build of the same input writes. The
/// stamp and the list of changed URLs live beside the output, not in it; previous generations'
/// files are what a rebuild keeps on purpose, so these sites keep none (`keepGenerations: 0`),
/// and `generationsAreTheOnlyExtra` checks what a rebuild with them adds.
///
/// Each step is one random change, as an author or an archive makes them (a body edited, a
/// title, a date, tags; a post added, deleted, renamed, made a draft; a setting changed),
/// then both builds and the comparison. A failure names the seed and the step's changes.
@Suite("Never drift")
struct DriftTests {
    /// A Markdown post as the test keeps it, written out as its file.
    struct Post {
        var title: String
        var date: Int
        var tags: [String]
        var body: String
        var draft = false

        var text: String {
            var lines = ["---", "title: \"\(title)\"", "date: \(DriftTests.day(date))"]
            if !tags.isEmpty { lines.append("tags: [\(tags.joined(separator: ", "))]") }
            if draft { lines.append("draft: true") }
            return (lines + ["---", body]).joined(separator: "\n") + "\n"
        }
    }

    /// Paragraphs shaped like real posts': links between pages and to their sections, code in
    /// several languages, footnotes, raw HTML, an author's own `# Section`, many scripts,
    /// versions with dots.
    static func paragraph(_ rng: inout SplitMix64, linking names: [String]) -> String {
        let other = names.isEmpty ? "Missing.md" : names[Int(rng.next() % UInt64(names.count))]
        let choices = [
            "See [the other post](\(other)) and [its usage](\(other)#usage).",
            "```swift\nlet doubled = [1, 2, 3].map { $0 * 2 }\nprint(doubled)\n```",
            "```python\ndef square(x):\n    return x ** 2\n```",
            "```rust\nfn main() {\n    println!(\"rustc 1.88.0\");\n}\n```",
            "Upgrade to 1.88.0 before 2.0.0-beta.1 lands.",
            "中文段落：搜索应该找到这些词。",
            "한국어 문단입니다. 검색이 찾아야 합니다.",
            "فقرة باللغة العربية للبحث.",
            "A claim that needs a source.[^n\(rng.next() % 3)]\n\n[^n\(rng.next() % 3)]: The source, at last.",
            "<details><summary>More</summary><p>Hidden <em>detail</em>.</p></details>",
            "# Section of its own\n\nWords under the author's heading.",
            "## Usage\n\nRun `sitegen build` and open `Public/`.",
            "| a | b |\n| --- | --- |\n| 1 | 2 |",
        ]
        return choices[Int(rng.next() % UInt64(choices.count))]
    }

    static func body(_ rng: inout SplitMix64, linking names: [String]) -> String {
        (0..<Int(1 + rng.next() % 4)).map { _ in paragraph(&rng, linking: names) }.joined(separator: "\n\n")
    }

    static func day(_ n: Int) -> String {
        let date = CivilDate(unix: 1_700_000_000 + n * 86_400)
        return String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
    }

    static let tagWords = ["swift", "web", "Rust", "검색", "中文", "perf"]

    static func tags(_ rng: inout SplitMix64) -> [String] {
        tagWords.filter { _ in rng.next() % 4 == 0 }
    }

    /// Every file under both outputs, the same bytes; the files that differ, by name.
    static func differences(_ a: String, _ b: String) throws -> [String] {
        let (left, right) = (filesUnder(a), filesUnder(b))
        let only = Set(left).symmetricDifference(right).sorted().map { "only in one: \($0)" }
        let differing = try Set(left).intersection(right).sorted().filter {
            try readBytes(a + "/" + $0) != readBytes(b + "/" + $0)
        }
        return only + differing.map { "differs: \($0)" }
    }

    /// Builds `source` with `options` over `output` (the last build's), and afresh into a folder
    /// of its own; the differences between the two.
    static func rebuildAndFresh(
        _ source: any StorySource, options: SiteOptions, output: String, fresh: String
    ) async throws -> [String] {
        _ = try await Build.run(BuildRequest(source: source, output: output, options: options))
        try? FileManager.default.removeItem(atPath: fresh)
        _ = try await Build.run(BuildRequest(source: source, output: fresh, options: options))
        return try differences(output, fresh)
    }

    /// `rebuildAndFresh` into `out` and `fresh/out`, expecting no difference; false when there is
    /// one (its test stops there: the steps after would only repeat it).
    static func sameAsFresh(
        _ source: any StorySource, options: SiteOptions, in folder: TemporaryFolder, seed: UInt64, after steps: [String]
    ) async throws -> Bool {
        let differences = try await rebuildAndFresh(
            source, options: options, output: folder.path("out"), fresh: folder.path("fresh/out"))
        #expect(differences.isEmpty, "seed \(seed), after: \(steps.joined(separator: "; ")): \(differences.prefix(5))")
        return differences.isEmpty
    }

    @Test("a Markdown site, 14 random changes to its posts and settings: each rebuild is a fresh build", arguments: 0..<3)
    func markdownSite(seed: UInt64) async throws {
        try await withTemporaryFolder { folder in
            var rng = SplitMix64(seed: 56 + seed)
            // File names with capitals and a space, as real sites have them.
            var posts: [String: Post] = [:]
            var next = 0
            func newName() -> String {
                next += 1
                return next % 3 == 0 ? "notes/Note \(next).md" : "posts/Post-\(next).md"
            }
            func write() throws {
                try? FileManager.default.removeItem(atPath: folder.path("site"))
                for (name, post) in posts { _ = try folder.write(post.text, to: "site/" + name) }
            }
            for _ in 0..<8 {
                let name = newName()
                posts[name] = Post(
                    title: "Post \(next): 1.88.0", date: next, tags: Self.tags(&rng),
                    body: Self.body(&rng, linking: posts.keys.map { ($0 as NSString).lastPathComponent }))
            }
            var options = SiteOptions(pageSize: 3, keepGenerations: 0)
            try write()
            let source = MarkdownStorySource(path: folder.path("site"))
            var steps: [String] = []
            for step in 0..<14 {
                let names = posts.keys.sorted()
                let name = names[Int(rng.next() % UInt64(names.count))]
                let files = names.map { ($0 as NSString).lastPathComponent }
                switch rng.next() % 9 {
                case 0:
                    posts[name]!.body = Self.body(&rng, linking: files)
                    steps.append("edited \(name)'s body")
                case 1:
                    posts[name]!.title = "Retitled \(step): 한국어"
                    steps.append("retitled \(name)")
                case 2:
                    posts[name]!.date = Int(rng.next() % 40)
                    steps.append("redated \(name)")
                case 3:
                    posts[name]!.tags = Self.tags(&rng)
                    steps.append("retagged \(name)")
                case 4:
                    let added = newName()
                    posts[added] = Post(
                        title: "Added \(step)", date: 40 + step, tags: Self.tags(&rng), body: Self.body(&rng, linking: files))
                    steps.append("added \(added)")
                case 5 where posts.count > 2:
                    posts[name] = nil
                    steps.append("deleted \(name)")
                case 6:
                    let renamed = newName()
                    posts[renamed] = posts.removeValue(forKey: name)
                    steps.append("renamed \(name) to \(renamed)")
                case 7:
                    posts[name]!.draft.toggle()
                    steps.append("made \(name) \(posts[name]!.draft ? "a draft" : "public")")
                default:
                    switch rng.next() % 4 {
                    case 0: options.pageSize = [2, 3, 5][Int(rng.next() % 3)]
                    case 1: options.search.toggle()
                    case 2: options.taxonomies.toggle()
                    default: options.baseURL = options.baseURL == "/" ? "/blog/" : "/"
                    }
                    steps.append(
                        "set page size \(options.pageSize), search \(options.search), taxonomies \(options.taxonomies), base \(options.baseURL)"
                    )
                }
                try write()
                guard try await Self.sameAsFresh(source, options: options, in: folder, seed: seed, after: steps) else { return }
            }
        }
    }

    @Test(
        "a list of HN stories, 12 random refreshes (new, changed, killed, gone, settings): each rebuild is a fresh build",
        arguments: 0..<3)
    func storyList(seed: UInt64) async throws {
        // A JSON array, read whole as one window; then JSON Lines read a few kilobytes at a
        // time, many windows (the index's fields kept window by window).
        let lines = seed == 2
        try await withTemporaryFolder { folder in
            var rng = SplitMix64(seed: 560 + seed)
            var items = SampleGenerator(seed: 560 + seed).items(count: 400)
            var unused = SampleGenerator(seed: 9_000 + seed).items(count: 200).map { item in
                var item = item
                item.id = item.id.map { $0 + 50_000_000 }
                return item
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let name = lines ? "stories.jsonl" : "stories.json"
            var options = SiteOptions(pageSize: 7, keepGenerations: 0, comments: 0)
            var streamed = JSONLinesSource(path: folder.path(name))
            streamed.windowBytes = 4_096
            let source: any StorySource = lines ? streamed : JSONArrayFileSource(path: folder.path(name))
            var steps: [String] = []
            for step in 0..<12 {
                let k = Int(rng.next() % UInt64(items.count))
                switch rng.next() % 7 {
                case 0:
                    let count = Int(1 + rng.next() % 20)
                    items.insert(contentsOf: unused.prefix(count), at: 0)
                    unused.removeFirst(min(count, unused.count))
                    steps.append("\(count) new on top")
                case 1:
                    items[k].score = Int(rng.next() % 900)
                    items[k].title = (items[k].title ?? "") + " (updated \(step))"
                    steps.append("changed \(items[k].id ?? 0)")
                case 2:
                    items[k].dead = true
                    steps.append("killed \(items[k].id ?? 0)")
                case 3 where items.count > 10:
                    steps.append("removed \(items[k].id ?? 0)")
                    items.remove(at: k)
                case 4:
                    items.swapAt(k, Int(rng.next() % UInt64(items.count)))
                    steps.append("moved \(items[k].id ?? 0)")
                case 5:
                    items[k].text = "Now with text: 1.88.0, 中文, <i>html</i>."
                    steps.append("gave \(items[k].id ?? 0) text")
                default:
                    switch rng.next() % 3 {
                    case 0: options.pageSize = [5, 7, 30][Int(rng.next() % 3)]
                    case 1: options.search.toggle()
                    default: options.itemPages.toggle()
                    }
                    steps.append("set page size \(options.pageSize), search \(options.search), item pages \(options.itemPages)")
                }
                let text =
                    lines
                    ? items.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }.joined(separator: "\n") + "\n"
                    : String(decoding: try encoder.encode(items), as: UTF8.self)
                _ = try folder.write(text, to: name)
                guard try await Self.sameAsFresh(source, options: options, in: folder, seed: seed, after: steps) else { return }
            }
        }
    }

    @Test(
        "the archive, 8 random hours of HN (new items, edits, kills, comments): each refresh is a fresh build of its store",
        arguments: 0..<2)
    func archive(seed: UInt64) async throws {
        try await withTemporaryFolder { folder in
            var rng = SplitMix64(seed: 5_600 + seed)
            var top = 150
            let world = HNWorld(through: top)
            // Threads as HN gives them: each item's replies (`kids`), each comment's parent, and
            // a story's count of every comment under it, at any depth.
            var threads: [Int: [Int]] = [:]
            var parentOf: [Int: Int] = [:]
            var counts: [Int: Int] = [:]
            var titles: [Int: String] = [:]
            var texts: [Int: String] = [:]
            func kids(_ id: Int) -> String { (threads[id] ?? []).map(String.init).joined(separator: ",") }
            func story(_ id: Int, dead: Bool = false) -> String {
                let title = titles[id] ?? "Story \(id): 1.88.0, 中文"
                return
                    #"{"id":\#(id),"type":"story","by":"pg","time":\#(HNWorld.time(id)),"title":"\#(title)","score":\#(id % 97),"descendants":\#(counts[id] ?? 0),"kids":[\#(kids(id))]\#(dead ? #","dead":true"# : "")}"#
            }
            func reply(_ id: Int) -> String {
                #"{"id":\#(id),"type":"comment","by":"c\#(id % 5)","time":\#(HNWorld.time(id)),"text":"\#(texts[id] ?? "A reply, <i>한국어</i> \(id)")","parent":\#(parentOf[id]!),"kids":[\#(kids(id))]}"#
            }
            func stories() -> [Int] { (1...top).filter { $0 % 3 != 0 && $0 % 10 != 1 } }
            /// A reply to `parent` (a story or a comment): the parent's kids name it, and its
            /// story's count moves.
            func comment(on parent: Int) {
                top += 1
                world.add(through: top)
                parentOf[top] = parent
                threads[parent, default: []].append(top)
                world.set(top, reply(top))
                var root = parent
                while let up = parentOf[root] { root = up }
                counts[root, default: 0] += 1
                if parent != root { world.set(parent, reply(parent)) }
                world.set(root, story(root))
            }
            /// Somewhere in story `id`'s thread: the story, or one of its comments, deepest likeliest.
            func somewhere(in id: Int, _ rng: inout SplitMix64) -> Int {
                var at = id
                while let replies = threads[at], !replies.isEmpty, rng.next() % 4 != 0 {
                    at = replies[Int(rng.next() % UInt64(replies.count))]
                }
                return at
            }
            for id in stories().prefix(6) { comment(on: id) }
            var offline = ArchiveBuildTests.settings()
            offline.offline = true
            let options = SiteOptions(keepGenerations: 0)
            var steps: [String] = []
            var kept = 0
            for step in 0..<8 {
                let ids = stories()
                let id = ids[Int(rng.next() % UInt64(ids.count))]
                // Comments three times in six, and an edited comment every fourth step: threads
                // are most of what an hour of HN changes.
                switch step % 4 == 3 ? 3 : rng.next() % 6 {
                case 0:
                    top += Int(3 + rng.next() % 12)
                    world.add(through: top)
                    steps.append("items through \(top)")
                case 1:
                    titles[id] = "Story \(id), edited at step \(step)"
                    world.set(id, story(id))
                    steps.append("edited \(id)")
                case 2:
                    world.set(id, story(id, dead: true))
                    steps.append("killed \(id)")
                case 3 where !parentOf.isEmpty:
                    // Its story's bytes stay as they were: only the store knows the thread changed.
                    let edited = parentOf.keys.sorted()[Int(rng.next() % UInt64(parentOf.count))]
                    texts[edited] = "Edited at step \(step): <code>1.88.0</code>"
                    world.set(edited, reply(edited))
                    steps.append("comment \(edited) edited")
                default:
                    let parent = somewhere(in: id, &rng)
                    comment(on: parent)
                    steps.append("a comment on \(parent) of \(id)")
                }
                let now = HNWorld.time(top)
                let (differences, keptNow) = try await LoopbackServer.with(world.route) { server in
                    let online = HNArchiveSource(
                        base: server.base + "/v0", store: folder.path("hn.sqlite"), backfill: 1_000, refresh: .seconds(3_600),
                        settings: ArchiveBuildTests.settings(), now: { now })
                    let report = try await Build.run(BuildRequest(source: online, output: folder.path("out"), options: options))
                    let stored = HNArchiveSource(
                        base: server.base + "/v0", store: folder.path("hn.sqlite"), settings: offline, now: { now })
                    try? FileManager.default.removeItem(atPath: folder.path("fresh"))
                    _ = try await Build.run(BuildRequest(source: stored, output: folder.path("fresh/out"), options: options))
                    return (try Self.differences(folder.path("out"), folder.path("fresh/out")), report.itemPagesKept)
                }
                #expect(differences.isEmpty, "seed \(seed), after: \(steps.joined(separator: "; ")): \(differences.prefix(5))")
                if !differences.isEmpty { return }
                // The first build was fresh (no output yet), and recorded its thread pages.
                if step == 1 { #expect(keptNow > 0, "seed \(seed): the first refresh kept the fresh build's thread pages") }
                kept += keptNow
            }
            #expect(filesUnder(folder.path("out")).contains { $0.hasPrefix("c/") }, "the threads were built")
            #expect(kept > 0, "pages with threads the hours left alone were kept, not made")
            // The refreshes took the changes in: the last edit's title is on the site.
            if let edited = steps.last(where: { $0.hasPrefix("edited ") }).flatMap({ Int($0.dropFirst(7)) }),
                let title = titles[edited]
            {
                let pages = try filesUnder(folder.path("out")).filter { $0.hasSuffix(".html") }.map {
                    try readText(folder.path("out/" + $0))
                }
                #expect(pages.contains { $0.contains(title) }, "\(title)")
            }
        }
    }

    @Test("a tag changed, the site's list the same: the old term lists' files go with their generation, never kept forever")
    func retaggedPostsKeepNoOldListForever() async throws {
        try await withTemporaryFolder { folder in
            let source = MarkdownStorySource(path: folder.path("site"))
            // Three posts tagged swift, two not. Post 0 moves in and out of swift, whose list then
            // has four stories (two pages of two: shards and a manifest of its own) or three (one
            // page, the newest taking the odd one: none). The built-in rows of a Markdown site
            // show no tags, so the site's list stays the same throughout.
            for n in 1..<6 {
                let post = Post(title: "Post \(n)", date: n, tags: n < 4 ? ["swift"] : [], body: "Words.")
                _ = try folder.write(post.text, to: "site/p\(n).md")
            }
            for keep in [0, 2] {
                let output = folder.path("out\(keep)")
                for step in 0..<6 {
                    let post = Post(title: "Post 0", date: 0, tags: step % 2 == 0 ? ["swift", "t\(step)"] : [], body: "Words.")
                    _ = try folder.write(post.text, to: "site/p0.md")
                    let options = SiteOptions(pageSize: 2, keepGenerations: keep)
                    let differences = try await Self.rebuildAndFresh(
                        source, options: options, output: output, fresh: folder.path("fresh/out"))
                    if keep == 0 { #expect(differences.isEmpty, "step \(step): \(differences.prefix(5))") }
                    // The site's manifest and swift's a generation, for this one and those kept.
                    let manifests = try FileManager.default.contentsOfDirectory(atPath: output + "/m").filter {
                        !$0.hasSuffix(".txt")
                    }
                    #expect(manifests.count <= 2 * (keep + 1), "keep \(keep), step \(step): \(manifests.count) manifests")
                }
            }
        }
    }

    @Test("with generations kept, a rebuild holds every file of a fresh build, and beyond them only the previous builds' own")
    func generationsAreTheOnlyExtra() async throws {
        try await withTemporaryFolder { folder in
            var items = SampleGenerator(seed: 7).items(count: 300)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let source = JSONArrayFileSource(path: folder.path("stories.json"))
            let output = folder.path("out")
            var before: Set<String> = []
            for step in 0..<3 {
                items[step].title = "Changed \(step)"
                _ = try folder.write(try encoder.encode(items), to: "stories.json")
                before = Set(filesUnder(output))
                let differences = try await Self.rebuildAndFresh(
                    source, options: SiteOptions(), output: output, fresh: folder.path("fresh/out"))
                let extra = Set(filesUnder(output)).subtracting(filesUnder(folder.path("fresh/out")))
                #expect(extra.isSubset(of: before), "a rebuild adds no file of its own: \(extra.subtracting(before).prefix(5))")
                #expect(step == 0 || !extra.isEmpty, "the previous generation's files are kept")
                let changed = differences.filter { $0.hasPrefix("differs: ") }.map { String($0.dropFirst("differs: ".count)) }
                #expect(changed == [Generations.recordFile] || (step == 0 && changed.isEmpty), "\(changed.prefix(5))")
            }
        }
    }
}
