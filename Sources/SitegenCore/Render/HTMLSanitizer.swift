/// Makes Hacker News `text` (HTML) safe to put in a page: keeps only p, a (with an http/https
/// href), i, em, b, strong, code and pre, with no other attributes; everything else is escaped
/// so it shows as text. Tags are balanced, so an unclosed `<b>` cannot bleed into the page.
public enum HTMLSanitizer {
    static let allowed: Set<String> = ["p", "a", "i", "em", "b", "strong", "code", "pre"]
    /// Deeper nesting than this is escaped: no real post needs it, and it bounds the stack.
    static let maxDepth = 16

    public static func sanitize(_ html: String) -> String {
        let input = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(input.count + input.count / 8)
        var open: [String] = []
        var i = 0

        func close(through index: Int) {
            while open.count > index {
                out.append(contentsOf: "</\(open.removeLast())>".utf8)
            }
        }

        while i < input.count {
            let byte = input[i]
            if byte == UInt8(ascii: "<"), let tag = Tag.parse(input, at: i), allowed.contains(tag.name) {
                i = tag.end
                if tag.closing {
                    if let index = open.lastIndex(of: tag.name) { close(through: index) }
                    continue
                }
                // A paragraph ends everything before it (HN writes "<p>" between paragraphs and
                // never closes them); a link never nests in a link.
                if tag.name == "p" { close(through: 0) }
                if tag.name == "a", let index = open.lastIndex(of: "a") { close(through: index) }
                guard open.count < maxDepth else { continue }
                open.append(tag.name)
                if tag.name == "a" {
                    let href = tag.attributes["href"].map(Entities.decode).flatMap { SafeURL.link($0, allowRelative: false) }
                    if let href {
                        out.append(contentsOf: "<a href=\"\(HTMLEscape.escape(href))\" rel=\"nofollow noopener noreferrer\">".utf8)
                    } else {
                        out.append(contentsOf: "<a>".utf8)
                    }
                } else {
                    out.append(contentsOf: "<\(tag.name)>".utf8)
                }
                continue
            }
            if byte == UInt8(ascii: "&"), let length = Entities.referenceLength(input, at: i) {
                out.append(contentsOf: input[i..<(i + length)])
                i += length
                continue
            }
            HTMLEscape.append(byte, to: &out)
            i += 1
        }
        close(through: 0)
        return String(decoding: out, as: UTF8.self)
    }
}

/// A start or end tag as the sanitizer reads it.
struct Tag {
    var name: String
    var closing: Bool
    var attributes: [String: String]
    /// Index just past the closing ">".
    var end: Int

    /// Parses `<name attr="v" ...>` or `</name>` at `start`; nil if it is not a well-formed tag
    /// (then the "<" is escaped as text).
    static func parse(_ s: [UInt8], at start: Int) -> Tag? {
        var i = start + 1
        let closing = i < s.count && s[i] == UInt8(ascii: "/")
        if closing { i += 1 }
        let nameStart = i
        while i < s.count, isAlnum(s[i]) { i += 1 }
        guard i > nameStart else { return nil }
        let name = String(decoding: s[nameStart..<i], as: UTF8.self).lowercased()
        var attributes: [String: String] = [:]
        while i < s.count {
            while i < s.count, isSpace(s[i]) { i += 1 }
            guard i < s.count else { return nil }
            if s[i] == UInt8(ascii: ">") { return Tag(name: name, closing: closing, attributes: attributes, end: i + 1) }
            if s[i] == UInt8(ascii: "/") { i += 1; continue }
            let attrStart = i
            while i < s.count, !isSpace(s[i]), s[i] != UInt8(ascii: "="), s[i] != UInt8(ascii: ">"), s[i] != UInt8(ascii: "/") { i += 1 }
            let attr = String(decoding: s[attrStart..<i], as: UTF8.self).lowercased()
            while i < s.count, isSpace(s[i]) { i += 1 }
            var value = ""
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
                    value = String(decoding: s[valueStart..<i], as: UTF8.self)
                    i += 1
                } else {
                    let valueStart = i
                    while i < s.count, !isSpace(s[i]), s[i] != UInt8(ascii: ">") { i += 1 }
                    value = String(decoding: s[valueStart..<i], as: UTF8.self)
                }
            }
            if !attr.isEmpty && attributes[attr] == nil { attributes[attr] = value }
        }
        return nil
    }

    static func isAlnum(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
}
