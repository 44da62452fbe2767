/// Static pages: page N holds rows [(N-1)·size, N·size). Pure.
public enum Paginator {
    /// Row ranges of every page. An empty list still gets one (empty) page, so `index.html` exists.
    public static func pages(total: Int, pageSize: Int) -> [Range<Int>] {
        precondition(pageSize > 0, "page size must be positive")
        guard total > 0 else { return [0..<0] }
        return stride(from: 0, to: total, by: pageSize).map { $0..<Swift.min($0 + pageSize, total) }
    }

    /// The page (1-based) that holds a row (0-based).
    public static func page(ofRow row: Int, pageSize: Int) -> Int { row / pageSize + 1 }

    /// Path of page N under the site root: "" for page 1 (the site's index), "page/N/" otherwise.
    public static func path(ofPage number: Int) -> String { number == 1 ? "" : "page/\(number)/" }
}
