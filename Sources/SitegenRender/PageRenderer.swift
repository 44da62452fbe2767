import SitegenModel

/// Renders whole HTML documents: list pages and item pages, each inside `layout.mustache`.
package struct PageRenderer: Sendable {
    private typealias Key = PageKeys

    package let theme: Theme
    package let options: SiteOptions
    package let paths: SitePaths
    package let styleHref: String
    package let scriptHref: String
    /// The favicon (`assets/favicon.<hash>.svg`), linked from every page.
    package let faviconHref: String
    /// The site's pages (`--pages`), linked from every page's navigation.
    package var sitePages: [SitePage] = []
    /// The search page's script (`assets/search.<hash>.js`); nil for a build without search,
    /// whose pages then have no search box.
    package var searchScriptHref: String?
    /// The stylesheet of the pages that show a story's or a site page's own text
    /// (`Theme.pagesMarker`), when the theme's stylesheet has one.
    package var pagesStyleHref: String?
    /// The module the search page's script loads for passages, marks and phrases (`search-more.js`).
    package var searchMoreHref: String?
    /// The thread's script (`thread.js`), which pages holding a thread load.
    package var threadScriptHref: String?
    /// Whether the site has documents' texts (`t/<id>.txt`), whose passages search shows.
    package var documentTexts = false
    /// How a story's Markdown body and a site page's become HTML, and where each of a Markdown
    /// folder's pages stands among the others (`DocumentRenderer`). SitegenMarkdown implements
    /// it and the build always sets it; a page with Markdown and no `documents` is a bug, which
    /// the asserts below catch in tests.
    package var documents: (any DocumentRenderer)?

    package init(
        theme: Theme, options: SiteOptions, paths: SitePaths, styleHref: String, scriptHref: String, faviconHref: String,
        sitePages: [SitePage] = []
    ) {
        self.theme = theme
        self.options = options
        self.paths = paths
        self.styleHref = styleHref
        self.scriptHref = scriptHref
        self.faviconHref = faviconHref
        self.sitePages = sitePages
    }

    /// A list page: its own rows, filled, and a pager, so the list reads with JavaScript off.
    /// Pages are built as UTF-8 bytes from end to end: they go to disk as bytes, and a trip
    /// through `String` would check every byte of every page once more.
    ///
    /// Pages are numbered from the oldest (`Paginator`), and nothing on a page but the front
    /// depends on the list's length: its rows carry no rank, its pager names the front
    /// "Newest" and not by number, so new stories on top leave it as it was.
    /// - Parameters:
    ///   - rows: the page's rows of `list`; `ids` and `rowHTML` are the site's, by story index.
    package func listPage(
        _ list: StoryList, number: Int, pageCount: Int, rows: Range<Int>, ids: [Int], rowHTML: RenderedRows,
        config: PageConfig
    ) -> [UInt8] {
        var feed: [UInt8] = []
        feed.reserveCapacity(rows.reduce(0) { $0 + rowHTML.length(of: list.story(atRow: $1)) + 100 })
        for row in rows {
            if row > rows.lowerBound { feed.append(0x0A) }
            let story = list.story(atRow: row)
            RowRenderer.appendArticle(id: ids[story], to: &feed) {
                rowHTML.appendHTML(of: story, to: &$0)
            }
        }
        func href(_ n: Int) -> String { paths.list(list.folder, page: n, of: pageCount) }
        // The list reads newest first: the page before is the newer one.
        let prev = number < pageCount ? href(number + 1) : nil
        let next = number > 1 ? href(number - 1) : nil
        let links: [TemplateValue] = Pager.slots(current: number, count: pageCount).reversed().map { slot in
            switch slot {
            case .gap: return .object(TemplateObject([Key.gap: true]))
            case .page(let n):
                return .object(
                    TemplateObject([
                        Key.number: n == pageCount ? .string("Newest") : .int(n), Key.href: .string(href(n)),
                        Key.current: .bool(n == number),
                    ]))
            }
        }
        let isFront = number == pageCount
        // The site's list is headed by the site's title; a term's by the term.
        let name = list.term.map { Self.heading(of: $0) } ?? options.title
        var page = TemplateObject(
            [
                Key.rows: .html(feed), Key.hasRows: .bool(!rows.isEmpty), Key.links: .list(links),
                Key.heading: .string(isFront ? name : "\(name), page \(number)"),
            ], capacity: 7)
        if let term = list.term {
            page[Key.term] = .object([
                "name": .string(term.name), "taxonomy": .string(term.taxonomy.rawValue),
                "indexHref": .string(paths.taxonomy(term.taxonomy)), "indexTitle": .string("All \(term.taxonomy.rawValue)"),
            ])
        }
        let title =
            list.term == nil
            ? (isFront ? options.title : "Page \(number) · \(options.title)")
            : (isFront ? name : "\(name), page \(number)") + " · \(options.title)"
        var layout = layoutContext(title: title, canonical: href(number))
        if let prev {
            page[Key.prevHref] = .string(prev)
            layout[Key.prevHref] = .string(prev)
        }
        if let next {
            page[Key.nextHref] = .string(next)
            layout[Key.nextHref] = .string(next)
        }
        layout[Key.content] = .html(theme.renderBytes("page", .object(page)))
        layout[Key.config] = .html(config.jsonBytes(total: list.total))
        layout[Key.scriptHref] = .string(scriptHref)
        return theme.renderBytes("layout", .object(layout))
    }

    /// "Tagged swift", "Category: Releases".
    static func heading(of term: Term) -> String {
        switch term.taxonomy {
        case .tags: "Tagged \(term.name)"
        case .categories: "Category: \(term.name)"
        }
    }

    /// A taxonomy's index (`tags/`): every term, by name, with its count of stories and a link
    /// to its list, from `terms.mustache`.
    package func taxonomyPage(_ taxonomy: Taxonomy, terms: [Term]) -> [UInt8] {
        let sorted = terms.sorted { a, b in
            let (x, y) = (a.name.lowercased(), b.name.lowercased())
            return x != y ? x < y : a.slug.utf8.lexicographicallyPrecedes(b.slug.utf8)
        }
        let items: [TemplateValue] = sorted.map { term in
            .object([
                "name": .string(term.name), "href": .string(paths.term(taxonomy, slug: term.slug)),
                "count": .int(term.stories.count),
                "stories": .string(term.stories.count == 1 ? "1 story" : "\(term.stories.count) stories"),
            ])
        }
        let content: TemplateObject = [
            "title": .string(taxonomy.title), "taxonomy": .string(taxonomy.rawValue), "terms": .list(items),
            "hasTerms": .bool(!items.isEmpty),
        ]
        var layout = layoutContext(title: "\(taxonomy.title) · \(options.title)", canonical: paths.taxonomy(taxonomy))
        layout["content"] = .html(theme.renderBytes("terms", .object(content)))
        return theme.renderBytes("layout", .object(layout))
    }

    /// A story's own page, for stories with text: the row, then the text (HN's HTML through the
    /// allowlist sanitizer, or a Markdown body rendered by `documents`, its raw HTML through
    /// `AuthoredHTML`). No script: there is nothing on it to prefetch. With a Markdown body, what
    /// the build learns of it (`AuthoredPage`), and its body's HTML (for `DocumentText`).
    ///
    /// A story with a Markdown body is a document (`document.mustache`): its title once, its
    /// date, authors and terms, a table of contents when it is long, and its `place` among the
    /// folder's pages (`DocumentPlace`): previous and next, breadcrumbs, its section's pages.
    ///
    /// `thread` is the first page of the story's comments (`ThreadRenderer.section`), shown
    /// under its text; `threadManifest` its manifest's URL, which the page preloads: the script
    /// reads it at once, and a link to a comment past the page waits on it.
    package func itemPage(
        _ story: Story, row: RowRenderer, rowHTML: [UInt8], place: DocumentPlace? = nil, thread: [UInt8]? = nil,
        threadManifest: String? = nil
    ) -> (html: [UInt8], authored: AuthoredPage?, body: String?, answers: [LinkAnswer]) {
        var item = row.context(story)
        item[Key.row] = .html(rowHTML)
        if let thread { item[Key.thread] = .html(thread) }
        var authored: AuthoredPage? = nil
        var body: String? = nil
        var answers: [LinkAnswer] = []
        let template: String
        assert(story.markdown == nil || documents != nil, "a Markdown story rendered with no DocumentRenderer")
        if let page = documents?.body(of: story, taken: theme.itemPageIDs) {
            template = theme.documentTemplate
            item[Key.text] = .string(page.html)
            body = page.html
            answers = page.answers
            let toc = page.headings.filter { (2...3).contains($0.level) && $0.id != nil }
            item[Key.toc] = Self.tableOfContents(toc)
            item[Key.hasToc] = .bool(toc.count >= Self.contentsFrom)
            item[Key.hasByline] = .bool(
                story.time != nil || story.by != nil || item[RowKeys.domain] != nil || item[RowKeys.terms] != nil)
            if let place { documentContext(place, into: &item) }
            authored = AuthoredPage(
                links: LinkCheck.Page(url: paths.item(story), links: page.links, ids: page.ids), removed: page.removed,
                capped: page.capped)
        } else {
            template = "item"
            item[Key.text] = .html(HTMLSanitizer.sanitizedBytes(story.text ?? ""))
        }
        var layout = layoutContext(title: "\(story.title) · \(options.title)", canonical: paths.item(story))
        layout[Key.content] = .html(theme.renderBytes(template, .object(item)))
        if let pagesStyleHref { layout[Key.pagesStyleHref] = .string(pagesStyleHref) }
        if thread != nil, let threadScriptHref { layout[Key.scriptHref] = .string(threadScriptHref) }
        if let threadManifest { layout[Key.preloadHref] = .string(threadManifest) }
        if let lang = Self.language(story.markdownExtras.meta) { layout[Key.lang] = .string(lang) }
        return (theme.renderBytes("layout", .object(layout)), authored, body, answers)
    }

    /// Page `number` (2 on) of a story's thread: the story's row, to go back by, and the
    /// page's comments (`ThreadRenderer.section`), from `thread.mustache`.
    package func threadPage(
        _ story: Story, row: RowRenderer, rowHTML: [UInt8], number: Int, thread: [UInt8], manifest: String
    ) -> [UInt8] {
        var item = row.context(story)
        item[Key.row] = .html(rowHTML)
        item[Key.thread] = .html(thread)
        var layout = layoutContext(
            title: "Comments, page \(number) · \(story.title) · \(options.title)",
            canonical: paths.threadPage(story, page: number))
        layout[Key.content] = .html(theme.renderBytes("thread", .object(item)))
        if let pagesStyleHref { layout[Key.pagesStyleHref] = .string(pagesStyleHref) }
        if let threadScriptHref { layout[Key.scriptHref] = .string(threadScriptHref) }
        layout[Key.preloadHref] = .string(manifest)
        return theme.renderBytes("layout", .object(layout))
    }

    /// A document's table of contents is shown from this many headings (of levels 2 and 3) on:
    /// a short page's one or two are seen at a glance.
    static let contentsFrom = 3

    /// `previous`, `next`, `crumbs` (the site's front first) and the section's `section` and
    /// `sectionPages` (each `current` or not), with the `has…` flags the template tests.
    private func documentContext(_ place: DocumentPlace, into item: inout TemplateObject) {
        func link(_ link: DocumentPlace.Link) -> TemplateValue {
            .object(["title": .string(link.title), "href": .string(link.href)])
        }
        if let previous = place.previous { item[Key.previous] = link(previous) }
        if let next = place.next { item[Key.next] = link(next) }
        item[Key.hasAround] = .bool(place.previous != nil || place.next != nil)
        if !place.crumbs.isEmpty {
            let home = DocumentPlace.Link(title: options.title, href: paths.base)
            item[Key.crumbs] = .list(([home] + place.crumbs).map(link))
            item[Key.hasCrumbs] = .bool(true)
        }
        if !place.pages.isEmpty {
            if let section = place.section { item[Key.section] = link(section) }
            item[Key.sectionPages] = .list(
                place.pages.enumerated().map { n, page in
                    .object(["title": .string(page.title), "href": .string(page.href), "current": .bool(n == place.current)])
                })
            item[Key.hasSection] = .bool(true)
        }
    }

    /// A site page (`pages/about.md` → `/about/`): its Markdown, rendered, inside the layout;
    /// and what the build learns of it (`AuthoredPage`).
    package func sitePage(_ page: SitePage) -> (html: [UInt8], authored: AuthoredPage) {
        assert(documents != nil, "a site page rendered with no DocumentRenderer")
        let body = documents?.body(of: page, taken: theme.sitePageIDs) ?? RenderedDocument(html: "", headings: [])
        let content: TemplateObject = [
            "title": .string(page.title), "body": .string(body.html), "toc": Self.tableOfContents(body.headings),
        ]
        var layout = layoutContext(
            title: "\(page.title) · \(options.title)", canonical: paths.sitePage(page.slug), current: page.slug)
        layout["content"] = .html(theme.renderBytes("sitepage", .object(content)))
        if let pagesStyleHref { layout[Key.pagesStyleHref] = .string(pagesStyleHref) }
        return (
            theme.renderBytes("layout", .object(layout)),
            AuthoredPage(
                links: LinkCheck.Page(url: paths.sitePage(page.slug), links: body.links, ids: body.ids), removed: body.removed,
                capped: body.capped)
        )
    }

    /// A Markdown page's language from its front matter (`lang`, Hugo's `language`), when it
    /// is a language tag (`ko`, `zh-Hans`, `pt-BR`): screen readers pick their voice by it, and
    /// browsers their fonts for Chinese, Japanese and Korean.
    static func language(_ meta: [String: MetaValue]) -> String? {
        guard case .text(let tag)? = meta["lang"] ?? meta["language"],
            tag.wholeMatch(of: /[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}/) != nil
        else { return nil }
        return tag
    }

    /// A page's headings for its template (`toc`: each `level`, `text` and `id`; those without
    /// an id are left out, as there is nothing to link to).
    static func tableOfContents(_ headings: [RenderedDocument.Heading]) -> TemplateValue {
        .list(
            headings.compactMap { heading in
                heading.id.map { id in
                    .object(TemplateObject(["level": .int(heading.level), "text": .string(heading.text), "id": .string(id)]))
                }
            })
    }

    package func layoutContext(title: String, canonical: String?, current: String? = nil) -> TemplateObject {
        var layout = TemplateObject(
            [
                Key.pageTitle: .string(title), Key.siteTitle: .string(options.title), Key.base: .string(paths.base),
                Key.styleHref: .string(styleHref), Key.faviconHref: .string(faviconHref),
                Key.feedHref: .string(paths.base + SitePaths.feedFile), Key.lang: .string("en"),
            ], capacity: 15)
        if let canonical { layout[Key.canonical] = .string(canonical) }
        if searchScriptHref != nil { layout[Key.searchHref] = .string(paths.search) }
        if !sitePages.isEmpty {
            layout[Key.hasNav] = .bool(true)
            layout[Key.nav] = .list(
                sitePages.map { page in
                    .object([
                        "title": .string(page.title), "href": .string(paths.sitePage(page.slug)),
                        "current": .bool(page.slug == current),
                    ])
                })
        }
        return layout
    }
}

/// The page and layout contexts' names (docs/guides/templates.md lists them), interned once.
package enum PageKeys {
    package static let rows = TemplateKey("rows"), hasRows = TemplateKey("hasRows"), links = TemplateKey("links")
    static let heading = TemplateKey("heading"), prevHref = TemplateKey("prevHref"), nextHref = TemplateKey("nextHref")
    package static let gap = TemplateKey("gap"), number = TemplateKey("number"), href = TemplateKey("href")
    package static let current = TemplateKey("current"), content = TemplateKey("content"), config = TemplateKey("config")
    package static let scriptHref = TemplateKey("scriptHref"), pageTitle = TemplateKey("pageTitle")
    static let siteTitle = TemplateKey("siteTitle"), base = TemplateKey("base"), styleHref = TemplateKey("styleHref")
    static let pagesStyleHref = TemplateKey("pagesStyleHref")
    static let searchHref = TemplateKey("searchHref"), lang = TemplateKey("lang")
    static let feedHref = TemplateKey("feedHref"), canonical = TemplateKey("canonical"), hasNav = TemplateKey("hasNav")
    static let nav = TemplateKey("nav"), row = TemplateKey("row"), text = TemplateKey("text"), toc = TemplateKey("toc")
    static let thread = TemplateKey("thread"), preloadHref = TemplateKey("preloadHref")
    package static let faviconHref = TemplateKey("faviconHref"), term = TemplateKey("term")
    static let hasToc = TemplateKey("hasToc"), previous = TemplateKey("previous"), next = TemplateKey("next")
    static let hasAround = TemplateKey("hasAround"), crumbs = TemplateKey("crumbs"), hasCrumbs = TemplateKey("hasCrumbs")
    static let section = TemplateKey("section"), sectionPages = TemplateKey("sectionPages")
    static let hasSection = TemplateKey("hasSection"), hasByline = TemplateKey("hasByline")
}
