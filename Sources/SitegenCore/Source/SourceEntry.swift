/// One entry of a source, in rank order, with where it came from so a skip can name it.
public struct SourceEntry: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case item(RawItem)
        /// The JSON value was `null` (HN answers null for ids it no longer has).
        case null
        /// The entry could not be read or parsed; the reason is for the summary.
        case unreadable(String)
        /// The entry could not be fetched, after every retry (HTTP sources); the reason is for the summary.
        case unfetched(String)
    }

    /// Human words for where: "item/123.json", "stories.jsonl line 17", "stories.json entry 4".
    public var location: String
    /// The id the source knows the entry by before reading it (an HN list names its items), so
    /// an entry that cannot be read is still named by id.
    public var id: Int?
    public var content: Content

    public init(location: String, id: Int? = nil, content: Content) {
        self.location = location
        self.id = id
        self.content = content
    }
}
