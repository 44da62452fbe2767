/// Renders whole HTML documents: list pages and item pages, each inside `layout.mustache`.
struct PageRenderer: Sendable {
    let theme: Theme
    let options: SiteOptions
    let paths: SitePaths
    let styleHref: String
    let scriptHref: String
    /// The site's pages (`--pages`), linked from every page's navigation.
    var sitePages: [SitePage] = []

    /// A list page: its own rows, filled, and a pager, so the list reads with JavaScript off.
    func listPage(number: Int, pageCount: Int, rows: Range<Int>, total: Int, ids: [Int], rowHTML: [String], config: PageConfig) -> String {
        var feed = ""
        feed.reserveCapacity(rows.count * 700)
        for row in rows {
            if row > rows.lowerBound { feed += "\n" }
            feed += RowRenderer.article(html: rowHTML[row], rank: row + 1, total: total, id: ids[row])
        }
        let prev = number > 1 ? paths.page(number - 1) : nil
        let next = number < pageCount ? paths.page(number + 1) : nil
        let links: [TemplateValue] = Pager.slots(current: number, count: pageCount).map { slot in
            switch slot {
            case .gap: return .object(["gap": true])
            case .page(let n): return .object(["number": .int(n), "href": .string(paths.page(n)), "current": .bool(n == number)])
            }
        }
        var page: TemplateObject = [
            "rows": .string(feed), "hasRows": .bool(!rows.isEmpty), "links": .list(links),
            "heading": .string(number == 1 ? options.title : "\(options.title), page \(number)"),
        ]
        var layout = layoutContext(title: number == 1 ? options.title : "Page \(number) · \(options.title)", canonical: paths.page(number))
        if let prev {
            page["prevHref"] = .string(prev)
            layout["prevHref"] = .string(prev)
        }
        if let next {
            page["nextHref"] = .string(next)
            layout["nextHref"] = .string(next)
        }
        layout["content"] = .string(theme.render("page", .object(page)))
        layout["config"] = .string(config.json())
        layout["scriptHref"] = .string(scriptHref)
        return theme.render("layout", .object(layout))
    }

    /// A story's own page, for stories with text: the row, then the text (HN's HTML through the
    /// allowlist sanitizer, or a Markdown body through cmark-gfm's safe mode). No script: there
    /// is nothing on it to prefetch.
    func itemPage(_ story: Story, row: RowRenderer) -> String {
        var item = row.context(story)
        item["text"] = .string(story.markdown.map(Markdown.html) ?? HTMLSanitizer.sanitize(story.text ?? ""))
        var layout = layoutContext(title: "\(story.title) · \(options.title)", canonical: paths.item(story.id))
        layout["content"] = .string(theme.render("item", .object(item)))
        return theme.render("layout", .object(layout))
    }

    /// A site page (`pages/about.md` → `/about/`): its Markdown, rendered, inside the layout.
    func sitePage(_ page: SitePage) -> String {
        let content: TemplateObject = ["title": .string(page.title), "body": .string(Markdown.html(page.markdown))]
        var layout = layoutContext(title: "\(page.title) · \(options.title)", canonical: paths.sitePage(page.slug), current: page.slug)
        layout["content"] = .string(theme.render("sitepage", .object(content)))
        return theme.render("layout", .object(layout))
    }

    func layoutContext(title: String, canonical: String?, current: String? = nil) -> TemplateObject {
        var layout: TemplateObject = [
            "pageTitle": .string(title), "siteTitle": .string(options.title), "base": .string(paths.base), "styleHref": .string(styleHref),
            "feedHref": .string(paths.base + SitePaths.feedFile),
        ]
        if let canonical { layout["canonical"] = .string(canonical) }
        if !sitePages.isEmpty {
            layout["hasNav"] = .bool(true)
            layout["nav"] = .list(
                sitePages.map { page in
                    .object(["title": .string(page.title), "href": .string(paths.sitePage(page.slug)), "current": .bool(page.slug == current)])
                })
        }
        return layout
    }
}
