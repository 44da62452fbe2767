/// Where stories come from. A source only reads: it returns every entry in rank order, good or
/// bad, and leaves judging them to `ItemFilter`, so all sources skip the same things the same way.
/// Sources that fetch over the network (Hacker News API, paged JSON APIs) conform too, which is
/// why `entries()` is async.
public protocol StorySource: Sendable {
    /// What the summary calls this source ("stories.jsonl", "the embedded sample").
    var name: String { get }
    /// Throws `SitegenError` when the source as a whole is unusable; item-level faults become
    /// `.null` or `.unreadable` entries instead.
    func entries() async throws -> [SourceEntry]
}
