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
    /// Pages are built as UTF-8 bytes from end to end: they go to disk as bytes, and a trip
    /// through `String` would check every byte of every page once more.
    func listPage(number: Int, pageCount: Int, rows: Range<Int>, total: Int, ids: [Int], rowHTML: RenderedRows, config: PageConfig) -> [UInt8] {
        var feed: [UInt8] = []
        feed.reserveCapacity(rows.reduce(0) { $0 + rowHTML.length(of: $1) + 100 })
        for row in rows {
            if row > rows.lowerBound { feed.append(0x0A) }
            rowHTML.withBytes(of: row) { RowRenderer.appendArticle(html: $0, rank: row + 1, total: total, id: ids[row], to: &feed) }
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
            "rows": .html(feed), "hasRows": .bool(!rows.isEmpty), "links": .list(links),
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
        layout["content"] = .html(theme.renderBytes("page", .object(page)))
        layout["config"] = .html(config.jsonBytes())
        layout["scriptHref"] = .string(scriptHref)
        return theme.renderBytes("layout", .object(layout))
    }

    /// A story's own page, for stories with text: the row, then the text (HN's HTML through the
    /// allowlist sanitizer, or a Markdown body through cmark-gfm's safe mode). No script: there
    /// is nothing on it to prefetch.
    func itemPage(_ story: Story, row: RowRenderer, rowHTML: [UInt8]) -> [UInt8] {
        var item = row.context(story)
        item["row"] = .html(rowHTML)
        item["text"] = story.markdown.map { .string(Markdown.html($0)) } ?? .html(HTMLSanitizer.sanitizedBytes(story.text ?? ""))
        var layout = layoutContext(title: "\(story.title) · \(options.title)", canonical: paths.item(story.id))
        layout["content"] = .html(theme.renderBytes("item", .object(item)))
        return theme.renderBytes("layout", .object(layout))
    }

    /// A site page (`pages/about.md` → `/about/`): its Markdown, rendered, inside the layout.
    func sitePage(_ page: SitePage) -> [UInt8] {
        let content: TemplateObject = ["title": .string(page.title), "body": .string(Markdown.html(page.markdown))]
        var layout = layoutContext(title: "\(page.title) · \(options.title)", canonical: paths.sitePage(page.slug), current: page.slug)
        layout["content"] = .html(theme.renderBytes("sitepage", .object(content)))
        return theme.renderBytes("layout", .object(layout))
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
