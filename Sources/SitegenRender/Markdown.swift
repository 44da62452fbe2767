import CCmarkGFM
import Foundation

/// Markdown to HTML through libcmark-gfm, with GitHub's extensions (table, strikethrough,
/// autolink, tagfilter, tasklist) and footnotes (`[^1]`, as GitHub renders them). String in,
/// String out: this is the only file that calls libcmark-gfm, every pointer it gets is freed
/// by a `defer` here, and none leaves it.
///
/// Safe by construction, in two layers:
/// - cmark's default (safe) mode: raw HTML in the Markdown is replaced by a comment, and
///   `javascript:`, `vbscript:`, `file:` and most `data:` URLs become empty;
/// - then every link and image URL goes through `SafeURL` (cmark keeps `data:image/png` and
///   `mailto:`, and the pages' Content-Security-Policy allows neither): a refused link or image is
///   replaced by its text, so the words stay and the URL goes.
public enum Markdown {
    /// The rendered HTML of `markdown`; trusted (it needs no sanitizer after this).
    public static func html(_ markdown: String) -> String {
        _ = registered
        guard let parser = cmark_parser_new(options) else { return "" }
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
        guard let document = parsed else { return "" }
        defer { cmark_node_free(document) }
        dropUnsafeURLs(in: document)
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return ""
        }
        defer { free(rendered) }
        return String(cString: rendered)
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
        var refused: [OpaquePointer] = []
        do {
            guard let iterator = cmark_iter_new(document) else { return }
            defer { cmark_iter_free(iterator) }
            while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
                    let node = cmark_iter_get_node(iterator)
                else { continue }
                let type = cmark_node_get_type(node)
                guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { continue }
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                let allowed = type == CMARK_NODE_LINK ? SafeURL.link(url) : SafeURL.image(url)
                if allowed == nil { refused.append(node) }
            }
        }
        for node in refused {
            while let child = cmark_node_first_child(node) {
                cmark_node_insert_before(node, child)
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }
}
