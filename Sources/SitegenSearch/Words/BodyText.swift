/// A body's words without its markup, for the index: HN's text is HTML and a Markdown story's
/// body is Markdown source, and neither's tags, entities or link targets are words a reader
/// would search for (`href`, `x27`, `https`).
enum BodyText {
    /// `text` with `<…>` tags, `&…;` entities and `](…)` link targets turned into spaces.
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
                out.append(UInt8(ascii: " "))
                i = close
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
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
