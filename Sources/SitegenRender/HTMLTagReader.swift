/// Reads one start or end tag from HTML bytes, for both sanitizers (`HTMLSanitizer`, HN's text;
/// `AuthoredHTML`, a Markdown page's): one reading of `<name attr="v" ...>` and `</name>`, so
/// the two never disagree on where a tag ends. Allocates nothing: the caller names the tag and
/// sees each attribute through closures.
enum HTMLTagReader {
    /// The tag at `start` (its "<"): `name` is given the tag's name bytes and returns the caller's
    /// index for it, or nil to refuse the tag; `attribute` sees each attribute's name and the
    /// range of its value as written (empty for an attribute without one; quotes excluded,
    /// references not decoded). Nil when it is not a well-formed tag or its name is refused:
    /// the caller then treats the "<" as text.
    static func read(
        _ s: UnsafeBufferPointer<UInt8>, at start: Int,
        name: (Slice<UnsafeBufferPointer<UInt8>>) -> Int?,
        attribute: (Slice<UnsafeBufferPointer<UInt8>>, Range<Int>) -> Void
    ) -> (name: Int, closing: Bool, end: Int)? {
        var i = start + 1
        let closing = i < s.count && s[i] == UInt8(ascii: "/")
        if closing { i += 1 }
        let nameStart = i
        // A name begins with a letter (HTML's rule: "<1" and "< b" are text).
        guard i < s.count, isLetter(s[i]) else { return nil }
        while i < s.count, isAlnum(s[i]) || s[i] == UInt8(ascii: "-") { i += 1 }
        guard let index = name(s[nameStart..<i]) else { return nil }
        while i < s.count {
            while i < s.count, isSpace(s[i]) { i += 1 }
            guard i < s.count else { return nil }
            if s[i] == UInt8(ascii: ">") { return (index, closing, i + 1) }
            if s[i] == UInt8(ascii: "/") {
                i += 1
                continue
            }
            let attrStart = i
            while i < s.count, !isSpace(s[i]), s[i] != UInt8(ascii: "="), s[i] != UInt8(ascii: ">"), s[i] != UInt8(ascii: "/") {
                i += 1
            }
            let attrName = s[attrStart..<i]
            while i < s.count, isSpace(s[i]) { i += 1 }
            var value: Range<Int> = i..<i
            if i < s.count, s[i] == UInt8(ascii: "=") {
                i += 1
                while i < s.count, isSpace(s[i]) { i += 1 }
                guard i < s.count else { return nil }
                if s[i] == UInt8(ascii: "\"") || s[i] == UInt8(ascii: "'") {
                    let quote = s[i]
                    i += 1
                    let valueStart = i
                    while i < s.count, s[i] != quote { i += 1 }
                    guard i < s.count else { return nil }
                    value = valueStart..<i
                    i += 1
                } else {
                    let valueStart = i
                    while i < s.count, !isSpace(s[i]), s[i] != UInt8(ascii: ">") { i += 1 }
                    value = valueStart..<i
                }
            }
            if !attrName.isEmpty { attribute(attrName, value) }
        }
        return nil
    }

    /// Whether `bytes`, lowercased (ASCII), equal `lowercase`.
    static func equalsLowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ lowercase: [UInt8]) -> Bool {
        bytes.count == lowercase.count
            && zip(bytes, lowercase).allSatisfy { a, b in ((0x41...0x5A).contains(a) ? a | 0x20 : a) == b }
    }

    /// `bytes` lowercased (ASCII), as a String: a tag's or attribute's name.
    static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        // Written into the String's own storage (a tag's name is small enough to need none of
        // its own): decoding a lazily mapped sequence went through Swift's generic path, a
        // dynamic cast a tag, most of the time of a text made from highlighted code.
        String(unsafeUninitializedCapacity: bytes.count) { out in
            for (i, b) in zip(out.indices, bytes) { out[i] = (0x41...0x5A).contains(b) ? b | 0x20 : b }
            return bytes.count
        }
    }

    static func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }

    static func isAlnum(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || isLetter(b) }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
}
