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
    /// What only a Markdown story has, boxed: one pointer, nil for every other story, instead of
    /// 32 bytes of empty fields in each of a million stories (`bench/build.py`: 762 → 752 MiB
    /// peak at 1,000,000).
    private var markdownExtras: ExtrasBox?

    /// Files copied beside the item page (a page bundle's).
    public var files: [StoryFile] {
        get { markdownExtras?.value.files ?? [] }
        set { updateExtras { $0.files = newValue } }
    }
    /// A Markdown story's front matter, every key as written, for templates (`meta`).
    public var meta: [String: MetaValue] {
        get { markdownExtras?.value.meta ?? [:] }
        set { updateExtras { $0.meta = newValue } }
    }
    /// The item page's folder under the site when the story asked for one (`slug`,
    /// `permalink`): what it asked for until the build resolves it (`ItemPaths`), then the path
    /// granted or nil for `item/<id>/`.
    public var itemPath: String? {
        get { markdownExtras?.value.itemPath }
        set { updateExtras { $0.itemPath = newValue } }
    }
    /// A Markdown story's summary, in Markdown: front matter's `summary`, `description` or
    /// `excerpt`, or the body before `<!--more-->`. Templates get it as `summary` (HTML).
    public var summary: String? {
        get { markdownExtras?.value.summary }
        set { updateExtras { $0.summary = newValue } }
    }

    private mutating func updateExtras(_ change: (inout MarkdownExtras) -> Void) {
        var extras = markdownExtras?.value ?? MarkdownExtras()
        change(&extras)
        markdownExtras = extras.isEmpty ? nil : ExtrasBox(extras)
    }

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

    /// A story gets its own page when it has text to show (Ask HN, Show HN posts, a Markdown body).
    public var hasItemPage: Bool {
        !(text ?? "").isEmpty || !(markdown ?? "").isEmpty
    }
}

/// A Markdown story's bundle files, front matter and wanted path (`Story`), in one allocation.
private struct MarkdownExtras: Sendable, Equatable {
    var files: [StoryFile] = []
    var meta: [String: MetaValue] = [:]
    var itemPath: String?
    var summary: String?

    var isEmpty: Bool { files.isEmpty && meta.isEmpty && itemPath == nil && summary == nil }
}

/// The box: immutable, so copies of a story share it safely; a change makes a new one.
private final class ExtrasBox: Sendable, Equatable {
    let value: MarkdownExtras
    init(_ value: MarkdownExtras) { self.value = value }
    static func == (a: ExtrasBox, b: ExtrasBox) -> Bool { a.value == b.value }
}
