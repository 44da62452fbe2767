/// Renders whole HTML documents: list pages and item pages, each inside `layout.mustache`.
struct PageRenderer: Sendable {
    let theme: Theme
    let options: SiteOptions
    let paths: SitePaths
    let styleHref: String
    let scriptHref: String

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
        var links: [[String: Any]] = []
        for slot in Pager.slots(current: number, count: pageCount) {
            switch slot {
            case .gap: links.append(["gap": true])
            case .page(let n): links.append(["number": n, "href": paths.page(n), "current": n == number])
            }
        }
        var page: [String: Any] = [
            "rows": feed, "hasRows": !rows.isEmpty, "links": links,
            "heading": number == 1 ? options.title : "\(options.title), page \(number)",
        ]
        page["prevHref"] = prev
        page["nextHref"] = next
        var layout = layoutContext(
            title: number == 1 ? options.title : "Page \(number) · \(options.title)",
            content: theme.render("page", page))
        layout["prevHref"] = prev
        layout["nextHref"] = next
        layout["config"] = config.json()
        layout["scriptHref"] = scriptHref
        return theme.render("layout", layout)
    }

    /// A story's own page, for stories with text: the row, then the sanitized text. No script:
    /// there is nothing on it to prefetch.
    func itemPage(_ story: Story, row: RowRenderer) -> String {
        var item = row.context(story)
        item["text"] = HTMLSanitizer.sanitize(story.text ?? "")
        return theme.render("layout", layoutContext(title: "\(story.title) · \(options.title)", content: theme.render("item", item)))
    }

    private func layoutContext(title: String, content: String) -> [String: Any] {
        [
            "pageTitle": title, "siteTitle": options.title, "base": paths.base,
            "styleHref": styleHref, "content": content,
        ]
    }
}
