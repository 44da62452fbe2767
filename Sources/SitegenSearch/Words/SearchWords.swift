import Foundation
import SitegenModel

/// Words as the index keeps them and as a reader types them (docs/internals/format.md, "Words"), by
/// rules short enough that the search page's script repeats them exactly (search.js, between
/// `words:begin` and `words:end`; `SearchWordsTests` runs both over the same texts):
///
/// - **A name** is a run of letters, digits and combining marks (not CJK), which may hold an
///   apostrophe between two of them (`it's`), joined by single dots to more such runs
///   (`node.js`, `1.88.0`, `example.com`), perhaps after a dot (`.net`) and perhaps ending in
///   `++` or `#` that no letter, digit or mark follows (`c++`, `c#`; `C++17` is `c` and `17`).
///   In JavaScript, with `W` a word scalar: `\.?S(?:\.S)*(?:(?:\+\+|#)(?!W))?`, `S` =
///   `W+(?:['’]W+)*`.
///   The index keeps a name whole, at most three of its dotted prefixes (`1.88` of `1.88.0`,
///   so a version finds its patch releases and not `1.880`), each of its parts (`node` of
///   `node.js`) and each piece of a part between apostrophes (`google` of `google's`, `homme`
///   of `l'homme`); a query looks the whole name up.
/// - **A CJK run** is a run of Han, Hiragana, Katakana and Hangul: scripts written without
///   spaces between words (Chinese, Japanese), or whose words take endings (Korean
///   `파일을` is `파일` and a particle). The index keeps each character and each pair of
///   neighbours; a query of one character looks the character up, a longer one each of its
///   pairs, so `文件` finds every text holding `文件`, and `파일` finds `파일을`. (Dictionary
///   word breaks would not match the browser's, and miss every ending.)
/// - **The fold**: lowercase (Unicode's full mapping), final sigma `ς` as `σ` (JavaScript's
///   lowercase writes `ς` at a word's end, Swift's never), the typographic apostrophe `’` as
///   `'` (a phone's keyboard types one, a text holds the other), canonical decomposition (NFD),
///   combining marks dropped, then composed again (NFC: Hangul syllables decompose into
///   letters, not marks), so `Zürich`, `ZURICH` and `zurich` are one word. In JavaScript:
///   `w.toLowerCase().replace(/ς/g, 'σ').replace(/’/g, "'").normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC')`.
///   (Foundation's `folding(options:)` would also turn `ß` into `ss`, which no browser
///   function does.)
package enum SearchWords {
    /// The words the index keeps for `text`, folded, in order, repeats kept.
    package static func words(in text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { raw in
            let folded = fold(String(raw))
            if !folded.isEmpty { words.append(folded) }
        }
        return words
    }

    /// The words a query `text` looks up, folded, in order: each name whole, a CJK run's
    /// character (one) or pairs (more).
    package static func queryWords(in text: String) -> [String] {
        var words: [String] = []
        var text = text
        text.withUTF8 { utf8 in
            let word = { (range: Range<Int>) in
                let folded = fold(String(decoding: UnsafeBufferPointer(rebasing: utf8[range]), as: UTF8.self))
                if !folded.isEmpty { words.append(folded) }
            }
            scan(
                utf8: utf8,
                run: { range in
                    var scalars = scalarStarts(utf8, range)
                    scalars.append(range.upperBound)
                    if scalars.count == 2 { return word(range) }
                    for k in 0..<scalars.count - 2 { word(scalars[k]..<scalars[k + 2]) }
                },
                name: { name in word(name.whole) })
        }
        return words
    }

    /// Calls `body` with each word the index keeps for `text`, as written (not folded), in order.
    package static func forEachWord(in text: String, _ body: (Substring) -> Void) {
        var text = text
        text.withUTF8 { utf8 in
            forEachWord(utf8: utf8) { range in
                body(Substring(decoding: UnsafeBufferPointer(rebasing: utf8[range]), as: UTF8.self))
            }
        }
    }

    /// Calls `body` with the byte range of each word the index keeps for the UTF-8 text
    /// `utf8`, in order (they overlap: a name and its parts, a character and its pairs): the
    /// index's scan, which folds each different spelling once (`SearchTermsBuilder`).
    /// `asciiShortcut: false` takes the general way for every word (sitegen-bench times both).
    @inline(__always)
    package static func forEachWord(
        utf8: UnsafeBufferPointer<UInt8>, asciiShortcut: Bool = true, _ body: (Range<Int>) -> Void
    ) {
        scan(
            utf8: utf8, asciiShortcut: asciiShortcut,
            run: { range in
                // Each character, then the pair it begins.
                var i = range.lowerBound
                while i < range.upperBound {
                    let next = i + scalarLength(utf8[i])
                    body(i..<next)
                    if next < range.upperBound { body(i..<next + scalarLength(utf8[next])) }
                    i = next
                }
            },
            name: { name in
                /// A part, then its pieces between apostrophes when it has any.
                @inline(__always)
                func part(_ range: Range<Int>) {
                    body(range)
                    guard name.apostrophes > 0 else { return }
                    var start = range.lowerBound
                    var i = range.lowerBound
                    while i < range.upperBound {
                        let length = apostropheLength(utf8, i)
                        if length > 0 {
                            body(start..<i)
                            start = i + length
                            i = start
                        } else {
                            i += 1
                        }
                    }
                    if start > range.lowerBound { body(start..<range.upperBound) }
                }
                // One part and nothing around it (most words): the part alone.
                if name.whole == name.parts && name.dots == 0 { return part(name.parts) }
                body(name.whole)
                let dot = UInt8(ascii: ".")
                // Its dotted prefixes, shortest first: those holding a dot (`1.88` of
                // `1.88.0`, `.net` of `.net.core`; `1` is a part), at most `maxPrefixes`.
                var dots = name.whole.lowerBound < name.parts.lowerBound ? 1 : 0
                var prefixes = 0
                for i in name.parts where utf8[i] == dot && prefixes < maxPrefixes {
                    if dots > 0 {
                        body(name.whole.lowerBound..<i)
                        prefixes += 1
                    }
                    dots += 1
                }
                // Its parts.
                var start = name.parts.lowerBound
                for i in name.parts where utf8[i] == dot {
                    part(start..<i)
                    start = i + 1
                }
                part(start..<name.parts.upperBound)
            })
    }

    /// A name's dotted prefixes the index keeps at most (`a.b`, `a.b.c`, `a.b.c.d` of a longer
    /// name): versions have three or four parts, and without a bound a text of a million dots
    /// would make words of a million squared bytes.
    package static let maxPrefixes = 3

    /// No byte of a text is in more of the index's words than this: a name's, its prefixes',
    /// its part's and the part's piece (a CJK character is in three: itself and its two pairs).
    package static let maxWordsAByte = maxPrefixes + 3

    /// The length of the apostrophe (`'` or `’`) at `i`, 0 when there is none.
    @inline(__always)
    private static func apostropheLength(_ utf8: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        if utf8[i] == 0x27 { return 1 }
        return utf8[i] == 0xE2 && i + 2 < utf8.count && utf8[i + 1] == 0x80 && utf8[i + 2] == 0x99 ? 3 : 0
    }

    /// A name's bytes: `whole`, from its leading dot (if any) to its suffix's end (if any);
    /// `parts`, its dotted parts without either.
    package struct Name {
        package var whole: Range<Int>
        package var parts: Range<Int>
        /// The dots between its parts.
        package var dots: Int
        /// The apostrophes inside its parts.
        package var apostrophes = 0
    }

    /// Finds the CJK runs and the names of `utf8`, left to right, as JavaScript's
    /// `matchAll` of `([CJK]+)|\.?S(?:\.S)*(?:(?:\+\+|#)(?!W))?` does. (Inlined into its
    /// callers with their closures: it is the index's scan of every byte of every story.)
    @inline(__always)
    package static func scan(
        utf8: UnsafeBufferPointer<UInt8>, asciiShortcut: Bool = true, run: (Range<Int>) -> Void, name: (Name) -> Void
    ) {
        let count = utf8.count
        let dot = UInt8(ascii: ".")
        var apostrophes = 0
        /// The end of `S` (a part) starting at `i`, or nil when no word scalar is there.
        @inline(__always)
        func part(_ i: Int) -> Int? {
            var j = wordEnd(utf8, i)
            guard j > i else { return nil }
            // Apostrophes between word scalars.
            while j < count {
                let (scalar, length) = decode(utf8, j)
                guard scalar == 0x27 || scalar == 0x2019 else { break }
                let after = wordEnd(utf8, j + length)
                guard after > j + length else { break }
                apostrophes += 1
                j = after
            }
            return j
        }
        var i = 0
        while i < count {
            let lead = utf8[i]
            if asciiShortcut && lead < 0x80 && lead != dot {
                // ASCII: a space or a mark of punctuation is no word; a run of letters and
                // digits that a space or punctuation ends (most words of most texts) is a name
                // of one part. The general way below finds the same (SearchWordsTests holds
                // both to the rules), and finds the rest.
                guard isASCIIWordByte(lead) else {
                    i += 1
                    continue
                }
                var j = i + 1
                while j < count && isASCIIWordByte(utf8[j]) { j += 1 }
                if j == count || (utf8[j] < 0x80 && !mayGoOn(utf8[j])) {
                    name(Name(whole: i..<j, parts: i..<j, dots: 0))
                    i = j
                    continue
                }
            } else if lead >= 0x80 && isCJK(decode(utf8, i).scalar) {
                var j = i
                while j < count && utf8[j] >= 0x80 && isCJK(decode(utf8, j).scalar) { j += scalarLength(utf8[j]) }
                run(i..<j)
                i = j
                continue
            }
            let partsStart = lead == dot ? i + 1 : i
            apostrophes = 0
            guard let first = part(partsStart) else {
                i += scalarLength(lead)
                continue
            }
            var end = first
            var dots = 0
            while end + 1 < count && utf8[end] == dot, let next = part(end + 1) {
                end = next
                dots += 1
            }
            var whole = end
            if end + 1 < count && utf8[end] == UInt8(ascii: "+") && utf8[end + 1] == UInt8(ascii: "+") {
                if wordEnd(utf8, end + 2) == end + 2 { whole = end + 2 }
            } else if end < count && utf8[end] == UInt8(ascii: "#") {
                if wordEnd(utf8, end + 1) == end + 1 { whole = end + 1 }
            }
            name(Name(whole: i..<whole, parts: partsStart..<end, dots: dots, apostrophes: apostrophes))
            i = whole
        }
    }

    /// An ASCII byte after a word that may make it go on (`.`, `'`) or end in `++` or `#`.
    @inline(__always)
    private static func mayGoOn(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ".") || b == UInt8(ascii: "'") || b == UInt8(ascii: "+") || b == UInt8(ascii: "#")
    }

    /// Where the run of word scalars (letters, digits, marks; not CJK) starting at `i` ends.
    @inline(__always)
    private static func wordEnd(_ utf8: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var j = i
        while j < utf8.count {
            let b = utf8[j]
            if b < 0x80 {
                // A run of ASCII letters and digits (most of most words), a byte at a time.
                guard isASCIIWordByte(b) else { break }
                j += 1
            } else {
                let (scalar, length) = decode(utf8, j)
                guard isWord(scalar) else { break }
                j += length
            }
        }
        return j
    }

    /// The scalar starting at `i` and its length in bytes. `utf8` is valid UTF-8 (a String's).
    @inline(__always)
    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, _ i: Int) -> (scalar: UInt32, length: Int) {
        let lead = utf8[i]
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead < 0xE0 { return ((UInt32(lead & 0x1F) << 6) | UInt32(utf8[i + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((UInt32(lead & 0x0F) << 12) | (UInt32(utf8[i + 1] & 0x3F) << 6) | UInt32(utf8[i + 2] & 0x3F), 3)
        }
        return (
            (UInt32(lead & 0x07) << 18) | (UInt32(utf8[i + 1] & 0x3F) << 12) | (UInt32(utf8[i + 2] & 0x3F) << 6)
                | UInt32(utf8[i + 3] & 0x3F), 4
        )
    }

    @inline(__always)
    private static func scalarLength(_ lead: UInt8) -> Int { lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4 }

    /// The byte offsets where each scalar of `range` starts.
    private static func scalarStarts(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Int] {
        var starts: [Int] = []
        var i = range.lowerBound
        while i < range.upperBound {
            starts.append(i)
            i += scalarLength(utf8[i])
        }
        return starts
    }

    /// A scalar that is part of a name (\p{L}, \p{N}, \p{M}, not CJK).
    @inline(__always)
    private static func isWord(_ value: UInt32) -> Bool {
        if value < 0x80 { return isASCIIWordByte(UInt8(value)) }
        if value < 0x800 { return twoByteWordScalars[Int(value) - 0x80] }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return !isCJK(value) && isWordScalar(scalar)
    }
    /// `isWordScalar` of U+0080…U+07FF (accented Latin, Greek, Cyrillic, Hebrew, Arabic: the
    /// two-byte UTF-8 scalars), looked up rather than asked of Unicode's tables each time;
    /// `isWordScalar` is the truth it must equal (built from it).
    private static let twoByteWordScalars: [Bool] = (0x80..<0x800).map { isWordScalar(Unicode.Scalar(UInt32($0))!) }

    /// An ASCII letter or digit.
    static func isASCIIWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// An ASCII byte lowercased (any other byte as it is): an ASCII word's whole fold.
    @inline(__always)
    static func lowercaseASCII(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    /// `word` lowercased, decomposed, without combining marks.
    package static func fold(_ word: String) -> String {
        // ASCII (most words of most sites, and every author's name here): lowercase is the fold.
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: word.utf8.map(lowercaseASCII), as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        // Literally, as JavaScript's replace: Foundation's default would leave a ς that a
        // combining mark follows (`foldOfBytes` holds this to the table's fold).
        let lower = word.lowercased().replacingOccurrences(of: "\u{3C2}", with: "\u{3C3}", options: .literal)
            .replacingOccurrences(of: "\u{2019}", with: "'", options: .literal)
        for scalar in lower.decomposedStringWithCanonicalMapping.unicodeScalars where !isMark(scalar) {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// `fold` of the UTF-8 word `utf8`, appended to `out` as UTF-8: the index folds each new
    /// spelling here. Scalars below U+0800 (ASCII, accented Latin, Greek, Cyrillic, Hebrew,
    /// Arabic) fold one by one from a table: lowercase and decomposition map each scalar on its
    /// own, and the marks whose order NFD would fix are dropped, so a word's fold is its
    /// scalars' folds in turn (`SearchWordsTests` holds this to `fold`). A word with a later
    /// scalar takes `fold`. `utf8` is valid UTF-8 (a String's): a lead byte's next byte is
    /// not checked.
    package static func fold(utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let start = out.count
        var i = 0
        while i < utf8.count {
            let lead = utf8[i]
            if lead < 0x80 {
                out.append(lowercaseASCII(lead))
                i += 1
            } else if lead >= 0xC2 && lead < 0xE0 && i + 1 < utf8.count {
                let scalar = (Int(lead & 0x1F) << 6) | Int(utf8[i + 1] & 0x3F)
                let folded = twoByteFolds[scalar - 0x80]
                out.append(contentsOf: twoByteFoldBytes[Int(folded.start)..<Int(folded.start) + Int(folded.count)])
                i += 2
            } else if lead >= 0xE3 && lead <= 0xED && i + 2 < utf8.count
                && foldsToItself((UInt32(lead & 0x0F) << 12) | (UInt32(utf8[i + 1] & 0x3F) << 6) | UInt32(utf8[i + 2] & 0x3F))
            {
                // Han and Hangul syllables, the bulk of CJK runs' characters and pairs.
                out.append(contentsOf: utf8[i..<i + 3])
                i += 3
            } else {
                out.removeSubrange(start...)
                out.append(contentsOf: fold(String(decoding: utf8, as: UTF8.self)).utf8)
                return
            }
        }
    }

    /// Han ideographs (the unified ones: the compatibility ones decompose) and Hangul
    /// syllables: no case, no marks, and NFC puts a syllable's NFD back as it was. (Not Hangul
    /// letters, which compose with a syllable before them, nor kana, whose voiced forms
    /// decompose: those words take `fold`.) `foldOfBytes` holds the table to `fold`.
    @inline(__always)
    private static func foldsToItself(_ value: UInt32) -> Bool {
        (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
    }

    /// The fold of each scalar U+0080…U+07FF, as UTF-8 in `twoByteFoldBytes`.
    private static let (twoByteFolds, twoByteFoldBytes): ([(start: UInt16, count: UInt8)], [UInt8]) = {
        var folds: [(start: UInt16, count: UInt8)] = []
        var bytes: [UInt8] = []
        for value in 0x80..<0x800 {
            let folded = Array(fold(String(Character(Unicode.Scalar(UInt32(value))!))).utf8)
            folds.append((UInt16(bytes.count), UInt8(folded.count)))
            bytes += folded
        }
        return (folds, bytes)
    }()

    /// \p{L}, \p{N} or \p{M}.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
            .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Han, Hiragana, Katakana and Hangul (syllables and letters): CJK runs' scalars.
    @inline(__always)
    static func isCJK(_ value: UInt32) -> Bool { CJKScalars.contains(value) }
}
