/// One row of the list: a story that survived the source's filtering, in the shape every later
/// step works with. Optional fields are nil when the source left them out or gave the wrong type.
public struct Story: Sendable, Equatable {
    public var id: Int
    public var title: String
    /// As given by the source; `SafeURL` decides at render time whether it may become a link.
    public var url: String?
    public var by: String?
    /// Unix seconds.
    public var time: Int?
    public var score: Int?
    public var descendants: Int?
    /// HN's `text`: HTML, sanitized at render time by `HTMLSanitizer`.
    public var text: String?
    public var image: ItemImage?
    /// A Markdown story's body: rendered by `Markdown` (cmark-gfm, safe mode) for its item page.
    public var markdown: String?
    /// A Markdown story's bundle files, front matter, wanted path and summary (boxed).
    public var markdownExtras = MarkdownExtras()
    /// Whether the build shows the story's comments (its source holds some, and `comments`
    /// is not 0): its page then holds its thread.
    public var hasThread = false

    public init(
        id: Int, title: String, url: String? = nil, by: String? = nil, time: Int? = nil,
        score: Int? = nil, descendants: Int? = nil, text: String? = nil, image: ItemImage? = nil,
        markdown: String? = nil
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.by = by
        self.time = time
        self.score = score
        self.descendants = descendants
        self.text = text
        self.image = image
        self.markdown = markdown
    }

    /// A story gets its own page when it has text to show (Ask HN, Show HN posts, a Markdown
    /// body) or comments.
    public var hasItemPage: Bool {
        !(text ?? "").isEmpty || !(markdown ?? "").isEmpty || hasThread
    }
}
