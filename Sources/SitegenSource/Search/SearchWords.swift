import Foundation

/// Words as a reader types them, for the search index (issue 17), broken and folded by rules
/// short enough that the browser's search script repeats them exactly:
///
/// - **A word** is a run of letters, digits and combining marks, which may hold an apostrophe
///   between two of them (`it's`). In JavaScript:
///   `/[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu`. Chinese and Japanese characters (Han,
///   Hiragana, Katakana) are a word each, as those languages put no spaces between words: a
///   search for `日本` finds titles with both characters. (Foundation's word enumeration is not
///   on Linux; ICU's dictionary breaks would not match the browser's anyway.)
/// - **The fold**: lowercase (Unicode's full mapping), final sigma `ς` as `σ` (JavaScript's
///   lowercase writes `ς` at a word's end, Swift's never: the test against Node found it),
///   canonical decomposition (NFD), combining marks dropped, so `Zürich`, `ZURICH` and `zurich`
///   are one word. In JavaScript:
///   `word.toLowerCase().replace(/ς/g, 'σ').normalize('NFD').replace(/\p{M}/gu, '')`. (Foundation's
///   `folding(options:)` would also turn `ß` into `ss`, which no browser function does.)
package enum SearchWords {
    /// The words of `text`, folded, in order, repeats kept.
    package static func words(in text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { raw in
            let folded = fold(String(raw))
            if !folded.isEmpty { words.append(folded) }
        }
        return words
    }

    /// Calls `body` with each word of `text` as written (not folded), in order.
    package static func forEachWord(in text: String, _ body: (Substring) -> Void) {
        var text = text
        text.withUTF8 { utf8 in
            forEachWord(utf8: utf8) { range in
                body(Substring(decoding: UnsafeBufferPointer(rebasing: utf8[range]), as: UTF8.self))
            }
        }
    }

    /// Calls `body` with the byte range of each word of the UTF-8 text `utf8`, in order: the
    /// index's scan, which folds each different spelling once (`SearchTermsBuilder`).
    package static func forEachWord(utf8: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        // The word so far is utf8[start..<end]; `pending` is an apostrophe after it, kept only
        // if a letter follows.
        var start = -1
        var end = 0
        var pending = false
        var i = 0
        let count = utf8.count
        while i < count {
            let lead = utf8[i]
            if isASCIIWordByte(lead) {
                // A run of ASCII letters and digits (most of most words), in a loop of its own.
                if start < 0 { start = i }
                pending = false
                i += 1
                while i < count && isASCIIWordByte(utf8[i]) { i += 1 }
                end = i
                continue
            }
            let length: Int
            let scalar: UInt32
            if lead < 0x80 {
                length = 1
                scalar = UInt32(lead)
            } else if lead < 0xE0 {
                length = 2
                scalar = (UInt32(lead & 0x1F) << 6) | UInt32(utf8[i + 1] & 0x3F)
            } else if lead < 0xF0 {
                length = 3
                scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(utf8[i + 1] & 0x3F) << 6) | UInt32(utf8[i + 2] & 0x3F)
            } else {
                length = 4
                scalar =
                    (UInt32(lead & 0x07) << 18) | (UInt32(utf8[i + 1] & 0x3F) << 12) | (UInt32(utf8[i + 2] & 0x3F) << 6)
                    | UInt32(utf8[i + 3] & 0x3F)
            }
            let next = i + length
            if lead < 0x80 ? isASCIIWordByte(lead) : isWord(scalar) {
                if start < 0 { start = i }
                pending = false
                end = next
            } else if lead >= 0x80 && isIdeograph(Unicode.Scalar(scalar)!) {
                if start >= 0 { body(start..<end) }
                body(i..<next)
                start = -1
                pending = false
            } else if (scalar == 0x27 || scalar == 0x2019) && start >= 0 && !pending {
                pending = true
            } else {
                if start >= 0 { body(start..<end) }
                start = -1
                pending = false
            }
            i = next
        }
        if start >= 0 { body(start..<end) }
    }

    /// A non-ASCII scalar that is part of a word and not an ideograph (a word of its own).
    private static func isWord(_ value: UInt32) -> Bool {
        if value < 0x800 { return twoByteWordScalars[Int(value) - 0x80] }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return isWordScalar(scalar) && !isIdeograph(scalar)
    }

    /// `isWordScalar` of U+0080…U+07FF (accented Latin, Greek, Cyrillic, Hebrew, Arabic: the
    /// two-byte UTF-8 scalars), looked up: asking Unicode's tables was a tenth of the index's scan.
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
        // combining mark follows (the table fold found it).
        let lower = word.lowercased().replacingOccurrences(of: "\u{3C2}", with: "\u{3C3}", options: .literal)
        for scalar in lower.decomposedStringWithCanonicalMapping.unicodeScalars where !isMark(scalar) {
            scalars.append(scalar)
        }
        return String(scalars)
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
            } else {
                out.removeSubrange(start...)
                out.append(contentsOf: fold(String(decoding: utf8, as: UTF8.self)).utf8)
                return
            }
        }
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

    /// Han, Hiragana and Katakana: a word each.
    static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }
}
