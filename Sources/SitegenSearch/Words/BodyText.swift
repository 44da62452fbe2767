/// A body's words without its markup, for the index: HN's text is HTML and a Markdown story's
/// body is Markdown source, and neither's tags or link targets are words a reader would search
/// for (`href`, `https`). An entity is the character it stands for when it is a number or one
/// of `namedEntities` (HN writes every apostrophe `&#x27;`: `don&#x27;t` is the word `don't`),
/// otherwise a space, as markup is.
enum BodyText {
    /// `text` with `<…>` tags and `](…)` link targets turned into spaces, entities decoded.
    static func plain(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "]") })
        else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if let close = skip(bytes, from: i) {
                if b == UInt8(ascii: "&"), let scalar = entity(bytes[i + 1..<close - 1]) {
                    out.append(contentsOf: String(Character(scalar)).utf8)
                } else {
                    out.append(UInt8(ascii: " "))
                }
                i = close
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The named entities decoded (others are spaces): those HN and Markdown writers use for
    /// quotes, apostrophes, dashes and spaces. Python's reference (Tests/browser/realsites.py)
    /// holds the same table.
    static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "lsquo": "\u{2018}",
        "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "ndash": "\u{2013}", "mdash": "\u{2014}",
        "hellip": "\u{2026}",
    ]

    /// The scalar the entity `name` (between `&` and `;`) stands for: `#39`, `#x27`, a name of
    /// `namedEntities`; nil for another name, or a number that is no scalar (or NUL).
    private static func entity(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let text = String(decoding: name, as: UTF8.self)
        guard text.hasPrefix("#") else { return namedEntities[text] }
        let digits = text.dropFirst()
        let hex = digits.first == "x" || digits.first == "X"
        guard let value = UInt32(hex ? digits.dropFirst() : digits, radix: hex ? 16 : 10), value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    /// Where the markup starting at `i` ends (just past it), or nil when none starts there.
    private static func skip(_ bytes: [UInt8], from i: Int) -> Int? {
        let b = bytes[i]
        let (closer, limit): (UInt8, Int)
        switch b {
        case UInt8(ascii: "<"): (closer, limit) = (UInt8(ascii: ">"), 2_000)
        case UInt8(ascii: "&"): (closer, limit) = (UInt8(ascii: ";"), 12)
        case UInt8(ascii: "]") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "("):
            (closer, limit) = (UInt8(ascii: ")"), 2_000)
        default: return nil
        }
        var j = i + 1
        while j < bytes.count && j - i <= limit {
            if bytes[j] == closer { return j + 1 }
            if b == UInt8(ascii: "&") && !(bytes[j] == UInt8(ascii: "#") || SearchWords.isASCIIWordByte(bytes[j])) { return nil }
            j += 1
        }
        return nil
    }
}
