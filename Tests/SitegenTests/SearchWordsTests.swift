import Foundation
import Testing

@testable import SitegenModel
@testable import SitegenSource

/// Words for search: Unicode word breaks, case and accents folded as a browser can repeat.
@Suite("search words")
struct SearchWordsTests {
    @Test("words are broken as Unicode says and folded: Zürich is zurich, and punctuation is no word")
    func words() {
        #expect(
            SearchWords.words(in: "Show HN: Zürich-based café, 2× faster!") == [
                "show", "hn", "zurich", "based", "cafe", "2", "faster",
            ])
        #expect(SearchWords.words(in: "ZÜRICH Zu\u{308}rich zurich").allSatisfy { $0 == "zurich" })
        #expect(SearchWords.words(in: "  ... — !!! ").isEmpty)
        #expect(SearchWords.fold("Straße") == "straße", "no ss: a browser's toLowerCase keeps ß")
        #expect(SearchWords.fold("Ëljorulo") == "eljorulo")
        #expect(SearchWords.words(in: "It's rock’n’roll, isn't it'") == ["it's", "rock’n’roll", "isn't", "it"])
        #expect(SearchWords.words(in: "日本語のSwift") == ["日", "本", "語", "の", "swift"])
    }

    @Test("the fold is stable and leaves no capital and no combining mark, whatever the text")
    func foldProperty() {
        var seed: UInt64 = 0x5eed
        let alphabet = Array("aZéÉüÜ\u{301}\u{308}ßİıΣσςЖж日本 -.,'0")
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int(seed % 9) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int((seed >> 33) % UInt64(alphabet.count))])
            }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1
            for word in SearchWords.words(in: text) {
                #expect(SearchWords.fold(word) == word, "\(text): \(word)")
                #expect(word == word.lowercased(), "\(text): \(word)")
                #expect(!word.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark }, "\(text): \(word)")
            }
        }
    }
}

extension SearchWordsTests {
    @Test("the index's fold of UTF-8, scalar by scalar from a table, is the fold of the whole word")
    func foldOfBytes() {
        func bytesFold(_ word: String) -> String {
            var out: [UInt8] = [0x2A]
            var word = word
            word.withUTF8 { SearchWords.fold(utf8: $0, into: &out) }
            #expect(out.first == 0x2A, "appends")
            return String(decoding: out.dropFirst(), as: UTF8.self)
        }
        // Every scalar of the table alone, and after a capital.
        for value in 0x80..<0x800 {
            let scalar = String(Character(Unicode.Scalar(UInt32(value))!))
            #expect(bytesFold(scalar) == SearchWords.fold(scalar), "U+\(String(value, radix: 16))")
            #expect(bytesFold("Q" + scalar + "Ω") == SearchWords.fold("Q" + scalar + "Ω"), "U+\(String(value, radix: 16))")
        }
        // A final sigma before a mark (a literal replacement of ς, as JavaScript's), and words
        // mixing them with marks, final sigmas, dotted capitals and later scalars.
        for word in ["ς\u{301}", "Σς\u{308}日", "ας\u{345}"] { #expect(bytesFold(word) == SearchWords.fold(word), "\(word)") }
        var rng = SplitMix64(seed: 17)
        let alphabet = Array("aZéÉüÜ\u{301}\u{308}\u{345}ßİıΣσςЖжאשعℌ日Ⅻ한ﬃ0")
        for _ in 0..<5000 {
            let word = String((0..<Int(rng.next() % 8)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            #expect(bytesFold(word) == SearchWords.fold(word), "\(word)")
        }
    }

    /// The search script's own word rules (between `// words:begin` and `// words:end` in
    /// Sources/SitegenAssets/search.js), run by Node over the texts in argv[1].
    static var browserWords: String {
        get throws {
            let script = try String(
                contentsOf: SitegenExecutable.packageRoot.appendingPathComponent("Sources/SitegenAssets/search.js"),
                encoding: .utf8)
            let start = try #require(script.range(of: "// words:begin"))
            let end = try #require(script.range(of: "// words:end"))
            // From the line after the begin marker's (which goes on with a comment).
            let code = try #require(script[start.upperBound...].firstIndex(of: "\n"))
            return String(script[code..<end.lowerBound]) + """
                const texts = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));
                console.log(JSON.stringify(texts.map(wordsOf)));
                """
        }
    }

    @Test("search.js's word rules, run by Node, find the same words in 3,000 random texts and a final sigma's")
    func sameAsTheBrowser() throws {
        var seed: UInt64 = 42
        let alphabet = Array("aZéÉüÜ\u{301}\u{308}ßİıΣσςЖж日本のカ -.,'’0١x🎉")
        // A final sigma before a mark first: Foundation's replace left it as it was.
        let texts =
            ["ς\u{301} σς\u{308}ς"]
            + (0..<3000).map { _ -> String in
                var text = ""
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                for _ in 0..<Int((seed >> 40) % 13) {
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    text.unicodeScalars.append(
                        contentsOf: String(alphabet[Int((seed >> 33) % UInt64(alphabet.count))]).unicodeScalars)
                }
                return text
            }
        try withTemporaryFolder { folder in
            let input = try folder.write(
                String(decoding: try JSONSerialization.data(withJSONObject: texts), as: UTF8.self), to: "texts.json")
            let result = try SitegenExecutable.run(
                URL(fileURLWithPath: "/usr/bin/node"), ["-e", try Self.browserWords, input], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            let browser = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String]] ?? []
            #expect(browser.count == texts.count)
            for (i, text) in texts.enumerated() where i < browser.count {
                #expect(SearchWords.words(in: text) == browser[i], "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}
