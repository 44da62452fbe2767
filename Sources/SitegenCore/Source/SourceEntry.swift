/// One entry of a source, in rank order, with where it came from so a skip can name it.
public struct SourceEntry: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case item(RawItem)
        /// The JSON value was `null` (HN answers null for ids it no longer has).
        case null
        /// The entry could not be read or parsed; the reason is for the summary.
        case unreadable(String)
    }

    /// Human words for where: "item/123.json", "stories.jsonl line 17", "stories.json entry 4".
    public var location: String
    public var content: Content

    public init(location: String, content: Content) {
        self.location = location
        self.content = content
    }
}
