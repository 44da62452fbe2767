import SitegenModel

/// Renders a story's row. The one renderer for a row: the same string goes into the static page
/// and into the shard record the script inserts, so a row looks the same however it arrived.
public struct RowRenderer: Sendable {
    package let theme: Theme
    package let paths: SitePaths
    /// Whether the build makes item pages (`--item-pages`): without them no row links to one.
    package let itemPages: Bool
    /// Whether the build makes the terms' lists (`--taxonomies`): without them no row links to one.
    package let termLists: Bool

    public init(theme: Theme, paths: SitePaths, itemPages: Bool = true, termLists: Bool = true) {
        self.theme = theme
        self.paths = paths
        self.itemPages = itemPages
        self.termLists = termLists
    }

    /// The row's inner HTML (what goes inside its `<article>`), from `row.mustache`.
    public func html(_ story: Story) -> String {
        var out: [UInt8] = []
        append(story, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `html`, as UTF-8 bytes, to `out` (a build renders its rows back to back into a
    /// few large buffers: `RenderedRows`).
    package func append(_ story: Story, to out: inout [UInt8]) {
        let start = out.count
        if theme.rowIsBuiltIn { builtInRow(story, into: &out) } else { templateRow(story, into: &out) }
        // The template file's last newline is not part of the row.
        while out.count > start, let last = out.last, last == 0x20 || (0x09...0x0D).contains(last) { out.removeLast() }
    }

    /// The row through the template engine, as any theme's row.mustache is rendered.
    package func templateRow(_ story: Story, into out: inout [UInt8]) {
        theme.render("row", .object(context(story)), into: &out)
    }

    /// The values `row.mustache` (and `item.mustache`) see. Absent facts are absent keys, so
    /// `{{#by}}…{{/by}}` sections simply vanish. docs/guides/templates.md lists them.
    public func context(_ story: Story) -> TemplateObject {
        typealias Key = RowKeys
        var c = TemplateObject(capacity: 15)
        c[Key.id] = .int(story.id)
        c[Key.title] = .string(story.title)
        c[Key.base] = .string(paths.base)
        let links = self.links(story)
        if let href = links.href { c[Key.href] = .string(href) }
        if let domain = links.domain { c[Key.domain] = .string(domain) }
        if let itemHref = links.itemHref { c[Key.itemHref] = .string(itemHref) }
        if let score = story.score { c[Key.points] = .string(Self.points(score)) }
        if let by = story.by, !by.isEmpty { c[Key.by] = .string(by) }
        if let time = story.time {
            c[Key.date] = .string(DateText.short(time))
            c[Key.datetime] = .string(DateText.iso(time))
        }
        if let image = story.image, let src = SafeURL.image(image.url) {
            // The row reserves the picture's box from its size, before it loads.
            c[Key.image] = .object(["src": .string(src), "width": .int(image.width ?? 64), "height": .int(image.height ?? 48)])
        }
        if let n = story.descendants { c[Key.comments] = .string(Self.comments(n)) }
        if !story.markdownExtras.meta.isEmpty { c[Key.meta] = TemplateValue(story.markdownExtras.meta) }
        // A summary's HTML, and for a document its line, as the Markdown slice rendered them.
        let summary = story.markdownExtras.summary
        if let summary { c[Key.summary] = .string(summary.html) }
        if story.markdown != nil {
            // A document (a Markdown story with a body): its row says when and what, and its
            // title leads to its page, where it is read.
            c[Key.document] = .bool(true)
            if let page = links.itemHref ?? links.href { c[Key.pageHref] = .string(page) }
            if let time = story.time { c[Key.day] = .string(DateText.day(time + story.markdownExtras.utcOffset)) }
            if let line = summary?.line, !line.isEmpty { c[Key.excerpt] = .string(line) }
        }
        let terms = termLinks(story)
        if !terms.isEmpty {
            func object(_ term: TermLink) -> TemplateValue {
                .object([
                    "name": .string(term.name), "href": .string(term.href), "label": .string(term.label),
                    "taxonomy": .string(term.taxonomy.rawValue),
                ])
            }
            c[Key.terms] = .list(terms.map(object))
            for taxonomy in Taxonomy.allCases {
                let some = terms.filter { $0.taxonomy == taxonomy }
                if !some.isEmpty { c[TemplateKey(taxonomy.rawValue)] = .list(some.map(object)) }
            }
        }
        return c
    }

    /// A link from a row to one of its terms' lists.
    struct TermLink {
        var taxonomy: Taxonomy
        var name: String
        var href: String
        /// What the row shows: `#swift` for a tag, the name for a category.
        var label: String { taxonomy == .tags ? "#" + name : name }
    }

    /// The story's terms, categories first, each once (by slug, as `TaxonomyPlanner` lists
    /// them), without those that have no list (`TermSlug`).
    func termLinks(_ story: Story) -> [TermLink] {
        let terms = story.markdownExtras.terms
        guard termLists, !terms.isEmpty else { return [] }
        var links: [TermLink] = []
        for taxonomy in Taxonomy.allCases {
            var seen: Set<String> = []
            for name in terms[taxonomy] ?? [] {
                guard let slug = TermSlug.of(name), seen.insert(slug).inserted else { continue }
                links.append(TermLink(taxonomy: taxonomy, name: name, href: paths.term(taxonomy, slug: slug)))
            }
        }
        return links
    }

    /// Where the row links: `href` (the story's URL if it may be a link, else its item page),
    /// the URL's `domain`, and the item page (when the build makes one for the story).
    func links(_ story: Story) -> (href: String?, domain: String?, itemHref: String?) {
        let itemHref = hasItemPage(story) ? paths.item(story) : nil
        guard let url = story.url.flatMap({ SafeURL.link($0) }) else { return (itemHref, nil, itemHref) }
        return (url, SafeURL.domain(of: url), itemHref)
    }

    /// Whether this build gives `story` its own page.
    package func hasItemPage(_ story: Story) -> Bool { itemPages && story.hasItemPage }

    /// The indexes of the stories that get an item page. Here, not in the build, so the loop
    /// over every story borrows each in place instead of copying it into a call across targets.
    package func itemRows(_ stories: [Story]) -> [Int] {
        stories.indices.filter { hasItemPage(stories[$0]) }
    }

    package static func points(_ score: Int) -> String { text(appendPoints, score) }

    package static func comments(_ n: Int) -> String { text(appendComments, n) }

    // The wording once, as bytes: the built-in row writes it straight into the row, the
    // template context takes it as a String.

    static func appendPoints(_ score: Int, to out: inout [UInt8]) {
        DecimalText.append(score, to: &out)
        out.append(score == 1 ? " point" : " points")
    }

    static func appendComments(_ n: Int, to out: inout [UInt8]) {
        switch n {
        case 0: out.append("discuss")
        case 1: out.append("1 comment")
        default:
            DecimalText.append(n, to: &out)
            out.append(" comments")
        }
    }

    private static func text(_ append: (Int, inout [UInt8]) -> Void, _ n: Int) -> String {
        var out: [UInt8] = []
        append(n, &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The row's `<article>`, as the feed pattern wants it. Built here and not in a template
    /// because the script builds the very same element for rows it fills (see sitegen.js), and
    /// the two must not drift apart.
    ///
    /// It carries no rank: a page's rows keep their bytes when stories come in above them. The
    /// set's size is "unknown" (-1) until the script, which knows the list's length, numbers
    /// the rows it shows.
    public static func article(html: String, id: Int) -> String {
        var out: [UInt8] = []
        Array(html.utf8).withUnsafeBufferPointer { appendArticle(html: $0, id: id, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    static func appendArticle(html: UnsafeBufferPointer<UInt8>, id: Int, to out: inout [UInt8]) {
        appendArticle(id: id, to: &out) { $0.append(contentsOf: html) }
    }

    /// The article around what `html` appends (a row's HTML).
    static func appendArticle(id: Int, to out: inout [UInt8], html: (inout [UInt8]) -> Void) {
        out.append("<article class=\"row\" aria-setsize=\"-1\" data-id=\"")
        DecimalText.append(id, to: &out)
        out.append("\" tabindex=\"0\">")
        html(&out)
        out.append("</article>")
    }
}

/// The row context's names, interned once.
enum RowKeys {
    package static let id = TemplateKey("id")
    package static let title = TemplateKey("title")
    package static let base = TemplateKey("base")
    package static let href = TemplateKey("href")
    package static let domain = TemplateKey("domain")
    static let itemHref = TemplateKey("itemHref")
    package static let points = TemplateKey("points")
    package static let by = TemplateKey("by")
    package static let date = TemplateKey("date")
    static let datetime = TemplateKey("datetime")
    package static let image = TemplateKey("image")
    package static let comments = TemplateKey("comments")
    static let meta = TemplateKey("meta")
    static let summary = TemplateKey("summary")
    static let document = TemplateKey("document")
    static let pageHref = TemplateKey("pageHref")
    static let day = TemplateKey("day")
    static let excerpt = TemplateKey("excerpt")
    static let terms = TemplateKey("terms")
}
