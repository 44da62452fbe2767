import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSearch

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
        #expect(
            SearchWords.words(in: "It's rock’n’roll, isn't it'") == [
                "it's", "it", "s", "rock'n'roll", "rock", "n", "roll", "isn't", "isn", "t", "it",
            ])
        #expect(
            SearchWords.words(in: "Google’s l'homme.fr") == [
                "google's", "google", "s", "l'homme.fr", "l'homme", "l", "homme", "fr",
            ])
        #expect(SearchWords.queryWords(in: "Google’s google") == ["google's", "google"])
        #expect(SearchWords.words(in: "日本語のSwift") == ["日", "日本", "本", "本語", "語", "語の", "の", "swift"])
    }

    @Test("names keep their dots and marks whole, with their dotted prefixes and parts: node.js, 1.88.0, c++, c#, .net")
    func names() {
        #expect(SearchWords.words(in: "Node.js") == ["node.js", "node", "js"])
        #expect(SearchWords.words(in: "Rust 1.88.0.") == ["rust", "1.88.0", "1.88", "1", "88", "0"])
        #expect(SearchWords.words(in: "C++ and C# on .NET") == ["c++", "c", "and", "c#", "c", "on", ".net", "net"])
        #expect(SearchWords.words(in: ".net.core") == [".net.core", ".net", "net", "core"])
        #expect(SearchWords.words(in: "a.b.c.d.e.f") == ["a.b.c.d.e.f", "a.b", "a.b.c", "a.b.c.d", "a", "b", "c", "d", "e", "f"])
        #expect(SearchWords.words(in: "a++b c#d x...y") == ["a", "b", "c", "d", "x", ".y", "y"])
        #expect(
            SearchWords.words(in: "e.g. www.example.com/path") == [
                "e.g", "e", "g", "www.example.com", "www.example", "www", "example", "com", "path",
            ])
        #expect(SearchWords.queryWords(in: "Rust 1.88 c++ node.js .NET") == ["rust", "1.88", "c++", "node.js", ".net"])
        #expect(!SearchWords.words(in: "Rust 1.880").contains("1.88"), "1.88 does not find 1.880")
        #expect(SearchWords.words(in: "b[0] = 88;").contains("88") && !SearchWords.words(in: "b[0] = 88;").contains("1.88"))
    }

    @Test("a body's markup is a space, but an entity that is a number or a listed name is its character")
    func bodyText() {
        #expect(BodyText.plain("I don&#x27;t &amp; it&#39;s l&rsquo;homme") == "I don't & it's l’homme")
        #expect(
            SearchWords.words(in: BodyText.plain("<p>Google&#X27;s <b>caf&#233;</b> caf&eacute; &#0;x &#xD800;y [a](b)c"))
                == ["google's", "google", "s", "cafe", "caf", "x", "y", "a", "c"])
        // Not an entity (no `;` within 12 bytes, or a byte no name has): as written.
        #expect(BodyText.plain("AT&T &amp x&#123456789012;") == "AT&T &amp x&#123456789012;")
    }

    @Test("CJK runs keep every character and every pair; a query looks up its pairs, or its one character")
    func cjk() {
        #expect(SearchWords.words(in: "压缩文件") == ["压", "压缩", "缩", "缩文", "文", "文件", "件"])
        #expect(SearchWords.queryWords(in: "文件") == ["文件"])
        #expect(SearchWords.queryWords(in: "压缩文件") == ["压缩", "缩文", "文件"])
        #expect(SearchWords.queryWords(in: "文") == ["文"])
        // Korean: a word's endings follow it in the same run, so its pairs find it inflected.
        #expect(Set(SearchWords.queryWords(in: "파일")).isSubset(of: SearchWords.words(in: "파일을 압축합니다")))
        #expect(SearchWords.fold("파일") == "파일", "Hangul syllables compose again after the fold")
        #expect(SearchWords.words(in: "zip파일") == ["zip", "파", "파일", "일"])
        // A compatibility ideograph is CJK, and folds to its unified form.
        #expect(SearchWords.words(in: "x\u{F900}") == ["x", "\u{8C48}"])
        // Kana with voiced marks fold as accents do.
        #expect(SearchWords.words(in: "ガ") == SearchWords.words(in: "カ"))
    }

    @Test("whatever surrounds a query in a text, the text holds every word the query looks up")
    func queryInText() {
        var rng = SplitMix64(seed: 99)
        let alphabet = Array("aZé1.8+#'’ -日本文件파일을ςΣ\u{301}x,")
        let pick = { (n: Int) in
            String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
        for _ in 0..<3000 {
            let query = pick(Int(rng.next() % 8))
            let text = pick(Int(rng.next() % 6)) + " " + query + " " + pick(Int(rng.next() % 6))
            let held = Set(SearchWords.words(in: text))
            for word in SearchWords.queryWords(in: query) { #expect(held.contains(word), "\(query) in \(text): \(word)") }
        }
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
        let alphabet = Array("aZéÉüÜ\u{301}\u{308}\u{345}ßİıΣσςЖжאשعℌ日Ⅻ한ﬃ0가각\u{11A8}ᄀ\u{3400}\u{9FFF}\u{D7A3}が")
        for _ in 0..<5000 {
            let word = String((0..<Int(rng.next() % 8)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            #expect(bytesFold(word) == SearchWords.fold(word), "\(word)")
        }
    }

    /// The search script's own word rules (between `// words:begin` and `// words:end` in
    /// Sources/SitegenAssets/search.js), run by Node over the texts in argv[1].
    static var browserWords: String {
        get throws {
            try searchScriptSection("words") + """
                const texts = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));
                console.log(JSON.stringify(texts.map(wordsOf)));
                """
        }
    }

    @Test("search.js's word rules, run by Node, find the same query words in 3,000 random texts and a final sigma's")
    func sameAsTheBrowser() async throws {
        var seed: UInt64 = 42
        let alphabet = Array("aZéÉüÜ\u{301}\u{308}ßİıΣσςЖж日本のカ파일 -.,'’0١x🎉+#")
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
        try await withTemporaryFolder { folder in
            let input = try folder.write(
                String(decoding: try JSONSerialization.data(withJSONObject: texts), as: UTF8.self), to: "texts.json")
            let result = try await SitegenExecutable.run(
                URL(fileURLWithPath: "/usr/bin/node"), ["-e", try Self.browserWords, input], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            let browser = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String]] ?? []
            #expect(browser.count == texts.count)
            for (i, text) in texts.enumerated() where i < browser.count {
                #expect(
                    SearchWords.queryWords(in: text) == browser[i], "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}

extension SearchWordsTests {
    /// The rules of docs/internals/format.md ("Words") as written there: a regular expression (Swift's
    /// engine, not the scanner), a name kept whole with its dotted prefixes and parts, a CJK run
    /// as its characters and pairs. The reference the index's hand-written scanner is held to.
    /// (Without U+F900…U+FAFF, CJK compatibility ideographs: Swift's regex takes no range of
    /// scalars that decompose. `cjk` checks one; the random texts hold none.)
    static func referenceWords(in text: String, query: Bool = false) throws -> [String] {
        let cjk =
            #"\u{1100}-\u{11FF}\u{3040}-\u{30FF}\u{3130}-\u{318F}\u{3400}-\u{4DBF}\u{4E00}-\u{9FFF}\u{A960}-\u{A97F}\u{AC00}-\u{D7FF}\u{20000}-\u{2FA1F}"#
        let word = #"(?:(?![\#(cjk)])[\p{L}\p{N}\p{M}])"#
        let part = #"\#(word)+(?:['’]\#(word)+)*"#
        let regex = try Regex(#"([\#(cjk)]+)|\.?\#(part)(?:\.\#(part))*(?:(?:\+\+|#)(?!\#(word)))?"#)
            .matchingSemantics(.unicodeScalar)
        var words: [String] = []
        for match in text.matches(of: regex) {
            let whole = String(text.unicodeScalars[match.range])
            if match.output.count > 1, match.output[1].range != nil {
                let chars = whole.unicodeScalars.map { String($0) }
                if query {
                    words += chars.count == 1 ? chars : (1..<chars.count).map { chars[$0 - 1] + chars[$0] }
                } else {
                    for k in chars.indices { words += [chars[k]] + (k + 1 < chars.count ? [chars[k] + chars[k + 1]] : []) }
                }
                continue
            }
            var body = Substring(whole)
            let leading = body.hasPrefix(".")
            if leading { body = body.dropFirst() }
            if body.hasSuffix("++") { body = body.dropLast(2) } else if body.hasSuffix("#") { body = body.dropLast() }
            let parts = body.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            // A part, then its pieces between apostrophes when it has any.
            func withPieces(_ part: String) -> [String] {
                let pieces = part.unicodeScalars.split(
                    omittingEmptySubsequences: false, whereSeparator: { $0 == "'" || $0 == "’" })
                return [part] + (pieces.count > 1 ? pieces.map { String(String.UnicodeScalarView($0)) } : [])
            }
            if query || (parts.count == 1 && !leading && body.count == whole.count) {
                words += query ? [whole] : withPieces(parts[0])
                continue
            }
            words.append(whole)
            for j in (1..<parts.count).filter({ $0 >= 2 || leading }).prefix(SearchWords.maxPrefixes) {
                words.append((leading ? "." : "") + parts[..<j].joined(separator: "."))
            }
            words += parts.flatMap(withPieces)
        }
        return words.map(SearchWords.fold).filter { !$0.isEmpty }
    }

    @Test("the index's scanner finds, in 5,000 random texts, exactly the words the stated rules' regular expression finds")
    func scannerIsTheRules() throws {
        #expect(
            try Self.referenceWords(in: "Rust 1.88.0 on .NET, c++ 压缩文件") == SearchWords.words(in: "Rust 1.88.0 on .NET, c++ 压缩文件")
        )
        var rng = SplitMix64(seed: 2026)
        let alphabet = Array("aZé1.8+#'’ -日本文파일ςΣ\u{301}\u{3099}x,ab🎉.....")
        for _ in 0..<5000 {
            let text = String((0..<Int(rng.next() % 14)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            #expect(
                try Self.referenceWords(in: text) == SearchWords.words(in: text),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(try Self.referenceWords(in: text, query: true) == SearchWords.queryWords(in: text), "\(text)")
            // The general way alone (without the ASCII shortcut) finds the same.
            var general: [Range<Int>] = []
            var shortcut: [Range<Int>] = []
            var bytes = text
            bytes.withUTF8 { utf8 in
                SearchWords.forEachWord(utf8: utf8, asciiShortcut: false) { general.append($0) }
                SearchWords.forEachWord(utf8: utf8) { shortcut.append($0) }
            }
            #expect(general == shortcut, "\(text)")
        }
    }
}
