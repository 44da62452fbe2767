import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenRender

@Suite("JSON output: JSONWriter, StoryRecord, ShardFile, manifest parts")
struct JSONOutputTests {
    static let tricky = "quote \" backslash \\ newline \n tab \t cr \r bell \u{7} <script>&</script> é 🎉 \u{2028}"

    @Test("strings round-trip through Foundation's parser; for HTML, < > & are written as \\u escapes", arguments: [false, true])
    func writerStrings(forHTML: Bool) throws {
        var w = JSONWriter(forHTML: forHTML)
        w.raw("{\"s\":")
        w.string(Self.tricky)
        w.raw(",\"n\":")
        w.int(-42)
        w.raw("}")
        let text = String(decoding: w.bytes, as: UTF8.self)
        let object = try jsonObject(try parseJSON(w.bytes))
        #expect(object["s"] as? String == Self.tricky)
        #expect(try jsonInt(object["n"]) == -42)
        #expect((text.contains(#"\u003c"#) && text.contains(#"\u003e"#) && text.contains(#"\u0026"#)) == forHTML)
        #expect((!text.contains("<") && !text.contains(">") && !text.contains("&")) == forHTML)
        #expect(!text.contains("\n") && !text.contains("\u{7}"))
    }

    @Test("a string whose escapes fall anywhere in its eight-byte words round-trips, as long as its escapes say")
    func writerStringsEveryPlace() throws {
        var rng = SplitMix64(seed: 8)
        // Each piece with the bytes it is written as: a quote, a backslash, a newline two; a
        // control byte six (\u00XX); anything else as it is.
        let pieces: [(String, Int)] = [
            ("a", 1), ("é", 2), ("\"", 2), ("\\", 2), ("\n", 2), ("\u{1}", 6), ("\u{1F}", 6), (" ", 1), ("\u{7F}", 1),
            ("!", 1), ("#", 1), ("]", 1), ("𝒜", 4), ("<", 1),
        ]
        for _ in 0..<2_000 {
            let chosen = (0..<Int(rng.next() % 40)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }
            let text = chosen.map(\.0).joined()
            var w = JSONWriter()
            w.string(text)
            #expect(w.bytes.count == 2 + chosen.reduce(0) { $0 + $1.1 }, "\(text.debugDescription)")
            let decoded = try JSONSerialization.jsonObject(with: Data(w.bytes), options: .fragmentsAllowed) as? String
            #expect(decoded == text, "\(text.debugDescription)")
            // Unescaped, the contents are the text again (rows are kept escaped; pages unescape).
            for forHTML in [false, true] {
                var escaped: [UInt8] = []
                Array(text.utf8).withUnsafeBufferPointer { JSONWriter.appendEscaped($0, to: &escaped, forHTML: forHTML) }
                var back: [UInt8] = [0x21]
                escaped.withUnsafeBufferPointer { JSONWriter.appendUnescaped($0, to: &back) }
                #expect(back == [0x21] + Array(text.utf8), "\(text.debugDescription)")
            }
        }
    }

    @Test("a story record is its id and its row's html: no repeated fields, no rank")
    func storyRecord() throws {
        let story = Story.fixture(
            id: 99, title: "<Title> & \"more\"", url: "https://e.com/?a=1&b=2", by: "pg", time: 1_700_000_000, score: 5,
            descendants: 2, text: "ignored here")
        let bytes = StoryRecord.json(story, html: Array("<h2>row</h2>".utf8))
        let object = try jsonObject(try parseJSON(bytes))
        #expect(Set(object.keys) == ["id", "html"])
        #expect(try jsonInt(object["id"]) == 99)
        #expect(object["html"] as? String == "<h2>row</h2>")
        // Served as JSON, not inside HTML: markup stays as it is (escaping it would cost a quarter).
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"id":99,"html":"<h2>row</h2>"}"#)
    }

    @Test("a story's unsafe url never reaches its record")
    func sparseRecord() throws {
        let story = Story.fixture(id: 1, title: "T", url: "javascript:alert(1)")
        let html = RowRenderer(theme: try Theme.builtIn(), paths: SitePaths(base: "/")).html(story)
        let bytes = StoryRecord.json(story, html: Array(html.utf8))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("javascript"))
    }

    @Test("the same story always gives the same bytes")
    func recordDeterministic() {
        let story = Story.fixture(id: 3, title: "T", url: "https://e.com", by: "a", time: 1, score: 2, descendants: 3)
        #expect(StoryRecord.json(story, html: Array("x".utf8)) == StoryRecord.json(story, html: Array("x".utf8)))
    }

    @Test("a shard file is {v:1, items:[records in order]}")
    func shardFile() throws {
        let bytes = ShardFile.json(
            rows: 1..<4, ids: [0, 1, 2, 3, 4], html: RenderedRows((0...4).map { Array("<p>\($0)</p>".utf8) }))
        let object = try jsonObject(try parseJSON(bytes))
        #expect(Set(object.keys) == ["v", "items"])
        #expect(try jsonInt(object["v"]) == 1)
        let items = try jsonArray(object["items"]).map { try jsonObject($0) }
        #expect(try items.map { try jsonInt($0["id"]) } == [1, 2, 3])
        #expect(items.map { $0["html"] as? String } == ["<p>1</p>", "<p>2</p>", "<p>3</p>"])
        let empty = try jsonObject(try parseJSON(ShardFile.json(rows: 0..<0, ids: [], html: RenderedRows([]))))
        #expect(try jsonArray(empty["items"]).isEmpty)
    }

    @Test("a record's length is known without building it, escapes and all")
    func recordLength() {
        var rng = SplitMix64(seed: 7)
        let alphabet: [String] = ["a", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1f}", "<", "&", "é", "😀", " ", "\u{7f}"]
        for round in 0..<500 {
            let html = (0..<Int(rng.next() % 40)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            let id = round % 3 == 0 ? -Int(rng.next() % 1000) : Int(rng.next() % 1_000_000_000)
            let story = Story.fixture(id: id, title: "t")
            var escaped: [UInt8] = []
            Array(html.utf8).withUnsafeBufferPointer { JSONWriter.appendEscaped($0, to: &escaped) }
            #expect(
                StoryRecord.length(id: id, escapedHTML: escaped.count) == StoryRecord.json(story, html: Array(html.utf8)).count,
                "html: \(html.debugDescription)")
        }
        for id in [0, 9, 10, -9, -10, 99, 100, Int.max, Int.min, Int.min + 1] {
            let story = Story.fixture(id: id, title: "t")
            #expect(StoryRecord.length(id: id, escapedHTML: 0) == StoryRecord.json(story, html: []).count, "id: \(id)")
        }
    }

    @Test("a manifest part is {v, first, count, shards: [[first, count, name, bytes]]}")
    func manifestPart() throws {
        let part = ManifestPart(
            index: 2, rows: 2048..<3072,
            shards: [
                ShardEntry(first: 2040, count: 20, name: "00ff", bytes: 1234),
                ShardEntry(first: 2060, count: 1012, name: "abcd", bytes: 99),
            ])
        let object = try jsonObject(try parseJSON(part.json()))
        #expect(try jsonInt(object["v"]) == 1)
        #expect(try jsonInt(object["first"]) == 2048)
        #expect(try jsonInt(object["count"]) == 1024)
        let shards = try jsonArray(object["shards"]).map { try WireShard($0) }
        #expect(shards.map(\.first) == [2040, 2060])
        #expect(shards.map(\.count) == [20, 1012])
        #expect(shards.map(\.name) == ["00ff", "abcd"])
        #expect(shards.map(\.bytes) == [1234, 99])
    }
}
