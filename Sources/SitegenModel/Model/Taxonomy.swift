/// A way of grouping stories by the words their front matter gives them: `tags` and
/// `categories` (Jekyll's `category` is one more category). Each term gets a list of its own
/// (`tags/swift/`), and each taxonomy an index of its terms (`tags/`).
///
/// Two, fixed: what Jekyll, Hugo and Eleventy sites write. Hugo's custom taxonomies (`series`,
/// `authors`) stay in `meta` for templates, without lists (docs/guides/templates.md says so).
public enum Taxonomy: String, Sendable, CaseIterable, Comparable {
    case categories
    case tags

    /// The taxonomy's folder under the site, and its index page's: `tags/`.
    public var folder: String { rawValue + "/" }

    /// "Tags", for the index page's heading.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    public static func < (a: Taxonomy, b: Taxonomy) -> Bool { a.rawValue < b.rawValue }
}
