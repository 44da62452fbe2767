import SitegenModel

/// Plans a story's thread: the comments a source read (`CommentTree`) in, a `ThreadPlan` out.
/// Pure, and safe on any tree a hostile or broken API could give: each comment is placed once
/// (a `kids` list that names a comment twice, or a loop, places it at its first place), and
/// the walk keeps its own stack, so a chain a million replies deep costs memory, not the
/// program's stack.
public enum ThreadPlanner {
    /// Comments on the story's own page: a first screen and more, so a reader without script
    /// sees the thread begin with the story, in one request.
    public static let firstPageRows = 40
    /// Comments on each later thread page: a few screens, so a long thread is a few dozen
    /// pages to click through without script, each well under 100 KB gzipped.
    public static let pageRows = 200

    /// - Parameters:
    ///   - descendants: the story's count of comments (HN's `descendants`): what the thread
    ///     does not show of it is `leftOut`.
    ///   - cap: the most comments shown (`comments`); the first ones in reading order are kept.
    public static func plan(
        _ tree: CommentTree, descendants: Int?, cap: Int, firstPageRows: Int = firstPageRows, pageRows: Int = pageRows
    ) -> ThreadPlan {
        // Reading order, depth first: a comment, then its replies in HN's order.
        var order: [ThreadPlan.Row] = []
        var live: [Bool] = []
        var placed = Set<Int>()
        var stack: [(id: Int, depth: Int, parent: Int?)] = tree.roots.reversed().map { ($0, 0, nil) }
        while let next = stack.popLast() {
            guard let comment = tree.comments[next.id], placed.insert(next.id).inserted else { continue }
            let row = order.count
            order.append(.init(id: next.id, depth: next.depth, replies: 0, parent: next.parent))
            live.append(comment.state == .live)
            for kid in comment.kids.reversed() where !placed.contains(kid) { stack.append((kid, next.depth + 1, row)) }
        }
        // A deleted or flagged comment keeps its place only above a reply that is shown, as
        // on HN. Replies come after their comment, so one pass from the end sees them first.
        var shown = live
        for row in order.indices.reversed() where shown[row] {
            if let parent = order[row].parent { shown[parent] = true }
        }
        // The cap keeps a prefix of the reading order: every kept comment's parent is before
        // it, so kept too.
        var rows: [ThreadPlan.Row] = []
        var newRow = [Int](repeating: -1, count: order.count)
        var capped = false
        var liveShown = 0
        for row in order.indices where shown[row] {
            guard rows.count < cap else {
                capped = true
                break
            }
            newRow[row] = rows.count
            var kept = order[row]
            kept.parent = kept.parent.map { newRow[$0] }
            rows.append(kept)
            if live[row] { liveShown += 1 }
        }
        for row in rows.indices.reversed() {
            if let parent = rows[row].parent { rows[parent].replies += rows[row].replies + 1 }
        }
        // What the story counts and the page does not show; without a count, what the cap cut.
        let cut = capped ? order.indices.count { shown[$0] && live[$0] } - liveShown : 0
        let leftOut = max(cut, (descendants ?? 0) - liveShown)
        return ThreadPlan(
            rows: rows, leftOut: leftOut, capped: capped || tree.truncated, pages: pages(rows.count, firstPageRows, pageRows))
    }

    /// The static pages' rows: `first` on the story's page, then `each` a page.
    static func pages(_ count: Int, _ first: Int, _ each: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        var pages = [0..<min(count, max(1, first))]
        while let last = pages.last, last.upperBound < count {
            pages.append(last.upperBound..<min(count, last.upperBound + max(1, each)))
        }
        return pages
    }
}
