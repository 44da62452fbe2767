/// Where one page of a Markdown folder stands among the others: the pages before and after it,
/// the sections above it, and its section's pages. The Markdown slice works it out
/// (`DocumentOutline`); the renderer shows it on the page. A plain value, so that neither needs
/// the other.
public struct DocumentPlace: Sendable, Equatable {
    /// A page to link to: its title and URL.
    public struct Link: Sendable, Equatable {
        public var title: String
        public var href: String
        public init(title: String, href: String) {
            self.title = title
            self.href = href
        }
    }

    public var previous: Link?
    public var next: Link?
    /// The sections above the page, outermost first.
    public var crumbs: [Link] = []
    /// Its section's page (nil when the section has none) and pages, in the list's order,
    /// and which of them is this one (nil when it is not among them).
    public var section: Link?
    public var pages: [Link] = []
    public var current: Int?

    public init() {}
}
