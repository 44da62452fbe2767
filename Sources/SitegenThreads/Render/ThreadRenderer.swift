import SitegenModel
import SitegenRender

/// A story's thread as HTML and JSON: one comment's HTML (its line and its text), the same
/// bytes in the static pages and in the shards the script reads, so a comment looks the same
/// however it arrived.
///
/// Without script a thread is nested lists of `<details open>`: every subtree folds with a
/// click or from the keyboard (a `summary` is a button to the browser), and a folded one says
/// how many replies it holds. A page that starts inside a subtree opens with the comments
/// above its first one, as context.
package struct ThreadRenderer: Sendable {
    package let paths: SitePaths

    /// Nesting stops here: deeper replies are shown at this depth, in order, so a hostile
    /// chain a thousand deep cannot nest a page past what a browser lays out (HN's deepest
    /// real threads are some 40 deep).
    package static let deepest = 48

    package init(paths: SitePaths) { self.paths = paths }

    /// A comment's inner HTML, up to its replies: its date as its link, then `<details open>`
    /// with its `<summary>` (author, replies when folded) and its text, left open for the
    /// replies (the caller closes it). `href` is the page that holds it. The link is outside
    /// the summary: a link inside the control that folds is a control inside a control, which
    /// screen readers announce badly.
    package func comment(
        _ comment: Comment, row: ThreadPlan.Row, href: String, into out: inout [UInt8], text: Bool = true
    ) {
        out.append("<a class=\"permalink\" href=\"")
        HTMLEscape.append(href, to: &out)
        out.append("#c")
        DecimalText.append(comment.id, to: &out)
        out.append("\">")
        if let time = comment.time {
            out.append("<time datetime=\"")
            DateText.appendISO(time, to: &out)
            out.append("\">")
            DateText.appendShort(time, to: &out)
            out.append("</time>")
        } else {
            out.append("link")
        }
        out.append("</a><details open><summary>")
        switch comment.state {
        case .live:
            out.append("<span class=\"by\">")
            HTMLEscape.append(comment.by ?? "", to: &out)
            out.append("</span>")
        case .deleted: out.append("<span class=\"gone\">[deleted]</span>")
        case .flagged: out.append("<span class=\"gone\">[flagged]</span>")
        }
        if row.replies > 0 {
            // Shown only while the comment is folded (the stylesheet hides it when open).
            out.append("<span class=\"folded\"> · ")
            DecimalText.append(row.replies, to: &out)
            out.append(row.replies == 1 ? " reply" : " replies")
            out.append("</span>")
        }
        out.append("</summary>")
        if comment.state == .live && text {
            out.append("<div class=\"ctext\">")
            out += HTMLSanitizer.sanitizedBytes(comment.text ?? "")
            out.append("</div>")
        }
    }

    /// Every row's comment HTML, up to its replies (`comment(_:row:href:into:)`), each linking
    /// to the page that holds it: rendered once, for the pages and the shards both (empty for a
    /// row whose comment is missing).
    package func rendered(_ plan: ThreadPlan, story: Story, comments: [Int: Comment]) -> [[UInt8]] {
        let pageURLs = plan.pages.indices.map { paths.threadPage(story, page: $0 + 1) }
        var page = 0
        return plan.rows.indices.map { index in
            while page + 1 < plan.pages.count && plan.pages[page + 1].lowerBound <= index { page += 1 }
            var html: [UInt8] = []
            if let found = comments[plan.rows[index].id] {
                comment(found, row: plan.rows[index], href: pageURLs[page], into: &html)
            }
            return html
        }
    }

    /// The thread section of page `number` (1: the story's own page): a heading with the
    /// count, what was left out, the page's comments nested (`rendered`), and the links to the
    /// pages before and after it.
    package func section(
        _ story: Story, plan: ThreadPlan, page number: Int, comments: [Int: Comment], rendered: [[UInt8]],
        manifest: String?
    ) -> [UInt8] {
        var out: [UInt8] = []
        let rows = plan.pages[number - 1]
        let shown = plan.rows.count
        out.append("<section class=\"thread\" aria-labelledby=\"comments\">\n<h2 id=\"comments\">")
        DecimalText.append(shown, to: &out)
        out.append(shown == 1 ? " comment" : " comments")
        if plan.pages.count > 1 {
            out.append(" <small>(page ")
            DecimalText.append(number, to: &out)
            out.append(" of ")
            DecimalText.append(plan.pages.count, to: &out)
            out.append(")</small>")
        }
        out.append("</h2>\n")
        if plan.leftOut > 0 {
            out.append("<p class=\"left-out\">")
            DecimalText.append(plan.leftOut, to: &out)
            out.append(plan.leftOut == 1 ? " comment is" : " comments are")
            out.append(
                plan.capped
                    ? " not shown: this site keeps a thread to its first comments.</p>\n"
                    : " not shown: they could not be read.</p>\n")
        }
        if let manifest {
            // What the script reads to take the thread over (docs/internals/format.md, "Threads").
            out.append("<script type=\"application/json\" id=\"sitegen-thread\">")
            var w = JSONWriter(capacity: 128, forHTML: true)
            w.raw("{\"manifest\":")
            w.string(manifest)
            w.raw(",\"page\":")
            w.int(number)
            w.raw(",\"story\":")
            w.int(story.id)
            w.raw(",\"base\":")
            w.string(paths.base)
            w.raw(",\"href\":")
            w.string(paths.item(story))
            w.raw("}")
            out += w.bytes
            out.append("</script>\n")
        }
        nested(rows, of: plan, story: story, comments: comments, rendered: rendered, into: &out)
        pageLinks(story, plan: plan, page: number, into: &out)
        out.append("</section>\n")
        return out
    }

    /// The section of a thread with nothing to show: its count of what could not be read.
    package func empty(_ story: Story, plan: ThreadPlan) -> [UInt8] {
        var out: [UInt8] = []
        out.append("<section class=\"thread\" aria-labelledby=\"comments\">\n<h2 id=\"comments\">Comments</h2>\n")
        out.append("<p class=\"left-out\">")
        DecimalText.append(plan.leftOut, to: &out)
        out.append(plan.leftOut == 1 ? " comment is" : " comments are")
        out.append(" not shown: they could not be read.</p>\n</section>\n")
        return out
    }

    /// The rows of one page as nested lists, opened with the comments above its first one.
    private func nested(
        _ rows: Range<Int>, of plan: ThreadPlan, story: Story, comments: [Int: Comment], rendered: [[UInt8]],
        into out: inout [UInt8]
    ) {
        func depth(_ row: Int) -> Int { min(plan.rows[row].depth, Self.deepest) }
        // The depths of the comments whose list of replies is open.
        var open: [Int] = []
        out.append("<ol class=\"comments\">\n")
        for ancestor in rows.isEmpty ? [] : plan.ancestors(of: rows.lowerBound) where depth(ancestor) < Self.deepest {
            let row = plan.rows[ancestor]
            guard let found = comments[row.id] else { continue }
            // Its line only, linking to the page that holds it: the text is there.
            out.append("<li class=\"comment context\">")
            comment(
                Comment(id: found.id, by: found.by, time: found.time, state: found.state == .live ? .live : found.state),
                row: ThreadPlan.Row(id: row.id, depth: row.depth, replies: 0, parent: row.parent),
                href: paths.threadPage(story, page: plan.page(of: ancestor) + 1), into: &out, text: false)
            out.append("<ol class=\"comments\">\n")
            open.append(depth(ancestor))
        }
        for index in rows {
            let row = plan.rows[index]
            while let last = open.last, last >= depth(index) {
                out.append("</ol></details></li>\n")
                open.removeLast()
            }
            out.append("<li class=\"comment\" id=\"c")
            DecimalText.append(row.id, to: &out)
            out.append("\">")
            out += rendered[index]
            let next = index + 1
            if next < rows.upperBound && plan.rows[next].parent == index && depth(index) < Self.deepest {
                out.append("<ol class=\"comments\">\n")
                open.append(depth(index))
            } else {
                out.append("</details></li>\n")
            }
        }
        for _ in open { out.append("</ol></details></li>\n") }
        out.append("</ol>\n")
    }

    /// `rel=prev` and `rel=next` between the thread's pages, and where it stands.
    private func pageLinks(_ story: Story, plan: ThreadPlan, page number: Int, into out: inout [UInt8]) {
        guard plan.pages.count > 1 else { return }
        out.append("<nav class=\"thread-pages\" aria-label=\"Comment pages\">")
        if number > 1 {
            out.append("<a rel=\"prev\" href=\"")
            HTMLEscape.append(paths.threadPage(story, page: number - 1) + (number == 2 ? "#comments" : ""), to: &out)
            out.append("\">‹ Earlier comments</a> ")
        }
        if number < plan.pages.count {
            out.append("<a rel=\"next\" href=\"")
            HTMLEscape.append(paths.threadPage(story, page: number + 1), to: &out)
            out.append("\">More comments (")
            DecimalText.append(plan.pages[number].lowerBound + 1, to: &out)
            out.append("–")
            DecimalText.append(plan.pages[number].upperBound, to: &out)
            out.append(" of ")
            DecimalText.append(plan.rows.count, to: &out)
            out.append(") ›</a>")
        }
        out.append("</nav>\n")
    }

    // MARK: The script's files

    /// A shard: `{"v":1,"comments":[{"id":…,"depth":…,"replies":…,"html":…}, …]}`, the rows
    /// in reading order; `html` is what the comment's `<li>` holds without its replies: its
    /// link and its `<details>` (`comment(_:row:href:into:)`).
    package func shard(_ rows: Range<Int>, of plan: ThreadPlan, rendered: [[UInt8]]) -> [UInt8] {
        var w = JSONWriter(capacity: rows.count * 700)
        w.raw("{\"v\":1,\"comments\":[")
        var html: [UInt8] = []
        for index in rows {
            let row = plan.rows[index]
            if index > rows.lowerBound { w.raw(",") }
            html.removeAll(keepingCapacity: true)
            if !rendered[index].isEmpty {
                html += rendered[index]
                html.append("</details>")
            }
            w.raw("{\"id\":")
            w.int(row.id)
            w.raw(",\"depth\":")
            w.int(row.depth)
            w.raw(",\"replies\":")
            w.int(row.replies)
            w.raw(",\"html\":")
            w.string(html)
            w.raw("}")
        }
        w.raw("]}")
        return w.bytes
    }

    /// The thread's manifest: its rows, its shards (each its name and rows, in order), where
    /// each static page starts (for links to comments the script has not read), and every
    /// row's id and depth, in reading order: a link to any comment finds its shard, and the
    /// script folds a subtree whose comments it has not read (a row's replies are the rows
    /// after it that are deeper).
    package func manifest(_ plan: ThreadPlan, shards: [(name: String, rows: Int)]) -> [UInt8] {
        var w = JSONWriter(capacity: 256 + plan.rows.count * 10)
        w.raw("{\"v\":1,\"rows\":")
        w.int(plan.rows.count)
        w.raw(",\"shards\":[")
        for (n, shard) in shards.enumerated() {
            if n > 0 { w.raw(",") }
            w.raw("{\"name\":")
            w.string(shard.name)
            w.raw(",\"rows\":")
            w.int(shard.rows)
            w.raw("}")
        }
        w.raw("],\"pages\":[")
        for (n, page) in plan.pages.enumerated() {
            if n > 0 { w.raw(",") }
            w.int(page.lowerBound)
        }
        w.raw("],\"ids\":[")
        for (n, row) in plan.rows.enumerated() {
            if n > 0 { w.raw(",") }
            w.int(row.id)
        }
        w.raw("],\"depths\":[")
        for (n, row) in plan.rows.enumerated() {
            if n > 0 { w.raw(",") }
            w.int(row.depth)
        }
        w.raw("]}")
        return w.bytes
    }

    /// The bytes each row's record takes in a shard, for `ShardPlanner`'s cuts.
    package func recordBytes(_ plan: ThreadPlan, rendered: [[UInt8]]) -> [Int] {
        rendered.map { 64 + $0.count * 9 / 8 }
    }
}
