/// A term's folder name: `Swift on Linux` → `swift-on-linux`. Pure.
///
/// Letters and digits of any script are kept, lowercased (`Zürich` → `zürich`, `日本語` as
/// it is; `SitePaths.urlPath` percent-encodes them in links), so a term is never reduced to
/// nothing for not being English. `+` and `#` are words of their own, so `C`, `C++` and `C#`
/// are three terms (`c`, `c-plus-plus`, `c-sharp`); any other run of characters is one `-`.
/// Terms whose slugs are equal are one term: `Swift` and `swift` share a list, as on a
/// case-insensitive disk they would have to anyway. (Terms reach here in Unicode's composed
/// form, NFC: the Markdown source makes them so, and this pure model has no Unicode tables
/// for it.)
public enum TermSlug {
    /// The slug, or nil when the term has no letter or digit (`!!!`) or is too long for a file
    /// name.
    public static func of(_ term: String) -> String? {
        term.utf8.allSatisfy { $0 < 0x80 } ? ascii(term) : unicode(term)
    }

    /// `of` for ASCII terms, byte by byte: most terms are, and a build asks for the slug of
    /// each term of each story, twice (the lists, and the row's links).
    static func ascii(_ term: String) -> String? {
        var slug: [UInt8] = []
        slug.reserveCapacity(term.utf8.count)
        var pendingDash = false
        func append(_ bytes: some Sequence<UInt8>) {
            if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
            pendingDash = false
            slug.append(contentsOf: bytes)
        }
        for byte in term.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): append(CollectionOfOne(byte))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): append(CollectionOfOne(byte + 32))
            case UInt8(ascii: "+"), UInt8(ascii: "#"):
                pendingDash = true
                append((byte == UInt8(ascii: "+") ? "plus" : "sharp").utf8)
                pendingDash = true
            default: pendingDash = true
            }
        }
        guard !slug.isEmpty, slug.count <= 200 else { return nil }
        return String(decoding: slug, as: UTF8.self)
    }

    static func unicode(_ term: String) -> String? {
        var words: [String] = []
        var word = ""
        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        for scalar in term.unicodeScalars {
            let properties = scalar.properties
            switch scalar {
            case "+", "#":
                endWord()
                words.append(scalar == "+" ? "plus" : "sharp")
            default:
                if properties.isAlphabetic || properties.numericType != nil {
                    word += properties.lowercaseMapping
                } else if properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                    // A combining accent belongs to the letter before it (`ü` written as `u` + `¨`).
                    if !word.isEmpty { word.unicodeScalars.append(scalar) }
                } else {
                    endWord()
                }
            }
        }
        endWord()
        // Up and down again: a case-insensitive disk folds case fully, so `λόγος` and `ΛΌΓΟΣ`
        // (final sigma) or `straße` and `STRASSE` must be one folder, and so one slug.
        let slug = words.joined(separator: "-").uppercased().lowercased()
        guard !slug.isEmpty, slug.utf8.count <= 200 else { return nil }
        return slug
    }
}
