/// Static pages, numbered from the oldest row. Pure.
///
/// A list of `total` rows (row 0 the newest) has `pageCount` pages. Page 1 holds the oldest
/// `pageSize` rows, page 2 the next `pageSize`, and so on; the last page, the list's front
/// (`index.html`), holds the rest: the newest `total mod pageSize + pageSize` rows, or all of
/// them in a list shorter than two pages. Numbered this way, a page keeps its rows when stories
/// come in on top: only the front and the pages new since grow or appear, so a rebuild with new
/// stories rewrites a few pages, not every one, and a link to `page/N/` shows the same stories
/// next year. docs/internals/format.md has the layout.
public enum Paginator {
    /// At least one, so `index.html` exists for an empty list.
    public static func pageCount(total: Int, pageSize: Int) -> Int {
        precondition(pageSize > 0, "page size must be positive")
        return Swift.max(1, total / pageSize)
    }

    /// The rows (from the list's top) of page `number`, 1 being the oldest.
    public static func rows(ofPage number: Int, total: Int, pageSize: Int) -> Range<Int> {
        let count = pageCount(total: total, pageSize: pageSize)
        precondition((1...count).contains(number), "no page \(number) of \(count)")
        let upper = total - (number - 1) * pageSize
        return (number == count ? 0 : upper - pageSize)..<upper
    }

    /// Row ranges of every page, page 1 (the oldest) first.
    public static func pages(total: Int, pageSize: Int) -> [Range<Int>] {
        (1...pageCount(total: total, pageSize: pageSize)).map { rows(ofPage: $0, total: total, pageSize: pageSize) }
    }

    /// The page that holds a row (0-based, from the list's top).
    public static func page(ofRow row: Int, total: Int, pageSize: Int) -> Int {
        Swift.min((total - 1 - row) / pageSize + 1, pageCount(total: total, pageSize: pageSize))
    }

    /// Path of page N under the list's folder: "" for the front (the last page), "page/N/"
    /// for the others.
    public static func path(ofPage number: Int, pageCount: Int) -> String {
        number == pageCount ? "" : "page/\(number)/"
    }
}
