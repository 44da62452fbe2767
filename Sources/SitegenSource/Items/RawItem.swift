import SitegenModel

/// An item as a source hands it over, in the Hacker News item shape, before any judgement.
/// Decoding never fails on a field: an optional field of the wrong type ("score": "abc") reads as
/// absent, so one bad field does not cost a story its row. `ItemFilter` decides what is kept.
public struct RawItem: Sendable, Equatable, Codable {
    public var id: Int?
    public var type: String?
    public var by: String?
    public var time: Int?
    public var title: String?
    public var url: String?
    public var text: String?
    public var score: Int?
    public var descendants: Int?
    public var dead: Bool?
    public var deleted: Bool?
    /// Not in HN's items; a source may give each story a picture (`"image": "https://…"` or
    /// `"image": {"url": "…", "width": 640, "height": 480}`).
    public var image: ItemImage?
    /// A comment's parent (a comment or the story), and an item's replies, in HN's order: what
    /// a thread is read by (`CommentJSON`). `kids` is nil unless every entry is an integer.
    public var parent: Int?
    public var kids: [Int]?
    /// False when the JSON value was not an object at all (a number, a string, an array).
    public var isObject: Bool = true
    /// The body of a Markdown story (`MarkdownStorySource`); never read from JSON.
    public var markdown: String?
    /// A Markdown story's bundle files, front matter, wanted path and summary
    /// (`MarkdownStorySource`), boxed; never read from JSON.
    public var markdownExtras = MarkdownExtras()

    package enum CodingKeys: String, CodingKey {
        case id, type, by, time, title, url, text, score, descendants, dead, deleted, image, parent, kids
    }

    public init(
        id: Int?, type: String? = "story", by: String? = nil, time: Int? = nil, title: String? = nil,
        url: String? = nil, text: String? = nil, score: Int? = nil, descendants: Int? = nil,
        dead: Bool? = nil, deleted: Bool? = nil, image: ItemImage? = nil
    ) {
        self.id = id
        self.type = type
        self.by = by
        self.time = time
        self.title = title
        self.url = url
        self.text = text
        self.score = score
        self.descendants = descendants
        self.dead = dead
        self.deleted = deleted
        self.image = image
    }

    public init(from decoder: Decoder) throws {
        guard let c = try? decoder.container(keyedBy: CodingKeys.self) else {
            isObject = false
            return
        }
        id = Self.lenient(Int.self, c, .id)
        type = Self.lenient(String.self, c, .type)
        by = Self.lenient(String.self, c, .by)
        time = Self.lenient(Int.self, c, .time)
        title = Self.lenient(String.self, c, .title)
        url = Self.lenient(String.self, c, .url)
        text = Self.lenient(String.self, c, .text)
        score = Self.lenient(Int.self, c, .score)
        descendants = Self.lenient(Int.self, c, .descendants)
        dead = Self.lenient(Bool.self, c, .dead)
        deleted = Self.lenient(Bool.self, c, .deleted)
        image = Self.lenient(ItemImage.self, c, .image)
        parent = Self.lenient(Int.self, c, .parent)
        kids = Self.lenient([Int].self, c, .kids)
    }

    private static func lenient<T: Decodable>(
        _ type: T.Type, _ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) -> T? {
        (try? c.decodeIfPresent(type, forKey: key)) ?? nil
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(by, forKey: .by)
        try c.encodeIfPresent(time, forKey: .time)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(score, forKey: .score)
        try c.encodeIfPresent(descendants, forKey: .descendants)
        try c.encodeIfPresent(dead, forKey: .dead)
        try c.encodeIfPresent(deleted, forKey: .deleted)
        try c.encodeIfPresent(image, forKey: .image)
        try c.encodeIfPresent(parent, forKey: .parent)
        try c.encodeIfPresent(kids, forKey: .kids)
    }
}
