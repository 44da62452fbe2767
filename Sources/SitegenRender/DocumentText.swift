/// A document's text as its reader reads it, for search: the search page fetches it for the
/// rows on screen to show the passage where the query's words are, and to hold a phrase in
/// quotes to its words side by side (docs/internals/format.md, "Texts").
///
/// It is the rendered body with its tags taken out, not the Markdown source: a passage shows
/// what the page shows (no `**`, no link targets), and highlighted code is its code.
package enum DocumentText {
    /// A text stops here (cut at a character's start): the passage of a match further on is the
    /// summary, and a phrase further on is not found. Few pages reach it; it bounds what one
    /// row on screen can cost a reader.
    package static let limit = 256 * 1024

    /// `html` (a rendered body, well formed, as a `DocumentRenderer` returns it) as plain UTF-8: tags
    /// out, a block's end a newline, a cell's a space, every other run of white space one space,
    /// character references decoded.
    package static func plain(html: String) -> [UInt8] {
        var html = html
        return html.withUTF8 { plain($0) }
    }

    private static func plain(_ s: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(min(s.count, limit))
        // A space or newline waits until text follows it: none at either end, none doubled.
        var pending: UInt8? = nil
        func emit(_ bytes: some Sequence<UInt8>) {
            if let gap = pending, !out.isEmpty { out.append(gap) }
            pending = nil
            out.append(contentsOf: bytes)
        }
        func gap(_ byte: UInt8) {
            if pending != UInt8(ascii: "\n") { pending = byte }
        }
        var i = 0
        while i < s.count && out.count < limit {
            let b = s[i]
            if b == UInt8(ascii: "<") {
                var end = i + 1
                while end < s.count && s[end] != UInt8(ascii: ">") { end += 1 }
                var nameEnd = i + 1
                if nameEnd < s.count && s[nameEnd] == UInt8(ascii: "/") { nameEnd += 1 }
                let nameStart = nameEnd
                while nameEnd < end && HTMLTagReader.isAlnum(s[nameEnd]) { nameEnd += 1 }
                switch HTMLTagReader.lowercased(s[nameStart..<nameEnd]) {
                case let name where blocks.contains(name): gap(UInt8(ascii: "\n"))
                case "td", "th", "img": gap(UInt8(ascii: " "))
                default: break
                }
                i = end + 1
            } else if b == UInt8(ascii: "&"), let length = Entities.referenceLength(s, at: i) {
                let reference = String(decoding: UnsafeBufferPointer(rebasing: s[i..<(i + length)]), as: UTF8.self)
                emit(Entities.decode(reference).utf8)
                i += length
            } else if HTMLTagReader.isSpace(b) {
                gap(UInt8(ascii: " "))
                i += 1
            } else {
                // A run of plain bytes at once.
                var j = i + 1
                while j < s.count && s[j] != UInt8(ascii: "<") && s[j] != UInt8(ascii: "&") && !HTMLTagReader.isSpace(s[j]) {
                    j += 1
                }
                emit(UnsafeBufferPointer(rebasing: s[i..<j]))
                i = j
            }
        }
        if out.count > limit {
            // Back to the start of the character the limit falls in (UTF-8 continuation bytes
            // are 10xxxxxx).
            var end = limit
            while end > 0 && out[end] & 0xC0 == 0x80 { end -= 1 }
            out.removeSubrange(end...)
        }
        return out
    }

    /// Elements whose start or end is a line's end in the text.
    private static let blocks: Set<String> = [
        "p", "div", "br", "hr", "li", "ul", "ol", "dl", "dt", "dd", "pre", "blockquote", "table", "tr", "h1", "h2",
        "h3", "h4", "h5", "h6", "section", "figure", "figcaption", "details", "summary",
    ]
}
