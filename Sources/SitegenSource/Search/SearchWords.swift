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

    /// Calls `body` with each word of `text` as written (not folded), in order. The index
    /// folds each different spelling once (`SearchTermsBuilder`), not each occurrence.
    package static func forEachWord(in text: String, _ body: (Substring) -> Void) {
        let scalars = text.unicodeScalars
        // The word so far is scalars[start..<end]; `pending` is an apostrophe after it, kept
        // only if a letter follows.
        var start: String.Index?
        var end = scalars.startIndex
        var pending = false
        func finish() {
            if let first = start { body(Substring(scalars[first..<end])) }
            start = nil
            pending = false
        }
        var i = scalars.startIndex
        while i != scalars.endIndex {
            let scalar = scalars[i]
            let next = scalars.index(after: i)
            if scalar.isASCII ? isASCIIWordByte(UInt8(scalar.value)) : (isWordScalar(scalar) && !isIdeograph(scalar)) {
                if start == nil { start = i }
                pending = false
                end = next
            } else if !scalar.isASCII && isIdeograph(scalar) {
                finish()
                start = i
                end = next
                finish()
            } else if (scalar == "'" || scalar == "\u{2019}") && start != nil && !pending {
                pending = true
            } else {
                finish()
            }
            i = next
        }
        finish()
    }

    private static func isASCIIWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// `word` lowercased, decomposed, without combining marks.
    package static func fold(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        let lower = word.lowercased().replacingOccurrences(of: "\u{3C2}", with: "\u{3C3}")
        for scalar in lower.decomposedStringWithCanonicalMapping.unicodeScalars where !isMark(scalar) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

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
