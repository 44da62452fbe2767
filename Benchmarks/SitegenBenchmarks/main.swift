import Foundation
import Mustache
import SitegenAssets
import SitegenBuild
import SitegenMarkdown
import SitegenModel
import SitegenRender
import SitegenSearch
import SitegenSource
import SitegenSystem
import Synchronization

// Every hand-written fast path in sitegen against the library it stands in for, on the same
// input, in one run, and each step's share of a whole build of that input. A fast path stays
// only where it pays: at least 2× its library on its step, and its step at least 5 % of the
// build (docs/internals/architecture.md, "What the fast paths buy"). Run:
//
//     swift run -c release --scratch-path .build-release sitegen-bench [--stories 100000] [--runs 5] [--dir /dev/shm/sitegen-bench]
//
// Prints a Markdown table. Times are medians of --runs, the contenders taking turns, so noise
// from the machine falls on both alike. The build is timed into --dir (a RAM disk by default:
// this measures the program, not the disk).

struct Arguments {
    var stories = 100_000
    var runs = 5
    var dir = "/dev/shm/sitegen-bench"

    init(_ args: [String]) {
        var i = 0
        while i < args.count {
            let value = i + 1 < args.count ? args[i + 1] : ""
            switch args[i] {
            case "--stories": stories = Int(value) ?? stories
            case "--runs": runs = Int(value) ?? runs
            case "--dir": dir = value
            default:
                FileHandle.standardError.write(Data("unknown argument \(args[i])\n".utf8))
                exit(2)
            }
            i += 2
        }
    }
}

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
// The allocator as `sitegen build` sets it, so the bench measures what users run.
MallocTuning.forBuild()

/// Seconds one call of `body` takes.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Medians of each contender's time, taking turns run by run.
func race(_ contenders: [() throws -> Void]) throws -> [Double] {
    var times = Array(repeating: [Double](), count: contenders.count)
    for _ in 0..<arguments.runs {
        for (i, contender) in contenders.enumerated() { times[i].append(try seconds(contender)) }
    }
    return times.map(median)
}

/// Keeps a result alive so the optimizer cannot drop the work that made it.
@inline(never) func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

// The input: the sample's stories as a JSON array file, the source most real sites use.
let n = arguments.stories
try? FileManager.default.removeItem(atPath: arguments.dir)
try FileManager.default.createDirectory(atPath: arguments.dir, withIntermediateDirectories: true)
let jsonPath = arguments.dir + "/stories.json"
let json = try JSONEncoder().encode(SampleGenerator(seed: 1).items(count: n))
try json.write(to: URL(fileURLWithPath: jsonPath))
FileHandle.standardError.write(Data("\(n) stories, \(json.count / 1024) KiB of JSON; \(arguments.runs) runs each\n".utf8))

// The whole build, step by step (the times at which Build.run logs each step).
var stepTimes: [String: [Double]] = [:]
var buildTimes: [Double] = []
for run in 0..<arguments.runs {
    let output = arguments.dir + "/out\(run)"
    let clock = ContinuousClock()
    let start = clock.now
    // The log is called on the build's threads, not the main actor's.
    let marked = Mutex<[(String, ContinuousClock.Instant)]>([])
    _ = try await Build.run(BuildRequest(source: JSONArrayFileSource(path: jsonPath), output: output, options: SiteOptions())) {
        @Sendable line in
        if line.hasPrefix("[") {
            let now = ContinuousClock.now
            marked.withLock { $0.append((String(line.dropFirst(1).prefix { $0 != " " }), now)) }
        }
    }
    let end = clock.now
    var marks = marked.withLock { $0 }
    marks.append(("end", end))
    for (i, mark) in marks.dropLast().enumerated() {
        let d = marks[i + 1].1 - mark.1
        stepTimes[mark.0, default: []].append(Double(d.components.attoseconds) / 1e18 + Double(d.components.seconds))
    }
    let total = end - start
    buildTimes.append(Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18)
    // The last output stays: its shards are the hashes' input below.
    if run < arguments.runs - 1 { try? FileManager.default.removeItem(atPath: output) }
}
let build = median(buildTimes)

// 1. Reading items: ItemParser against JSONDecoder, which it must agree with (ItemParserTests).
let bytes = Array(json)
let decoder = JSONDecoder()
let parse = try race([
    { keep(try bytes.withUnsafeBytes { try ItemParser.items(in: $0) }) },
    { keep(try bytes.withUnsafeBytes { try ItemParser.items(in: $0, splitFromBytes: .max) }) },
    { keep(try decoder.decode([RawItem?].self, from: json)) },
])

// 2. Rows: the hand-written built-in row, the compiled template engine on row.mustache, and
// swift-mustache on the same template and values.
let entries = try await JSONArrayFileSource(path: jsonPath).entries()
let stories = ItemFilter.stories(from: entries).stories
let theme = try Theme.builtIn()
let rows = RowRenderer(theme: theme, paths: SitePaths(base: "/"))
var library = MustacheLibrary()
for (name, text) in EmbeddedAssets.templates { try library.register(text, named: name) }
let render = try race([
    {
        var out: [UInt8] = []
        for story in stories { rows.builtInRow(story, into: &out) }
        keep(out)
    },
    {
        var out: [UInt8] = []
        for story in stories { rows.templateRow(story, into: &out) }
        keep(out)
    },
    {
        var out: [UInt8] = []
        for story in stories {
            out += (library.render(TemplateValue.object(rows.context(story)).any, withTemplate: "row") ?? "").utf8
        }
        keep(out)
    },
])

// 3. Search's words: the index's scan with ASCII words in a loop of their own, against the
// general way alone (the same words: SearchWordsTests), over every title and body.
func scanRace(_ texts: [String]) throws -> [Double] {
    try race(
        [true, false].map { shortcut in
            {
                var found = 0
                for var text in texts {
                    text.withUTF8 { utf8 in SearchWords.forEachWord(utf8: utf8, asciiShortcut: shortcut) { found &+= $0.count } }
                }
                keep(found)
            }
        })
}

// 4. Search's terms: the index's builder as built (both cores, its own byte tables, words
// looked up in batches with their memory loaded ahead) against the plain way (one core, each
// word folded as a String into a dictionary), which must make the same terms
// (SearchReferenceTests).
func builderRace(_ fields: [SearchTermsBuilder.Fields]) throws -> [Double] {
    try race([
        { keep(SearchTermsBuilder.terms(count: fields.count) { fields[$0] }) },
        { keep(SearchTermsBuilder.plainTerms(count: fields.count) { fields[$0] }) },
    ])
}

// 5. Search's prefetches (`CPrefetch`, hints that change no result): the term builder and the
// packs' writing with memory loaded ahead, against the same code without.
func prefetchRace(_ fields: [SearchTermsBuilder.Fields]) throws -> [Double] {
    try race([true, false].map { on in { keep(SearchTermsBuilder.terms(count: fields.count, prefetching: on) { fields[$0] }) } })
}

func packRace(_ items: [RawItem], _ fields: [SearchTermsBuilder.Fields]) throws -> [Double] {
    // Rows of about a list row's size, rendered as the build keeps them.
    let html = RenderedRows.render(count: items.count) { i, out in
        out += Array(
            "<h2><a href=\"\(items[i].url ?? "")\">\(items[i].title ?? "")</a></h2><p>\(items[i].score ?? 0) points by \(items[i].by ?? "")</p>"
                .utf8)
    }
    let plan = SearchPlanner.plan(
        SearchTermsBuilder.terms(count: fields.count) { fields[$0] },
        recordBytes: (0..<items.count).map { html.length(of: $0) + 24 })
    let ids = items.map { $0.id ?? 0 }
    return try race(
        [true, false].map { on in
            {
                var w = JSONWriter(capacity: 160 * 1024)
                var written = 0
                for pack in plan.packs {
                    SearchFiles.pack(plan, words: pack, ids: ids, html: html, into: &w, prefetching: on)
                    written += w.bytes.count
                }
                keep(written)
            }
        })
}

// On the sample's titles and bodies (a few hundred title shapes: few different words), and on
// ten times as many Zipf-law titles with their authors (what search is measured on: half a
// million different words at a million stories).
let sampleTexts = stories.flatMap { [$0.title, $0.text ?? ""] }
let words = try scanRace(sampleTexts)
let sampleFields = stories.map {
    SearchTermsBuilder.Fields(
        title: $0.title, author: $0.by ?? "", domain: $0.url.flatMap { SafeURL.domain(of: $0) } ?? "",
        body: $0.text ?? $0.markdown)
}
let built = try builderRace(sampleFields)
let zipfItems = SampleGenerator(seed: 1, zipfVocabulary: 200_000).items(count: 10 * n)
let zipfTexts = zipfItems.flatMap { [$0.title ?? "", $0.by ?? ""] }
let zipfWords = try scanRace(zipfTexts)
let zipfFields = zipfItems.map {
    SearchTermsBuilder.Fields(
        title: $0.title ?? "", author: $0.by ?? "", domain: $0.url.flatMap { SafeURL.domain(of: $0) } ?? "")
}
let zipfPrefetched = try prefetchRace(zipfFields)
let zipfPacked = try packRace(zipfItems, zipfFields)
let zipfBuilt = try builderRace(
    zipfItems.map {
        SearchTermsBuilder.Fields(
            title: $0.title ?? "", author: $0.by ?? "", domain: $0.url.flatMap { SafeURL.domain(of: $0) } ?? "")
    })

// 6. Highlighted code past the sanitizer (`Markdown.highlightCode`, placed): pages of a
// code-heavy blog with their highlighted blocks put in after the sanitizer, against the plain
// way, every span through it. Both make the same page (CodeHighlightTests).
let codePages = (0..<200).map { k in
    let swift = (0..<12).map { "    let value\($0) = items.map { $0.count * \(k) } // \($0) of \(k)" }.joined(separator: "\n")
    let python = (0..<12).map { "def f\($0)(x: int) -> str:\n    return f\"{x!r} <\($0)>\"  # \(k)" }.joined(separator: "\n")
    let shell = (0..<8).map { "curl -sSf https://example.com/\($0) | tar xz -C /tmp/\(k)  # step \($0)" }.joined(separator: "\n")
    return
        "Post \(k), with *some* prose and a [link](https://example.com/\(k)).\n\n```swift\n\(swift)\n```\n\nMore words.\n\n```python\n\(python)\n```\n\n```sh\n\(shell)\n```\n"
}
let highlight = try race(
    [true, false].map { past in { for page in codePages { keep(Markdown.page(page, highlightPastSanitizer: past).html) } } })

// 7. Naming files by content: ContentHash is SHA-256 (swift-crypto) since a hand-written hash
// at 2.3× its speed hashed the shards in 1.4 % of a build; this watches what SHA-256 costs, over
// the build's own shards.
let shardFolder = arguments.dir + "/out\(arguments.runs - 1)/s"
let shards = try FileManager.default.contentsOfDirectory(atPath: shardFolder).map {
    Array(try Data(contentsOf: URL(fileURLWithPath: shardFolder + "/" + $0)))
}
let shardBytes = shards.reduce(0) { $0 + $1.count }
let hash = try race([{ for shard in shards { keep(ContentHash.hex(of: shard)) } }])

// The table.
func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }
func share(_ s: Double) -> String { String(format: "%.1f %%", 100 * s / build) }
func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.1f×", b / a) }
/// Keep when the fast path is at least 2× its library and its step (with the library, as it
/// would be) at least 5 % of the build.
func verdict(fast: Double, library: Double) -> String {
    library / fast >= 2 && library / (build - fast + library) >= 0.05 ? "keep" : "replace with the library"
}

print("A \(n)-story build from a JSON array file: \(ms(build)) (median of \(arguments.runs), into \(arguments.dir)).")
print("")
print("| build step | time | share |")
print("| --- | ---: | ---: |")
for step in ["1/5]", "2/5]", "3/5]", "4/5]", "5/5]"] {
    let name = ["1/5]": "read (parse, filter)", "2/5]": "theme", "3/5]": "render rows", "4/5]": "plan", "5/5]": "write"][step]!
    let time = median(stepTimes[step] ?? [0])
    print("| \(name) | \(ms(time)) | \(share(time)) |")
}
print("")
print("| fast path | its time | library | library's time | library ÷ fast | fast path's share of the build | verdict |")
print("| --- | ---: | --- | ---: | ---: | ---: | --- |")
print(
    "| ItemParser, both cores (as built) | \(ms(parse[0])) | JSONDecoder | \(ms(parse[2])) | \(ratio(parse[0], parse[2])) | \(share(parse[0])) | \(verdict(fast: parse[0], library: parse[2])) |"
)
print(
    "| ItemParser, one core | \(ms(parse[1])) | JSONDecoder | \(ms(parse[2])) | \(ratio(parse[1], parse[2])) | \(share(parse[1])) | |"
)
print(
    "| built-in row (hand-written) | \(ms(render[0])) | CompiledTemplate, row.mustache | \(ms(render[1])) | \(ratio(render[0], render[1])) | \(share(render[0])) | \(verdict(fast: render[0], library: render[1])) |"
)
print(
    "| CompiledTemplate, row.mustache | \(ms(render[1])) | swift-mustache | \(ms(render[2])) | \(ratio(render[1], render[2])) | \(share(render[1])) | \(verdict(fast: render[1], library: render[2])) |"
)
print(
    "| search words, ASCII shortcut | \(ms(words[0])) | the general scan | \(ms(words[1])) | \(ratio(words[0], words[1])) | \(share(words[0])) | \(verdict(fast: words[0], library: words[1])) |"
)
print(
    "| search terms, as built (both cores) | \(ms(built[0])) | the plain way (one core, [String: Int]) | \(ms(built[1])) | \(ratio(built[0], built[1])) | \(share(built[0])) | \(verdict(fast: built[0], library: built[1])) |"
)
print(
    "| search words, ASCII shortcut, \(10 * n) Zipf titles | \(ms(zipfWords[0])) | the general scan | \(ms(zipfWords[1])) | \(ratio(zipfWords[0], zipfWords[1])) | | |"
)
print(
    "| search terms, as built, \(10 * n) Zipf titles and authors | \(ms(zipfBuilt[0])) | the plain way | \(ms(zipfBuilt[1])) | \(ratio(zipfBuilt[0], zipfBuilt[1])) | | |"
)
print(
    "| search terms' prefetches, \(10 * n) Zipf titles | \(ms(zipfPrefetched[0])) | none | \(ms(zipfPrefetched[1])) | \(ratio(zipfPrefetched[0], zipfPrefetched[1])) | | |"
)
print(
    "| search packs' prefetches, \(10 * n) Zipf titles | \(ms(zipfPacked[0])) | none | \(ms(zipfPacked[1])) | \(ratio(zipfPacked[0], zipfPacked[1])) | | |"
)
print(
    "| highlighted code past the sanitizer, \(codePages.count) code-heavy pages | \(ms(highlight[0])) | through the sanitizer | \(ms(highlight[1])) | \(ratio(highlight[0], highlight[1])) | | |"
)
print(
    "| (replaced) ContentHash is SHA-256, \(shards.count) shards, \(shardBytes / 1024) KiB | | SHA-256 (swift-crypto) | \(ms(hash[0])) | | \(share(hash[0])) | library |"
)
print("")
print(
    "Rows and hashes are timed on one core; the build renders rows on two, so a row step's share is its one-core time over the build's wall time (an upper bound)."
)
try? FileManager.default.removeItem(atPath: arguments.dir)
