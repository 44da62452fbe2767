import SitegenModel

/// A Markdown page's HTML, as cmark-gfm renders it with the author's raw HTML kept, made safe to
/// put in a page: one pass over the whole of it, so cmark's markup and the author's meet the
/// same rules (`AuthoredHTML+Rules.swift`), and the page's links and ids are read on the way.
///
/// - Elements: kept from an allowlist (with their allowed attributes), dropped with their
///   content (scripts, styles, frames, objects, SVG, forms' selects, metadata), or unwrapped
///   (the tag goes, its content stays). An `iframe` with a safe `src` becomes a link to it.
/// - Attributes: event handlers (`on…`) go, as does every attribute not allowed; URLs pass
///   `SafeURL` (links may be relative, images and media https or relative); an `id` the theme
///   writes (`taken`) goes, so an author's id never hijacks the page's own.
/// - Tags are balanced: an end tag with no open element goes, an unclosed element is closed,
///   so nothing the author wrote closes or opens the page's own elements.
/// - Comments, doctypes and processing instructions go; a "<" that starts no tag is text.
///
/// What is removed as unsafe (dropped elements, handlers, refused URLs) is named in `removed`,
/// which the build counts: the author learns what the page lost.
///
/// What a browser would take long to lay out is bounded, and each bound met is named in
/// `capped` (the build counts those too): an attribute value longer than `maxAttributeBytes` is
/// dropped (a 1 MB `alt` took Chromium 110 s), nesting deeper than `maxDepth` loses its tags,
/// and a word longer than `maxWordScalars` outside `pre` gets a `<wbr>` (a break the reader
/// never sees, and copying leaves out) every `maxWordScalars`: an unbroken 1 MB word took
/// Chromium 90 s to wrap, the same bytes broken every 256 under 2 s.
package enum AuthoredHTML {
    package struct Result: Sendable, Equatable {
        package var html: String
        /// Every link's target (`href`), entities decoded, as the page has it.
        package var links: [String] = []
        /// Every id on the page, percent-decoded.
        package var ids: Set<String> = []
        /// What was removed as unsafe, each as a few words: `<script>`, `onerror`, `href javascript:…`.
        package var removed: [String] = []
        /// Bounds met, each as a few words: `alt over 4096 bytes`, `a word over 256 characters`.
        package var capped: [String] = []
    }

    /// Deeper nesting is not kept (the tags go, their content stays): it bounds the stack, and
    /// what a browser lays out.
    static let maxDepth = 256
    /// The longest attribute value kept. Long URLs (a map's, a search's) stay under it.
    static let maxAttributeBytes = 4_096
    /// The longest run of characters without a break kept as it is, outside `pre`.
    static let maxWordScalars = 256

    /// `html` made safe; `link` may give a link's URL another (a Markdown file's page).
    package static func sanitize(_ html: String, taken: Set<String> = [], link: ((String) -> String?)? = nil) -> Result {
        var html = html
        return html.withUTF8 { input in
            var pass = Pass(input: input, taken: taken, link: link)
            pass.run()
            return Result(
                html: String(decoding: pass.out, as: UTF8.self), links: pass.links, ids: pass.ids, removed: pass.removed,
                capped: pass.capped)
        }
    }

    /// One walk over the input. A tag's name is known by `Tag`, its attributes are gathered in
    /// `attributes`, reused from tag to tag.
    private struct Pass {
        let input: UnsafeBufferPointer<UInt8>
        let taken: Set<String>
        let link: ((String) -> String?)?
        var out: [UInt8] = []
        var links: [String] = []
        var ids: Set<String> = []
        var removed: [String] = []
        var capped: [String] = []
        /// Indices in `kept` of the elements open, innermost last.
        var open: [Int] = []
        /// How many `pre` elements are open: their text is never wrapped, so never broken.
        var preDepth = 0
        /// Characters since the last place a line may break, and whether this word was broken.
        var word = 0
        var wordBroken = false
        /// Whether the nesting bound was met (named once a page).
        var tooDeep = false
        var attributes: [(name: String, value: Range<Int>)] = []

        init(input: UnsafeBufferPointer<UInt8>, taken: Set<String>, link: ((String) -> String?)?) {
            self.input = input
            self.taken = taken
            self.link = link
            out.reserveCapacity(input.count + input.count / 16 + 64)
        }

        /// What a tag's name names.
        enum Name {
            case kept(Int)
            case dropped(String)
            case unwrapped
        }

        mutating func run() {
            var i = 0
            var run = 0  // start of the plain text not yet copied
            while i < input.count {
                let byte = input[i]
                guard byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0 else {
                    if byte <= 0x20 || (byte >= 0xE3 && byte <= 0xEF) {
                        // A space, or a character of a script written without spaces (CJK,
                        // kana, Hangul: U+3000 to U+FFFF), where browsers break lines anyway.
                        word = 0
                        wordBroken = false
                    } else if byte & 0xC0 != 0x80 {
                        word += 1
                        if word > AuthoredHTML.maxWordScalars && preDepth == 0 && AuthoredHTML.breaksBefore(byte) {
                            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[run..<i]))
                            breakWord()
                            run = i
                        }
                    }
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: input[run..<i]))
                if byte == 0 {
                    out.append("\u{FFFD}")  // NUL is a parse error in HTML
                    i += 1
                } else if byte == UInt8(ascii: "&") {
                    if let length = Entities.referenceLength(input, at: i) {
                        word += 1
                        if word > AuthoredHTML.maxWordScalars && preDepth == 0 { breakWord() }
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<(i + length)]))
                        i += length
                    } else {
                        word += 1
                        if word > AuthoredHTML.maxWordScalars && preDepth == 0 { breakWord() }
                        out.append("&amp;")
                        i += 1
                    }
                } else {
                    i = markup(at: i)
                }
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[run..<input.count]))
            close(through: 0)
        }

        /// A `<wbr>` where a word passed its bound, and the bound named once a word.
        mutating func breakWord() {
            out += "<wbr>".utf8
            word = 1
            if !wordBroken { capped.append("a word over \(AuthoredHTML.maxWordScalars) characters") }
            wordBroken = true
        }

        /// The markup at `i` (a "<"), written as the rules say; returns where it ends.
        mutating func markup(at i: Int) -> Int {
            if starts(with: "<!--", at: i) {
                return find("-->", from: i + 4).map { $0 + 3 } ?? input.count
            }
            if starts(with: "<!", at: i) || starts(with: "<?", at: i) {
                return (input[i...].firstIndex(of: UInt8(ascii: ">")) ?? input.count - 1) + 1
            }
            attributes.removeAll(keepingCapacity: true)
            var name = Name.unwrapped
            let tag = HTMLTagReader.read(
                input, at: i,
                name: { bytes in
                    let lowered = HTMLTagReader.lowercased(bytes)
                    if let index = AuthoredHTML.keptIndex[lowered] {
                        name = .kept(index)
                    } else if AuthoredHTML.dropped.contains(lowered) {
                        name = .dropped(lowered)
                    }
                    return 0
                },
                attribute: { name, value in attributes.append((HTMLTagReader.lowercased(name), value)) })
            guard let tag else {
                out.append("&lt;")
                return i + 1
            }
            switch name {
            case .unwrapped:
                return tag.end
            case .dropped(let element):
                if tag.closing { return tag.end }
                return dropped(element, after: tag.end)
            case .kept(let index):
                if tag.closing {
                    if let depth = open.lastIndex(of: index) { close(through: depth) }
                } else {
                    start(index)
                }
                return tag.end
            }
        }

        /// An element the rules drop, whose start tag ends at `end`: counted, and its content
        /// skipped; an iframe with a safe `src` leaves a link to it.
        mutating func dropped(_ element: String, after end: Int) -> Int {
            removed.append("<\(element)>")
            if element == "iframe", let src = value(of: "src").flatMap({ SafeURL.link($0, allowRelative: false) }),
                src.utf8.count <= AuthoredHTML.maxAttributeBytes
            {
                out.append("<a href=\"")
                HTMLEscape.append(src, to: &out)
                out.append("\">")
                // Its text, a title or the URL, as short as an attribute is kept.
                let text = value(of: "title").flatMap { $0.utf8.count <= AuthoredHTML.maxWordScalars ? $0 : nil } ?? src
                HTMLEscape.append(
                    text.count <= AuthoredHTML.maxWordScalars ? text : String(text.prefix(AuthoredHTML.maxWordScalars)) + "…",
                    to: &out)
                out.append("</a>")
                links.append(src)
            }
            if AuthoredHTML.droppedVoid.contains(element) { return end }
            if AuthoredHTML.rawTextDropped.contains(element) {
                return endOf(element, from: end, nested: false)
            }
            return endOf(element, from: end, nested: true)
        }

        /// A kept element's start tag, with the attributes the rules allow.
        mutating func start(_ index: Int) {
            let element = AuthoredHTML.kept[index]
            if element.name == "input", value(of: "type")?.lowercased() != "checkbox" {
                removed.append("<input>")
                return
            }
            guard open.count < AuthoredHTML.maxDepth else {
                if !tooDeep { capped.append("nesting past \(AuthoredHTML.maxDepth)") }
                tooDeep = true
                return
            }
            out.append(UInt8(ascii: "<"))
            out += element.name.utf8
            var hasID = false
            for (name, range) in attributes {
                if name.hasPrefix("on") {
                    removed.append(name)
                    continue
                }
                guard AuthoredHTML.globalAttributes.contains(name) || element.attributes.contains(name) else { continue }
                guard range.count <= AuthoredHTML.maxAttributeBytes else {
                    capped.append("\(name) over \(AuthoredHTML.maxAttributeBytes) bytes")
                    continue
                }
                var value = Entities.decode(String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self))
                var written = name
                if name == "id" || (name == "name" && element.name == "a") {
                    // `<a name>` is an old way to write an anchor: written as the id it stands for.
                    guard !hasID, !value.isEmpty, !taken.contains(value) else { continue }
                    hasID = true
                    written = "id"
                    // As a fragment reads it: the check decodes links, and cmark-gfm writes a
                    // footnote's label percent-encoded (`fn-caf%C3%A9`, found by `#fn-café`).
                    ids.insert(LinkCheck.percentDecoded(value[...]))
                } else if AuthoredHTML.linkAttributes.contains(name) {
                    let linked = name == "href" ? link?(value) ?? value : value
                    guard let safe = SafeURL.link(linked) else {
                        removed.append("\(name) \(value.prefix(40))")
                        continue
                    }
                    value = safe
                    if name == "href" { links.append(safe) }
                } else if AuthoredHTML.imageAttributes.contains(name) {
                    guard let safe = name == "srcset" ? Self.safeSourceSet(value) : SafeURL.image(value) else {
                        removed.append("\(name) \(value.prefix(40))")
                        continue
                    }
                    value = safe
                } else if element.name == "input" {
                    // A task list's box is never the reader's to change.
                    if name == "disabled" { continue }
                }
                out.append(UInt8(ascii: " "))
                out += written.utf8
                out += "=\"".utf8
                HTMLEscape.append(value, to: &out)
                out.append(UInt8(ascii: "\""))
            }
            if element.name == "input" { out += " disabled=\"\"".utf8 }
            out.append(UInt8(ascii: ">"))
            if !element.void {
                open.append(index)
                if index == AuthoredHTML.preIndex { preDepth += 1 }
            }
        }

        /// A `srcset` whose every candidate's URL is an image's, or nil.
        static func safeSourceSet(_ value: String) -> String? {
            let candidates = value.split(separator: ",").map { $0.split(whereSeparator: \.isWhitespace) }
            guard !candidates.isEmpty else { return nil }
            var safe: [String] = []
            for parts in candidates {
                guard let url = parts.first.flatMap({ SafeURL.image(String($0)) }) else { return nil }
                safe.append(([url] + parts.dropFirst().map(String.init)).joined(separator: " "))
            }
            return safe.joined(separator: ", ")
        }

        /// Ends the open elements from `depth` on, innermost first.
        mutating func close(through depth: Int) {
            while open.count > depth {
                let index = open.removeLast()
                if index == AuthoredHTML.preIndex { preDepth -= 1 }
                out += "</".utf8
                out += AuthoredHTML.kept[index].name.utf8
                out.append(UInt8(ascii: ">"))
            }
        }

        /// The current tag's attribute `name`, entities decoded.
        func value(of name: String) -> String? {
            attributes.first { $0.name == name }.map {
                Entities.decode(String(decoding: UnsafeBufferPointer(rebasing: input[$0.value]), as: UTF8.self))
            }
        }

        /// Where the element whose start tag ends at `start` ends: past the ">" of its end tag
        /// (`</element`, any case), the input's end when it has none. `nested`: its content is
        /// markup, where the element's own start tags open more of it (SVG in SVG); otherwise
        /// raw text, which the first end tag ends (a script's).
        func endOf(_ element: String, from start: Int, nested: Bool) -> Int {
            let startTag = Array("<\(element)".utf8)
            let endTag = Array("</\(element)".utf8)
            var depth = 1
            var i = start
            while i < input.count, let next = input[i...].firstIndex(of: UInt8(ascii: "<")) {
                if startsLowercased(endTag, at: next), boundary(after: next + endTag.count) {
                    depth -= 1
                    if depth == 0 { return (input[next...].firstIndex(of: UInt8(ascii: ">")) ?? input.count - 1) + 1 }
                } else if nested, startsLowercased(startTag, at: next), boundary(after: next + startTag.count) {
                    depth += 1
                }
                i = next + 1
            }
            return input.count
        }

        /// Whether a tag's name ends at `i`: the input does, or a space, "/" or ">" follows.
        func boundary(after i: Int) -> Bool {
            i >= input.count || HTMLTagReader.isSpace(input[i]) || input[i] == UInt8(ascii: "/") || input[i] == UInt8(ascii: ">")
        }

        func starts(with prefix: StaticString, at i: Int) -> Bool {
            let count = prefix.utf8CodeUnitCount
            return i + count <= input.count
                && prefix.withUTF8Buffer { p in (0..<count).allSatisfy { input[i + $0] == p[$0] } }
        }

        func startsLowercased(_ lowercase: [UInt8], at i: Int) -> Bool {
            i + lowercase.count <= input.count
                && HTMLTagReader.equalsLowercased(input[i..<(i + lowercase.count)], lowercase)
        }

        func find(_ text: StaticString, from i: Int) -> Int? {
            var j = i
            while j < input.count {
                if starts(with: text, at: j) { return j }
                j += 1
            }
            return nil
        }
    }
}
