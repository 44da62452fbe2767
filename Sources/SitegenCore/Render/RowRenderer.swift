/// Renders a story's row. The one renderer for a row: the same string goes into the static page
/// and into the shard record the script inserts, so a row looks the same however it arrived.
public struct RowRenderer: Sendable {
    let theme: Theme
    let paths: SitePaths

    public init(theme: Theme, paths: SitePaths) {
        self.theme = theme
        self.paths = paths
    }

    /// The row's inner HTML (what goes inside its `<article>`), from `row.mustache`.
    public func html(_ story: Story) -> String {
        var html = theme.renderBytes("row", .object(context(story)))
        // The template file's last newline is not part of the row. Trimmed as bytes: asking a
        // String for its last Character means finding grapheme boundaries, a million times.
        while let last = html.last, last == 0x20 || (0x09...0x0D).contains(last) { html.removeLast() }
        return String(decoding: html, as: UTF8.self)
    }

    /// The values `row.mustache` (and `item.mustache`) see. Absent facts are absent keys, so
    /// `{{#by}}…{{/by}}` sections simply vanish. docs/templates.md lists them.
    public func context(_ story: Story) -> TemplateObject {
        var c: TemplateObject = ["id": .int(story.id), "title": .string(story.title), "base": .string(paths.base)]
        let itemHref = story.hasItemPage ? paths.item(story.id) : nil
        if let url = story.url.flatMap({ SafeURL.link($0) }) {
            c["href"] = .string(url)
            if let domain = SafeURL.domain(of: url) { c["domain"] = .string(domain) }
        } else if let itemHref {
            c["href"] = .string(itemHref)
        }
        if let itemHref { c["itemHref"] = .string(itemHref) }
        if let score = story.score { c["points"] = .string(score == 1 ? "1 point" : String(score) + " points") }
        if let by = story.by, !by.isEmpty { c["by"] = .string(by) }
        if let time = story.time {
            c["date"] = .string(DateText.short(time))
            c["datetime"] = .string(DateText.iso(time))
        }
        if let image = story.image, let src = SafeURL.image(image.url) {
            // The row reserves the picture's box from its size, before it loads.
            c["image"] = .object(["src": .string(src), "width": .int(image.width ?? 64), "height": .int(image.height ?? 48)])
        }
        if let n = story.descendants {
            c["comments"] = .string(n == 0 ? "discuss" : n == 1 ? "1 comment" : String(n) + " comments")
        }
        return c
    }

    /// The row's `<article>`, as the feed pattern wants it. Built here and not in a template
    /// because the script builds the very same element for rows it fills (see sitegen.js), and
    /// the two must not drift apart.
    public static func article(html: String, rank: Int, total: Int, id: Int) -> String {
        "<article class=\"row\" aria-posinset=\"\(rank)\" aria-setsize=\"\(total)\" data-id=\"\(id)\" tabindex=\"0\">\(html)</article>"
    }
}
