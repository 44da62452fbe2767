import CCmarkGFM
import Foundation
import SitegenModel
import SitegenRender
import SitegenSystem

/// Markdown to HTML through libcmark-gfm, with GitHub's extensions (table, strikethrough,
/// autolink, tasklist), footnotes (`[^1]`) and alerts (`> [!NOTE]`), as GitHub renders them.
/// String in, String out: this is the only file that calls libcmark-gfm, every pointer it gets is
/// freed by a `defer` here, and none leaves it.
///
/// Safe by construction:
/// - every link and image URL in the Markdown goes through `SafeURL` (cmark keeps
///   `data:image/png` and `mailto:`, and the pages' Content-Security-Policy allows neither): a
///   refused link or image is replaced by its text, so the words stay and the URL goes;
/// - a page (`page`) keeps the author's raw HTML (cmark's unsafe mode), and its whole HTML then
///   goes through `AuthoredHTML`'s allowlist, cmark's markup and the author's alike;
/// - a row's summary (`html`) is cmark's safe mode: raw HTML becomes a comment, and
///   `javascript:`, `vbscript:`, `file:` and most `data:` URLs become empty.
/// What this file adds to cmark's output is its own fixed markup (an alert's `div` and title,
/// a heading's `<hN id>` from `HeadingIDs`), never the author's.
public enum Markdown {
    /// The rendered HTML of `markdown`, headings without ids (a row's summary: a list page has
    /// many, and their ids would repeat); trusted (it needs no sanitizer after this).
    public static func html(_ markdown: String) -> String { render(markdown, ids: nil).html }

    /// A row's summary, parsed once: its HTML (as `html`), and its line: its words without their
    /// markup (a link's text, an image's alt text), its spacing collapsed, cut at a word after
    /// `limit` characters with "…" (a row shows one line; the rest would be bytes in every shard).
    public static func summary(_ markdown: String, limit: Int = 240) -> MarkdownExtras.Summary {
        parsed(markdown, options: options) { document, parser in
            let line = cmark_render_plaintext(document, options, 0).map { text in
                defer { free(text) }
                return Self.line(of: String(cString: text), limit: limit)
            }
            let html = render(
                document, parser: parser, options: options, ids: nil, taken: [], link: nil, title: nil,
                highlightPastSanitizer: true
            ).html
            return MarkdownExtras.Summary(html: html, line: line ?? "")
        } ?? MarkdownExtras.Summary(html: "", line: "")
    }

    /// `text`'s words on one line, cut at a word after `limit` characters. The words are read one
    /// at a time, up to the cut: splitting the whole text first read all of a long first
    /// paragraph by Characters, for a line of a few dozen words.
    static func line(of text: String, limit: Int) -> String {
        var line = ""
        var length = 0
        var rest = text[...]
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.isEmpty { return line }
            let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
            let word = rest[..<end]
            rest = rest[end...]
            let count = word.count
            if length + count > limit, !line.isEmpty { return line + "…" }
            if !line.isEmpty {
                line += " "
                length += 1
            }
            line += word
            length += count
        }
    }

    /// A whole page's Markdown: its headings get ids by GitHub's rules (`HeadingIDs`), none of
    /// them one of `taken` (the ids the page's theme writes), so `#fragment` links to them work.
    /// Its raw HTML is kept, through `AuthoredHTML` (which removes an author's id that is one of
    /// `taken` too). `link` may give a link's URL another (a link to a Markdown file: its page's
    /// URL); it sees every link's `href` once, the Markdown's and the raw HTML's, as the HTML has
    /// it (percent-encoded), and what it gives is checked as any URL is.
    /// With a `title`, a heading of level 1 that opens the page and says the title is left
    /// out: the page's template writes the title once, as its own `<h1>`.
    /// Its headings' ids follow `headingIDs`, its generator's rule.
    ///
    /// `highlightPastSanitizer`: whether highlighted code goes into the page after the
    /// sanitizer (`highlightCode`), or through it as the rest of the page does. The page is the
    /// same either way (`CodeHighlightTests` holds that); false is the plain way sitegen-bench races
    /// the build's way against.
    public static func page(
        _ markdown: String, taken: Set<String> = [], link: ((String) -> String?)? = nil, title: String? = nil,
        headingIDs: HeadingIDStyle = .github, highlightPastSanitizer: Bool = true
    ) -> RenderedDocument {
        render(
            markdown, ids: HeadingIDs(taken: taken, style: headingIDs), taken: taken, link: link, title: title,
            highlightPastSanitizer: highlightPastSanitizer)
    }

    static func render(
        _ markdown: String, ids: HeadingIDs?, taken: Set<String> = [], link: ((String) -> String?)? = nil,
        title: String? = nil, highlightPastSanitizer: Bool = true
    ) -> RenderedDocument {
        // A page keeps its raw HTML, for `AuthoredHTML` to make safe; a row's summary does not
        // (a line of text in a row of fixed height has no room for pictures and blocks).
        let options = ids == nil ? Self.options : Self.options | CMARK_OPT_UNSAFE
        return parsed(markdown, options: options) { document, parser in
            render(
                document, parser: parser, options: options, ids: ids, taken: taken, link: link, title: title,
                highlightPastSanitizer: highlightPastSanitizer)
        } ?? RenderedDocument(html: "", headings: [])
    }

    /// The document cmark parses `markdown` into, with GitHub's extensions, for `body` to read
    /// or change and render; freed after, with its parser. Nil when cmark cannot allocate.
    private static func parsed<T>(
        _ markdown: String, options: Int32, _ body: (_ document: OpaquePointer, _ parser: OpaquePointer) -> T
    ) -> T? {
        _ = registered
        guard let parser = cmark_parser_new(options) else { return nil }
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
        guard let document = parsed else { return nil }
        defer { cmark_node_free(document) }
        return body(document, parser)
    }

    private static func render(
        _ document: OpaquePointer, parser: OpaquePointer, options: Int32, ids: HeadingIDs?, taken: Set<String>,
        link: ((String) -> String?)?, title: String?, highlightPastSanitizer: Bool
    ) -> RenderedDocument {
        dropUnsafeURLs(in: document)
        renderAlerts(in: document)
        // A row's summary shows no code blocks worth colouring; a page's are highlighted.
        let highlighted = ids != nil ? highlightCode(in: document, placed: highlightPastSanitizer) : []
        let named = takeNamedIDs(in: document)
        var headings = zip(self.headings(in: document), named).map { heading, id in
            var heading = heading
            heading.id = id
            return heading
        }
        if let title, let first = cmark_node_first_child(document), cmark_node_get_type(first) == CMARK_NODE_HEADING,
            cmark_node_get_heading_level(first) == 1, let heading = headings.first,
            sameWords(heading.text, title)
        {
            cmark_node_unlink(first)
            cmark_node_free(first)
            headings.removeFirst()
        }
        var replaced: [OpaquePointer] = []
        defer { for node in replaced { cmark_node_free(node) } }
        if var ids {
            headings = headings.map { ids.name($0) }
            replaced = writeHeadingIDs(headings, in: document)
        } else {
            // A summary's headings have no ids: a list page has many, and they would repeat.
            for i in headings.indices { headings[i].id = nil }
        }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return RenderedDocument(html: "", headings: [])
        }
        defer { free(rendered) }
        let html = String(cString: rendered)
        guard ids != nil else { return RenderedDocument(html: html, headings: headings) }
        let safe = AuthoredHTML.sanitize(html, taken: taken, link: link)
        // The highlighted blocks go where their places stand, past the sanitizer: they are this
        // file's own markup around the code's escaped text, as trusted as cmark's.
        let page =
            highlighted.isEmpty
            ? safe.html
            : ByteSearch.replacing(
                inOrder: highlighted.enumerated().map { (Self.place(ofHighlighted: $0.offset), $0.element) }, in: safe.html)
        return RenderedDocument(
            html: page, headings: headings, links: safe.links, ids: safe.ids, removed: safe.removed,
            capped: safe.capped)
    }

    /// Whether a heading's text and a title say the same, their emphasis and code marks and
    /// spacing aside (a title taken from `# *Hello* world` keeps its asterisks).
    static func sameWords(_ a: String, _ b: String) -> Bool {
        func words(_ text: String) -> [Substring] {
            text.split { $0.isWhitespace || $0 == "*" || $0 == "_" || $0 == "`" }
        }
        return words(a) == words(b)
    }

    /// GitHub Flavored Markdown's extensions, as libcmark-gfm-extensions names them. Not its
    /// `tagfilter`: it would turn a page's `<script>` into text a reader sees, where
    /// `AuthoredHTML` removes it and counts it; a summary (safe mode) has no raw HTML to filter.
    static let extensions = ["table", "strikethrough", "autolink", "tasklist"]

    /// CMARK_OPT_DEFAULT (a page adds CMARK_OPT_UNSAFE), with footnotes, which authors write on
    /// every platform that renders GitHub's Markdown.
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
    /// the nothing it would save (docs/internals/architecture.md has the measurement). Rendering the tree
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

    /// The ids headings name for themselves, in the document's order (nil for a heading that
    /// names none): `## Install {#setup}`, as Hugo, Zola and kramdown read it, the braces at
    /// the heading's end holding `#id` (and maybe classes or attributes, not kept). The braces
    /// are taken out of the heading's text.
    private static func takeNamedIDs(in document: OpaquePointer) -> [String?] {
        nodes(in: document) { cmark_node_get_type($0) == CMARK_NODE_HEADING }.map { heading in
            guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
                let literal = cmark_node_get_literal(last).map({ String(cString: $0) }),
                // (Most headings end in no brace: told before the expression is run.)
                literal.last(where: { !$0.isWhitespace }) == "}",
                let match = literal.firstMatch(of: /\s*\{([^{}]*)\}\s*$/),
                let id = match.1.split(separator: " ").first(where: { $0.hasPrefix("#") }).map({ String($0.dropFirst()) }),
                id.wholeMatch(of: /[\p{L}\p{N}_:.\-]+/) != nil
            else { return nil }
            cmark_node_set_literal(last, String(literal[..<match.range.lowerBound]))
            return id
        }
    }

    /// Each heading's level and text (its text nodes' and code spans' literals, a line break a
    /// space), in the document's order: the order cmark renders them.
    private static func headings(in document: OpaquePointer) -> [RenderedDocument.Heading] {
        var headings: [RenderedDocument.Heading] = []
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
                    headings.append(RenderedDocument.Heading(level: heading.level, text: heading.text, id: nil))
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

    /// Gives each heading its `id`: a heading becomes this file's own `<hN id="…">` around the
    /// heading's inlines, as cmark renders a heading bare. The tags are a custom inline (a
    /// custom block would put line breaks inside the heading) in a custom block of no markup of
    /// its own (a document holds blocks). `headings` are the document's, in its order
    /// (`headings(in:)`). Returns the headings taken out, for the caller to free after
    /// rendering: their inlines' text points into their buffers.
    private static func writeHeadingIDs(_ headings: [RenderedDocument.Heading], in document: OpaquePointer) -> [OpaquePointer] {
        var replaced: [OpaquePointer] = []
        let nodes = nodes(in: document) { cmark_node_get_type($0) == CMARK_NODE_HEADING }
        for (node, heading) in zip(nodes, headings) {
            guard let id = heading.id, let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            guard let tags = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else {
                cmark_node_free(block)
                continue
            }
            cmark_node_set_on_enter(tags, "<h\(heading.level) id=\"\(HTMLEscape.escape(id))\">")
            cmark_node_set_on_exit(tags, "</h\(heading.level)>")
            while let child = cmark_node_first_child(node) {
                cmark_node_append_child(tags, child)
            }
            cmark_node_append_child(block, tags)
            cmark_node_insert_before(node, block)
            cmark_node_unlink(node)
            replaced.append(node)
        }
        return replaced
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

    /// Each fenced code block whose info string names a language `CodeHighlight` knows becomes
    /// that highlighted HTML, in the `<pre><code class="language-…">` cmark writes around a
    /// block: a custom block of no children whose markup is the whole block. Blocks in no
    /// language it knows stay as cmark writes them.
    ///
    /// `placed`: the block's markup holds a place (`place(ofHighlighted:)`) where the
    /// highlighted code goes; returns the code of each place, in order. The sanitizer sees the
    /// place, plain text, and not the thousands of spans a page of code has. What must stay
    /// true: the spans are this file's own markup around the code's escaped text, which the
    /// sanitizer would keep as they are. Not placed, the markup holds the code itself.
    private static func highlightCode(in document: OpaquePointer, placed: Bool) -> [String] {
        let blocks = nodes(in: document) { node in
            cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK && cmark_node_get_fence_info(node).map { $0.pointee != 0 } == true
        }
        var highlighted: [String] = []
        for block in blocks {
            let info = cmark_node_get_fence_info(block).map { String(cString: $0) } ?? ""
            let code = cmark_node_get_literal(block).map { String(cString: $0) } ?? ""
            guard let html = CodeHighlight.html(code, language: info), let node = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
            else { continue }
            // cmark's own class: the info string's first word, as written.
            let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            let inside = placed ? place(ofHighlighted: highlighted.count) : html
            cmark_node_set_on_enter(node, "<pre><code class=\"language-\(HTMLEscape.escape(word))\">\(inside)</code></pre>")
            if placed { highlighted.append(html) }
            cmark_node_set_on_exit(node, "")
            cmark_node_insert_before(block, node)
            cmark_node_unlink(block)
            cmark_node_free(block)
        }
        return highlighted
    }

    /// The place of the `n`th highlighted block in a page's HTML until the sanitizer is past:
    /// text no author writes (two private-use characters around a number drawn for this run).
    static func place(ofHighlighted n: Int) -> String { "\u{E000}\(placeNonce)-\(n)\u{E001}" }

    private static let placeNonce = UInt64.random(in: 1...UInt64.max)

    /// GitHub's five alerts, by the name written in `[!…]`, with the title each shows.
    static let alertTitles = [
        "note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning", "caution": "Caution",
    ]
}
