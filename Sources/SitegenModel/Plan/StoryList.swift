/// A list the site shows with pages of its own: the site's list of every story, or a term's
/// (`tags/swift/`). Every list is made by the same steps (`Paginator`, `ShardPlanner`,
/// `ManifestPlanner`) from the rows rendered once for the site's list: a term's row is the
/// site's row of the same story, found by index. Pure.
public struct StoryList: Sendable {
    /// The term whose list this is; nil for the site's list.
    public let term: Term?
    /// Rows in the list.
    public let total: Int

    /// The site's list: every story, in order.
    public init(all count: Int) {
        term = nil
        total = count
    }

    public init(term: Term) {
        self.term = term
        total = term.stories.count
    }

    /// Where its pages go under the site: "" for the site's list, `tags/swift/` for a term's.
    public var folder: String { term?.folder ?? "" }

    /// The index (into the site's stories) of the story at `row` of this list.
    @inlinable
    public func story(atRow row: Int) -> Int { term?.stories[row] ?? row }

    /// Whether the list has shards and a manifest of its own. The site's list always has (its
    /// format is what other clients read). A term's list only when it runs past one page: on a
    /// single page every row is in the static HTML already, and nothing is left to fetch, so
    /// the files would only cost the build (most of a site's terms are on one page).
    public func hasShards(pageSize: Int) -> Bool {
        term == nil || Paginator.pageCount(total: total, pageSize: pageSize) > 1
    }
}
