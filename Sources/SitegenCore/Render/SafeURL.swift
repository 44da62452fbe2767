/// The one gate a URL passes before it becomes an `href`.
public enum SafeURL {
    /// The URL, trimmed, if it may be a link: an absolute http(s) URL with a host, or (when
    /// `allowRelative`) a path, query or fragment reference (not "//host"). Anything else (`javascript:`,
    /// `data:`, `vbscript:`, control characters, spaces, backslashes) gives nil, and the story
    /// keeps its row without the link.
    public static func link(_ raw: String, allowRelative: Bool = true) -> String? {
        let url = trimmed(raw)
        guard !url.isEmpty else { return nil }
        // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), and treat "\" as
        // "/": refuse them outright rather than guess how a browser will read them.
        for byte in url.utf8 where byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
            return nil
        }
        if let scheme = scheme(of: url) {
            guard scheme == "http" || scheme == "https" else { return nil }
            let rest = url.utf8.dropFirst(scheme.utf8.count + 1)
            guard rest.starts(with: "//".utf8), let host = host(of: url), !host.isEmpty else { return nil }
            return url
        }
        // "//host/path" borrows the page's scheme but leaves the site: not a relative link.
        guard allowRelative, !url.hasPrefix("//") else { return nil }
        return url
    }

    /// "example.com" for "https://www.example.com/a", nil when there is no host.
    public static func domain(of url: String) -> String? {
        guard scheme(of: url) != nil, let host = host(of: url)?.lowercased(), !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// The lowercased scheme if the URL starts with one (letters, digits, + - . before a colon
    /// that comes before any / ? #).
    static func scheme(of url: String) -> String? {
        var length = 0
        for byte in url.utf8 {
            if byte == UInt8(ascii: ":") { return length == 0 ? nil : String(url.prefix(length)).lowercased() }
            let letter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            let other = (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            guard letter || (length > 0 && other) else { return nil }
            length += 1
        }
        return nil
    }

    static func host(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        var authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {  // IPv6 literal
            return authority.firstIndex(of: "]").map { String(authority[...$0]) }
        }
        return String(authority.prefix { $0 != ":" })
    }

    private static func trimmed(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func isTrimmed(_ c: Unicode.Scalar) -> Bool { c.value <= 0x20 || c.properties.isWhitespace }
}
