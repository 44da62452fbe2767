import SitegenModel

/// How the text of a document becomes HTML: a story's Markdown body, or a site page's
/// (`pages/about.md`). SitegenMarkdown implements it and the build passes it to the
/// renderer, which lays out what it returns and knows nothing of Markdown. This way the
/// renderer sits below the Markdown slice, as it sits below search.
package protocol DocumentRenderer: Sendable {
    /// A story's Markdown body as HTML, its links to other files made links to their pages.
    /// `taken`: the ids the theme's templates already use, which no heading may take.
    func body(of story: Story, taken: Set<String>) -> RenderedDocument?
    /// A site page's Markdown as HTML.
    func body(of page: SitePage, taken: Set<String>) -> RenderedDocument
    /// Where the story at `index` stands among the folder's pages, for its page's navigation.
    func place(of index: Int) -> DocumentPlace?
    /// What `body(of: story)` would be told now of each link it asked about
    /// (`RenderedDocument.answers`): the same answers, with the same story, make the same body.
    func answers(to links: [String], of story: Story) -> [String?]
}

/// A link a document's body asked the site about while it was rendered (a link to another
/// Markdown file), and the URL it was told to use instead (nil: none, the link stays as written).
public struct LinkAnswer: Sendable, Equatable {
    public var link: String
    public var page: String?

    public init(link: String, page: String?) {
        self.link = link
        self.page = page
    }
}

/// A document's text, rendered: its HTML, its headings (a table of contents), and what the
/// build checks and reports of it.
public struct RenderedDocument: Sendable, Equatable {
    /// A heading: its level (1 to 6), its text, and its `id` (nil for one whose text makes no
    /// id: only punctuation or emoji).
    public struct Heading: Sendable, Equatable {
        public var level: Int
        public var text: String
        public var id: String?

        public init(level: Int, text: String, id: String?) {
            self.level = level
            self.text = text
            self.id = id
        }
    }

    public var html: String
    public var headings: [Heading]
    /// Its links' targets (`href`s, as the HTML has them, entities decoded) and every id it has
    /// (its headings', its footnotes', its raw HTML's): what `LinkCheck` reads.
    public var links: [String] = []
    public var ids: Set<String> = []
    /// What its raw HTML lost as unsafe (`AuthoredHTML.Result.removed`).
    public var removed: [String] = []
    /// The bounds its HTML met (`AuthoredHTML.Result.capped`).
    public var capped: [String] = []
    /// Every link it asked the site about, in the order asked, with the answer: all that its
    /// HTML took from other files (`DocumentRenderer.answers`).
    public var answers: [LinkAnswer] = []

    public init(
        html: String, headings: [Heading], links: [String] = [], ids: Set<String> = [], removed: [String] = [],
        capped: [String] = []
    ) {
        self.html = html
        self.headings = headings
        self.links = links
        self.ids = ids
        self.removed = removed
        self.capped = capped
    }
}
