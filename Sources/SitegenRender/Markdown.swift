import CCmarkGFM
import Foundation
import SitegenModel

/// Markdown to HTML through libcmark-gfm, with GitHub's extensions (table, strikethrough,
/// autolink, tagfilter, tasklist), footnotes (`[^1]`) and alerts (`> [!NOTE]`), as GitHub
/// renders them. String in, String out: this is the only file that calls libcmark-gfm, every
/// pointer it gets is freed by a `defer` here, and none leaves it.
///
/// Safe by construction, in two layers:
/// - cmark's default (safe) mode: raw HTML in the Markdown is replaced by a comment, and
///   `javascript:`, `vbscript:`, `file:` and most `data:` URLs become empty;
/// - then every link and image URL goes through `SafeURL` (cmark keeps `data:image/png` and
///   `mailto:`, and the pages' Content-Security-Policy allows neither): a refused link or image is
///   replaced by its text, so the words stay and the URL goes.
/// What this file adds to cmark's output is its own fixed markup (an alert's `div` and title,
/// a heading's `id` from `HeadingIDs`), never the author's.
public enum Markdown {
    /// A page's Markdown, rendered: its HTML and its headings (a table of contents).
    public struct Page: Sendable, Equatable {
        public var html: String
        public var headings: [Heading]
        /// Its links' targets (`href`s, as the HTML has them, entities decoded) and every id
        /// it has (its headings', its footnotes'): what `LinkCheck` reads. Empty for `html(_:)`.
        public var links: [String] = []
        public var ids: Set<String> = []
    }

    /// A heading of a page: its level (1 to 6), its text, and its `id` (nil for one whose text
    /// makes no id: only punctuation or emoji).
    public struct Heading: Sendable, Equatable {
        public var level: Int
        public var text: String
        public var id: String?
    }

    /// The rendered HTML of `markdown`, headings without ids (a row's summary: a list page has
    /// many, and their ids would repeat); trusted (it needs no sanitizer after this).
    public static func html(_ markdown: String) -> String { render(markdown, ids: nil).html }

    /// A whole page's Markdown: its headings get ids by GitHub's rules (`HeadingIDs`), none of
    /// them one of `taken` (the ids the page's theme writes), so `#fragment` links to them work.
    /// `link` may give a link's URL another (a link to a Markdown file: its page's URL); it sees
    /// every link's URL once, and what it gives is checked as any URL is.
    public static func page(_ markdown: String, taken: Set<String> = [], link: ((String) -> String?)? = nil) -> Page {
        render(markdown, ids: HeadingIDs(taken: taken), link: link)
    }

    static func render(_ markdown: String, ids: HeadingIDs?, link: ((String) -> String?)? = nil) -> Page {
        _ = registered
        guard let parser = cmark_parser_new(options) else { return Page(html: "", headings: []) }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        var text = markdown
        let parsed = parsing.withLock {
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
                }
            }
            return cmark_parser_finish(parser)
        }
        guard let document = parsed else { return Page(html: "", headings: []) }
        defer { cmark_node_free(document) }
        if let link { relink(in: document, link) }
        dropUnsafeURLs(in: document)
        renderAlerts(in: document)
        var headings = self.headings(in: document)
        if var ids { headings = headings.map { ids.name($0) } }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return Page(html: "", headings: [])
        }
        defer { free(rendered) }
        let html = String(cString: rendered)
        guard ids != nil else { return Page(html: html, headings: headings) }
        return withHeadingIDs(html, headings)
    }

    /// GitHub Flavored Markdown's extensions, as libcmark-gfm-extensions names them.
    static let extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// CMARK_OPT_DEFAULT, without CMARK_OPT_UNSAFE: raw HTML and dangerous URLs are omitted;
    /// with footnotes, which authors write on every platform that renders GitHub's Markdown.
    package static let options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES

    /// The core extensions are registered once per process; a `static let` is initialised
    /// exactly once even when rows render on both cores at the same time.
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// One parse at a time in the process. libcmark-gfm 0.29 keeps the special inline characters
    /// in one global table: `cmark_parser_finish` adds its extensions' characters (`~`, and the
    /// autolinker's) while it parses inlines and removes them after, so a second parser then
    /// loses its strikethroughs and autolinks (github/cmark-gfm#176, never merged). The lock
    /// holds feeding too, though only finishing is known to write the table: feeding reads
    /// reference definitions as paragraphs close, and proving that never reads it is not worth
    /// the nothing it would save (docs/architecture.md has the measurement). Rendering the tree
    /// stays outside. An NSLock rather than a `Mutex`, whose `withLock` would have to send the
    /// document pointer out of its closure.
    private static let parsing = NSLock()

    /// Replaces each link and image whose URL `SafeURL` refuses by its children (the link's text,
    /// the image's alt text). Nodes are collected first and changed after the walk, because
    /// cmark's iterator must not see the tree change under it.
    private static func dropUnsafeURLs(in document: OpaquePointer) {
        let refused = nodes(in: document) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { return false }
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            return (type == CMARK_NODE_LINK ? SafeURL.link(url) : SafeURL.image(url)) == nil
        }
        for node in refused {
            while let child = cmark_node_first_child(node) {
                cmark_node_insert_before(node, child)
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// Gives each link the URL `link` makes of its own, where it makes one.
    private static func relink(in document: OpaquePointer, _ link: (String) -> String?) {
        for node in nodes(in: document, where: { cmark_node_get_type($0) == CMARK_NODE_LINK }) {
            if let url = cmark_node_get_url(node).map({ String(cString: $0) }), let new = link(url) {
                cmark_node_set_url(node, new)
            }
        }
    }

    /// The nodes of `document` that `matches`, in the document's order, collected in one walk
    /// before any is changed: cmark's iterator must not see the tree change under it.
    private static func nodes(in document: OpaquePointer, where matches: (OpaquePointer) -> Bool) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            if cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                matches(node)
            {
                found.append(node)
            }
        }
        return found
    }

    /// Each heading's level and text (its text nodes' and code spans' literals, a line break a
    /// space), in the document's order: the order cmark renders them.
    private static func headings(in document: OpaquePointer) -> [Heading] {
        var headings: [Heading] = []
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var current: (level: Int, text: String)? = nil
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HEADING {
                if event == CMARK_EVENT_ENTER {
                    current = (Int(cmark_node_get_heading_level(node)), "")
                } else if let heading = current {
                    headings.append(Heading(level: heading.level, text: heading.text, id: nil))
                    current = nil
                }
            } else if current != nil, event == CMARK_EVENT_ENTER {
                if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                    current!.text += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    current!.text += " "
                }
            }
        }
        return headings
    }

    /// The page of `html` with each heading's `id`: cmark writes every heading's opening tag as
    /// a bare `<hN>`, in the document's order, and nothing else does in safe mode (raw HTML is
    /// omitted, text and code escape `<`), so the k-th `<h1>`…`<h6>` is the k-th heading. In the
    /// same pass, the links' `href`s and the ids cmark wrote (footnotes'), double-quoted and
    /// escaped as cmark writes every attribute.
    private static func withHeadingIDs(_ html: String, _ headings: [Heading]) -> Page {
        var out: [UInt8] = []
        var links: [String] = []
        var ids = Set(headings.compactMap(\.id))
        let anchor = Array("<a href=\"".utf8)
        let idAttribute = Array(" id=\"".utf8)
        var html = html
        html.withUTF8 { bytes in
            out.reserveCapacity(bytes.count + headings.count * 24)
            /// The attribute value from `start` to its closing quote, entities decoded, and where it ends.
            func value(from start: Int) -> (String, Int)? {
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                return (Entities.decode(String(decoding: bytes[start..<end], as: UTF8.self)), end)
            }
            var next = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "<"), i + 3 < bytes.count, bytes[i + 1] == UInt8(ascii: "h"),
                    (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[i + 2]), bytes[i + 3] == UInt8(ascii: ">"),
                    next < headings.count
                {
                    out += bytes[i..<i + 3]
                    if let id = headings[next].id {
                        out += Array(" id=\"".utf8)
                        HTMLEscape.append(id, to: &out)
                        out.append(UInt8(ascii: "\""))
                    }
                    out.append(UInt8(ascii: ">"))
                    next += 1
                    i += 4
                    continue
                }
                if byte == UInt8(ascii: "<"), bytes[i...].starts(with: anchor), let (link, end) = value(from: i + anchor.count) {
                    links.append(link)
                    out += bytes[i...end]
                    i = end + 1
                    continue
                }
                if byte == UInt8(ascii: " "), bytes[i...].starts(with: idAttribute),
                    let (id, end) = value(from: i + idAttribute.count)
                {
                    // (cmark-gfm writes a footnote's label percent-encoded, `fn-caf%C3%A9`, and a
                    // browser finds `#fn-café` by it: kept as the fragment reads, decoded.)
                    ids.insert(LinkCheck.percentDecoded(id[...]))
                    out += bytes[i...end]
                    i = end + 1
                    continue
                }
                out.append(byte)
                i += 1
            }
        }
        return Page(html: String(decoding: out, as: UTF8.self), headings: headings, links: links, ids: ids)
    }

    /// GitHub's alerts: a block quote whose first line is `[!NOTE]` (or TIP, IMPORTANT, WARNING,
    /// CAUTION; any case) becomes `<div class="markdown-alert markdown-alert-note"><p
    /// class="markdown-alert-title">Note</p>…</div>`, as GitHub writes it (its icon aside): a
    /// custom block of this file's own markup, around the quote's other children.
    private static func renderAlerts(in document: OpaquePointer) {
        // (Top-level quotes alone, as on GitHub, where alerts do not nest.)
        let quotes = nodes(in: document) {
            cmark_node_get_type($0) == CMARK_NODE_BLOCK_QUOTE && cmark_node_parent($0) == document
        }
        for quote in quotes {
            guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH
            else { continue }
            // The first line's text nodes (cmark may split `[!NOTE]` at its brackets).
            var marker = ""
            var line: [OpaquePointer] = []
            var node = cmark_node_first_child(paragraph)
            while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT {
                marker += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
                line.append(current)
                node = cmark_node_next(current)
            }
            let lineEnds = node.map { [CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type($0)) } ?? true
            let kind = marker.trimmingCharacters(in: .whitespaces).lowercased()
            guard lineEnds, kind.hasPrefix("[!"), kind.hasSuffix("]"),
                let title = alertTitles[String(kind.dropFirst(2).dropLast())],
                let alert = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
            else { continue }
            let name = kind.dropFirst(2).dropLast()
            cmark_node_set_on_enter(
                alert, "<div class=\"markdown-alert markdown-alert-\(name)\">\n<p class=\"markdown-alert-title\">\(title)</p>")
            cmark_node_set_on_exit(alert, "</div>")
            if let lineBreak = node { line.append(lineBreak) }
            for part in line {
                cmark_node_unlink(part)
                cmark_node_free(part)
            }
            if cmark_node_first_child(paragraph) == nil {
                cmark_node_unlink(paragraph)
                cmark_node_free(paragraph)
            }
            while let child = cmark_node_first_child(quote) {
                cmark_node_append_child(alert, child)
            }
            cmark_node_insert_before(quote, alert)
            cmark_node_unlink(quote)
            cmark_node_free(quote)
        }
    }

    /// GitHub's five alerts, by the name written in `[!…]`, with the title each shows.
    static let alertTitles = [
        "note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning", "caution": "Caution",
    ]
}
