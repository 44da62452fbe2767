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
        var word = String.UnicodeScalarView()
        var apostrophe: Unicode.Scalar?
        func end() {
            let folded = fold(String(word))
            if !folded.isEmpty { words.append(folded) }
            word = String.UnicodeScalarView()
            apostrophe = nil
        }
        for scalar in text.unicodeScalars {
            if isIdeograph(scalar) {
                end()
                word.append(scalar)
                end()
            } else if isWordScalar(scalar) {
                if let mark = apostrophe {
                    word.append(mark)
                    apostrophe = nil
                }
                word.append(scalar)
            } else if (scalar == "'" || scalar == "\u{2019}") && !word.isEmpty && apostrophe == nil {
                // Kept only if a letter follows.
                apostrophe = scalar
            } else {
                end()
            }
        }
        end()
        return words
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
