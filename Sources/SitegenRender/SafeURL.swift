/// The one gate a URL passes before it becomes an `href`. Works on UTF-8 bytes: it runs for
/// every row of every build.
public enum SafeURL {
    /// The URL, trimmed, if it may be a link: an absolute http(s) URL with a host, or (when
    /// `allowRelative`) a path, query or fragment reference (not "//host"). Anything else
    /// (`javascript:`, `data:`, `vbscript:`, control characters, spaces, backslashes) gives nil,
    /// and the story keeps its row without the link.
    public static func link(_ raw: String, allowRelative: Bool = true) -> String? {
        var url = trimmed(raw)
        return url.withUTF8 { isLink($0, allowRelative: allowRelative) } ? url : nil
    }

    /// Whether trimmed UTF-8 `bytes` may be a link (`link`'s rules). On the string's own bytes:
    /// no array a call, as there was when this ran on copies.
    private static func isLink(_ bytes: UnsafeBufferPointer<UInt8>, allowRelative: Bool) -> Bool {
        guard !bytes.isEmpty else { return false }
        // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), and treat "\" as
        // "/": refuse them outright rather than guess how a browser will read them.
        for byte in bytes where byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
            return false
        }
        if let schemeLength = schemeLength(bytes) {
            guard isHTTP(UnsafeBufferPointer(rebasing: bytes[..<schemeLength])), let host = hostRange(bytes) else { return false }
            return !host.isEmpty
        }
        // "//host/path" borrows the page's scheme but leaves the site: not a relative link.
        return allowRelative && !(bytes.count >= 2 && bytes[0] == 0x2F && bytes[1] == 0x2F)
    }

    /// The URL if it may be an image's `src`: https or relative, since pages allow images only
    /// from the site itself and https (their Content-Security-Policy's `img-src 'self' https:`).
    public static func image(_ raw: String) -> String? {
        guard let url = link(raw), !url.lowercased().hasPrefix("http:") else { return nil }
        return url
    }

    /// "example.com" for "https://www.example.com/a", nil when there is no host.
    public static func domain(of url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes -> String? in
            guard schemeLength(bytes) != nil, var range = hostRange(bytes) else { return nil }
            if range.count >= 4, startsWith("www.", UnsafeBufferPointer(rebasing: bytes[range])) {
                range = (range.lowerBound + 4)..<range.upperBound
            }
            guard !range.isEmpty else { return nil }
            return String(unsafeUninitializedCapacity: range.count) { out in
                for (i, byte) in bytes[range].enumerated() { out[i] = lower(byte) }
                return range.count
            }
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    /// Length of the scheme if the URL starts with one: a letter, then letters, digits, + - .,
    /// then a colon that comes before any / ? #.
    static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ":") { return i == 0 ? nil : i }
            let letter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            let other = (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            guard letter || (i > 0 && other) else { return nil }
        }
        return nil
    }

    private static func isHTTP(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        (scheme.count == 4 || scheme.count == 5) && startsWith("https", scheme)
    }

    /// Whether `bytes` starts with as much of lowercase ASCII `prefix` as it is long, ignoring
    /// ASCII case. Byte by byte: `zip` with a String's UTF-8 view went through its generic
    /// iterator for every URL of every row.
    private static func startsWith(_ prefix: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        prefix.withUTF8Buffer { prefix in
            for i in 0..<min(prefix.count, bytes.count) where lower(bytes[i]) != prefix[i] { return false }
            return true
        }
    }

    /// The host's byte range in "scheme://userinfo@host:port/…", nil without "://".
    static func hostRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let length = schemeLength(bytes), length + 3 <= bytes.count,
            bytes[length + 1] == 0x2F, bytes[length + 2] == 0x2F
        else { return nil }
        var start = length + 3
        var end = start
        while end < bytes.count, bytes[end] != 0x2F, bytes[end] != 0x3F, bytes[end] != 0x23 { end += 1 }
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        if start < end, bytes[start] == UInt8(ascii: "[") {  // IPv6 literal
            return bytes[start..<end].firstIndex(of: UInt8(ascii: "]")).map { start..<($0 + 1) }
        }
        let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) ?? end
        return start..<colon
    }

    private static func trimmed(_ s: String) -> String {
        // Fast path: nothing to trim at either end (the usual case).
        if let first = s.utf8.first, let last = s.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return s
        }
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func isTrimmed(_ c: Unicode.Scalar) -> Bool { c.value <= 0x20 || c.properties.isWhitespace }
}
