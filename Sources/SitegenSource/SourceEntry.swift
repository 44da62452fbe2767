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
        /// A draft (`draft: true`, `published: false`): left out unless the build asks for drafts.
        case draft
        /// A file a site generator would not read (not Markdown, or under a folder or name
        /// starting with `_` or `.`): counted, so that every file in the source is accounted for.
        case ignored(String)
        /// A symbolic link not followed: it leaves the source folder, points to a folder, or
        /// points nowhere (`FolderWalk`). The reason is for the summary.
        case notFollowed(String)
    }

    /// Human words for where: "item/123.json", "stories.jsonl line 17", "stories.json entry 4".
    public var location: String {
        get {
            switch place {
            case .words(let words): words
            case .numbered(let prefix, let number): "\(prefix)\(number)"
            }
        }
        set { place = .words(newValue) }
    }

    /// `location`, kept as a shared prefix and a number where it has that shape: a million-line
    /// file then holds one copy of "stories.jsonl line " instead of a million strings, and the
    /// words are made only for the few entries a summary names.
    private enum Place: Sendable {
        case words(String)
        case numbered(prefix: String, Int)
    }

    private var place: Place

    /// The id the source knows the entry by before reading it (an HN list names its items), so
    /// an entry that cannot be read is still named by id.
    public var id: Int?
    public var content: Content

    public init(location: String, id: Int? = nil, content: Content) {
        self.place = .words(location)
        self.id = id
        self.content = content
    }

    /// An entry whose location is `prefix` followed by `number` ("stories.jsonl line 17").
    package init(prefix: String, number: Int, id: Int? = nil, content: Content) {
        self.place = .numbered(prefix: prefix, number)
        self.id = id
        self.content = content
    }

    public static func == (a: SourceEntry, b: SourceEntry) -> Bool {
        a.id == b.id && a.content == b.content && a.location == b.location
    }
}
