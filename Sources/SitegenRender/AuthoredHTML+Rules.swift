extension AuthoredHTML {
    // What becomes of an element the author wrote: kept (with the attributes its `Element`
    // allows), dropped with its content and counted (what could run code, load another page into
    // this one, or restyle or redirect the site), or else unwrapped: the tag goes, its content
    // stays (`center`, `font`, `form`, `noscript`'s fallback, a custom element), uncounted.

    /// An element kept: its name, whether it is void (no content, no end tag), and the
    /// attributes it may keep besides `globalAttributes`.
    struct Element {
        var name: String
        var void = false
        var attributes: Set<String> = []
    }

    /// Attributes any kept element may have. `style` is not one: the pages' Content-Security-
    /// Policy (`style-src 'self'`) ignores inline styles, so dropping them changes nothing a
    /// reader sees, and it is not counted.
    static let globalAttributes: Set<String> = ["id", "class", "title", "lang", "dir", "align", "aria-label", "aria-hidden"]

    /// Attributes holding a URL, and which rule it passes (`SafeURL`): a link's, or an image's
    /// (https or relative: the pages' `img-src`, and `default-src 'self'` for media).
    static let linkAttributes: Set<String> = ["href", "cite"]
    static let imageAttributes: Set<String> = ["src", "poster", "srcset"]

    /// The elements kept: the ones cmark-gfm writes (so its own output passes unchanged) and
    /// the ones authors write in Markdown for what it lacks (pictures and media, details,
    /// keyboard keys, sub- and superscripts, tables with spans), as GitHub's allowlist has them.
    static let kept: [Element] = {
        let text = [
            "p", "div", "span", "pre", "code", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "dl", "dt", "dd",
            "thead", "tbody", "tfoot", "tr", "caption", "figure", "figcaption", "picture", "summary", "em",
            "strong", "b", "i", "u", "s", "strike", "mark", "small", "sub", "sup", "kbd", "samp", "var",
            "abbr", "cite", "dfn", "ruby", "rt", "rp", "bdi", "bdo", "tt", "big", "address",
        ].map { Element(name: $0) }
        let footnote: Set<String> = ["data-footnote-ref", "data-footnote-backref", "data-footnote-backref-idx", "data-footnotes"]
        return text + [
            Element(name: "a", attributes: footnote.union(["href", "name"])),
            Element(name: "section", attributes: footnote),
            Element(
                name: "img", void: true, attributes: ["src", "alt", "width", "height", "loading", "decoding", "srcset", "sizes"]),
            Element(name: "source", void: true, attributes: ["src", "srcset", "media", "type", "sizes", "width", "height"]),
            Element(
                name: "video",
                attributes: ["src", "poster", "controls", "width", "height", "loop", "muted", "playsinline", "preload"]),
            Element(name: "audio", attributes: ["src", "controls", "loop", "muted", "preload"]),
            Element(name: "track", void: true, attributes: ["src", "kind", "label", "srclang", "default"]),
            Element(name: "table"), Element(name: "th", attributes: ["colspan", "rowspan", "scope"]),
            Element(name: "td", attributes: ["colspan", "rowspan"]), Element(name: "colgroup", attributes: ["span"]),
            Element(name: "col", void: true, attributes: ["span"]),
            Element(name: "ol", attributes: ["start", "reversed", "type"]),
            Element(name: "li", attributes: ["value"]), Element(name: "details", attributes: ["open"]),
            Element(name: "blockquote", attributes: ["cite"]), Element(name: "q", attributes: ["cite"]),
            Element(name: "del", attributes: ["cite", "datetime"]), Element(name: "ins", attributes: ["cite", "datetime"]),
            Element(name: "time", attributes: ["datetime"]), Element(name: "br", void: true), Element(name: "hr", void: true),
            Element(name: "wbr", void: true),
            // A task list's box (cmark-gfm's tasklist); any other input is dropped.
            Element(name: "input", void: true, attributes: ["type", "checked", "disabled"]),
        ]
    }()

    /// Dropped with their content. The first group's content is raw text to a browser (it ends
    /// at the first `</name`); the others' is markup, whose own nesting is followed.
    static let rawTextDropped: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext",
    ]
    static let dropped: Set<String> = rawTextDropped.union([
        "object", "applet", "template", "svg", "math", "select", "frameset", "head", "embed", "frame", "meta", "link",
        "base",
    ])
    /// Void among the dropped: they have no content to skip.
    static let droppedVoid: Set<String> = ["embed", "frame", "meta", "link", "base"]

    /// Whether a `<wbr>` may go before the character whose first byte is `byte`: printable ASCII,
    /// and the letters of Latin, Greek and Cyrillic (U+00C0 to U+02FF, U+0370 to U+04FF). Never
    /// before a combining mark (U+0300 to U+036F), nor inside Thai, Indic or emoji sequences,
    /// whose characters belong together (a break there would split a letter from its mark).
    static func breaksBefore(_ byte: UInt8) -> Bool {
        (byte > 0x20 && byte < 0x7F) || (byte >= 0xC3 && byte <= 0xCB) || (byte >= 0xCE && byte <= 0xD3)
    }

    /// `pre`'s index in `kept`: its text keeps its lines as written.
    static let preIndex = keptIndex["pre"]!

    /// Each kept element's index in `kept`, by its lowercased name.
    static let keptIndex: [String: Int] = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1.name, $0) })
}
