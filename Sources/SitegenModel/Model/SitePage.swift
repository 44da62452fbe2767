/// A page of the site beside the list (`pages/about.md` → `/about/`), linked from every page's
/// navigation.
public struct SitePage: Sendable, Equatable {
    /// The file name without `.md`: the page's folder in the output and in its URL.
    public var slug: String
    /// Front matter `title`, else the slug.
    public var title: String
    /// Front matter `weight`: the navigation's order (ascending, pages without one after, then
    /// by slug).
    public var weight: Int?
    public var markdown: String

    public init(slug: String, title: String, weight: Int? = nil, markdown: String) {
        self.slug = slug
        self.title = title
        self.weight = weight
        self.markdown = markdown
    }
}
