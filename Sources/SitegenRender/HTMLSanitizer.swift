/// Makes Hacker News `text` (HTML) safe to put in a page: keeps only p, a (with an http/https
/// href), i, em, b, strong, code and pre, with no other attributes; everything else is escaped
/// so it shows as text. Tags are balanced, so an unclosed `<b>` cannot bleed into the page.
/// What a browser would take long to lay out is bounded as Markdown's HTML is (`AuthoredHTML`):
/// a link longer than `AuthoredHTML.maxAttributeBytes` loses its `href`, and a word longer than
/// `AuthoredHTML.maxWordScalars` outside `pre` gets a `<wbr>` at each such length.
public enum HTMLSanitizer {
    /// The tags kept, as lowercase ASCII; a tag is known by its index here.
    package static let allowed: [[UInt8]] = ["p", "a", "i", "em", "b", "strong", "code", "pre"].map { Array($0.utf8) }
    static let paragraph = 0
    package static let link = 1
    static let preformatted = 7
    /// Deeper nesting than this is escaped: no real post needs it, and it bounds the stack.
    package static let maxDepth = 16

    public static func sanitize(_ html: String) -> String {
        String(decoding: sanitizedBytes(html), as: UTF8.self)
    }

    /// `sanitize`, as UTF-8 bytes. Byte by byte, with tags known by index, not by String: every
    /// item page of a build goes through here.
    package static func sanitizedBytes(_ html: String) -> [UInt8] {
        var html = html
        return html.withUTF8 { input in
            var out: [UInt8] = []
            out.reserveCapacity(input.count + input.count / 8 + 64)
            var open: [Int] = []
            var i = 0
            // Characters since the last place a line may break (`AuthoredHTML.Pass` counts the same).
            var word = 0

            func close(through index: Int) {
                while open.count > index {
                    out.append("</")
                    out += allowed[open.removeLast()]
                    out.append(UInt8(ascii: ">"))
                }
            }

            while i < input.count {
                let byte = input[i]
                if byte == UInt8(ascii: "<"), let tag = Tag.parse(input, at: i) {
                    i = tag.end
                    if tag.closing {
                        if let index = open.lastIndex(of: tag.name) { close(through: index) }
                        continue
                    }
                    // A paragraph ends everything before it (HN writes "<p>" between paragraphs
                    // and never closes them); a link never nests in a link.
                    if tag.name == paragraph { close(through: 0) }
                    // A `pre` ends an open paragraph, as a browser's parser ends it (HN writes
                    // "<p><pre><code>"): a `p` holding a `pre` is not HTML, and its `</p>`
                    // would be a stray end tag.
                    if tag.name == preformatted, let index = open.lastIndex(of: paragraph) { close(through: index) }
                    if tag.name == link, let index = open.lastIndex(of: link) { close(through: index) }
                    guard open.count < maxDepth else { continue }
                    open.append(tag.name)
                    if tag.name == link {
                        if let href = tag.href.map(Entities.decode).flatMap({ SafeURL.link($0, allowRelative: false) }),
                            href.utf8.count <= AuthoredHTML.maxAttributeBytes
                        {
                            out.append("<a href=\"")
                            HTMLEscape.append(href, to: &out)
                            out.append("\" rel=\"nofollow noopener noreferrer\">")
                        } else {
                            out.append("<a>")
                        }
                    } else {
                        out.append(UInt8(ascii: "<"))
                        out += allowed[tag.name]
                        out.append(UInt8(ascii: ">"))
                    }
                    continue
                }
                if byte <= 0x20 || (byte >= 0xE3 && byte <= 0xEF) {
                    word = 0
                } else if byte & 0xC0 != 0x80 {
                    word += 1
                    if word > AuthoredHTML.maxWordScalars && AuthoredHTML.breaksBefore(byte) && !open.contains(preformatted) {
                        out += "<wbr>".utf8
                        word = 1
                    }
                }
                if byte == UInt8(ascii: "&"), let length = Entities.referenceLength(input, at: i) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<(i + length)]))
                    i += length
                    continue
                }
                HTMLEscape.append(byte, to: &out)
                i += 1
            }
            close(through: 0)
            return out
        }
    }
}

/// A start or end tag of one of the allowed names, as the sanitizer reads it.
struct Tag {
    /// Index in `HTMLSanitizer.allowed`.
    package var name: Int
    var closing: Bool
    /// The first `href` attribute's value, as written (references not decoded).
    package var href: String?
    /// Index just past the closing ">".
    package var end: Int

    /// Parses `<name attr="v" ...>` or `</name>` at `start`; nil if it is not a well-formed tag
    /// or not an allowed one (then the "<" is escaped as text).
    package static func parse(_ s: UnsafeBufferPointer<UInt8>, at start: Int) -> Tag? {
        var href: String?
        let tag = HTMLTagReader.read(
            s, at: start,
            name: { name in HTMLSanitizer.allowed.firstIndex { HTMLTagReader.equalsLowercased(name, $0) } },
            attribute: { name, value in
                if href == nil, HTMLTagReader.equalsLowercased(name, hrefName) {
                    href = String(decoding: UnsafeBufferPointer(rebasing: s[value]), as: UTF8.self)
                }
            })
        return tag.map { Tag(name: $0.name, closing: $0.closing, href: href, end: $0.end) }
    }

    private static let hrefName = Array("href".utf8)
}
