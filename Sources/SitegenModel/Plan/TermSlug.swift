/// A term's folder name: `Swift on Linux` → `swift-on-linux`. Pure.
///
/// Letters and digits of any script are kept, lowercased (`Zürich` → `zürich`, `日本語` as
/// it is; `SitePaths.urlPath` percent-encodes them in links), so a term is never reduced to
/// nothing for not being English. `+` and `#` are words of their own, so `C`, `C++` and `C#`
/// are three terms (`c`, `c-plus-plus`, `c-sharp`); any other run of characters is one `-`.
/// Terms whose slugs are equal are one term: `Swift` and `swift` share a list, as on a
/// case-insensitive disk they would have to anyway.
public enum TermSlug {
    /// The slug, or nil when the term has no letter or digit (`!!!`) or is too long for a file
    /// name.
    public static func of(_ term: String) -> String? {
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
        let slug = words.joined(separator: "-")
        guard !slug.isEmpty, slug.utf8.count <= 200 else { return nil }
        return slug
    }
}
