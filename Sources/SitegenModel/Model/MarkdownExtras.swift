/// What only a Markdown story has: its page bundle's files, its front matter, the path it asks
/// for, its summary and its terms. Boxed: one pointer in every story and every entry, nil for all but
/// Markdown ones, instead of 48 bytes of empty fields in each of a million stories, whose
/// build must stay under 1 GiB (docs/internals/perf-log.md).
public struct MarkdownExtras: Sendable, Equatable {
    /// What a Markdown file's name ends in, as static site generators read them: the files a
    /// folder's stories come from, and the links between them.
    public static let fileExtensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn"]

    private var box: Box?

    public init() {}

    /// Files copied beside the item page (a page bundle's).
    public var files: [StoryFile] {
        get { box?.fields.files ?? [] }
        set { update { $0.files = newValue } }
    }

    /// The front matter, every key as written, for templates (`meta`).
    public var meta: [String: MetaValue] {
        get { box?.fields.meta ?? [:] }
        set { update { $0.meta = newValue } }
    }

    /// The item page's folder under the site when the story has one (its file's, or `slug`,
    /// `permalink`, `path`): what it asked for until the build resolves it (`ItemPaths`), then
    /// the path granted or nil for `item/<id>/`.
    public var itemPath: String? {
        get { box?.fields.itemPath }
        set { update { $0.itemPath = newValue } }
    }

    /// Its file's path under the source folder (`docs/config.md`): its body's links to other
    /// Markdown files are resolved from there to their pages.
    public var sourceFile: String? {
        get { box?.fields.sourceFile }
        set { update { $0.sourceFile = newValue } }
    }

    /// Old URLs of its page (`aliases`, `redirect_from`), each to get a redirect page
    /// (`Redirects`).
    public var aliases: [String] {
        get { box?.fields.aliases ?? [] }
        set { update { $0.aliases = newValue } }
    }

    /// Template code left in its body as text (Liquid's `{% … %}`, Hugo's `{{< … >}}` and
    /// `{{% … %}}`): the lines of its file it is on, for the summary to count and name.
    public var templateLines: [Int] {
        get { box?.fields.templateLines ?? [] }
        set { update { $0.templateLines = newValue } }
    }

    /// The summary (front matter's `summary`, `description` or `excerpt`, or the body before
    /// `<!--more-->`, or its first paragraph), rendered as the Markdown slice reads the file.
    /// Unlike the body's, its links to other files are left as written, so it needs nothing but
    /// its own text.
    public var summary: Summary? {
        get { box?.fields.summary }
        set { update { $0.summary = newValue } }
    }

    /// The site's zone's offset from UTC at the story's time, in seconds (`timezone`): a
    /// document shows the day its author dated it, not the day it was in London.
    public var utcOffset: Int {
        get { box?.fields.utcOffset ?? 0 }
        set { update { $0.utcOffset = newValue } }
    }

    /// The rule its headings' ids follow: its generator's (`SiteDialect`).
    public var headingIDs: HeadingIDStyle {
        get { box?.fields.headingIDs ?? .github }
        set { update { $0.headingIDs = newValue } }
    }

    /// Its tags and categories, as written, in the order written (`TaxonomyPlanner` makes the
    /// lists).
    public var terms: [Taxonomy: [String]] {
        get { box?.fields.terms ?? [:] }
        set { update { $0.terms = newValue } }
    }

    /// A summary, rendered: its HTML, which templates get as `summary`, and its words on one
    /// line, cut after a few hundred characters, which a document's row shows (`excerpt`).
    public struct Summary: Sendable, Equatable {
        public var html: String
        public var line: String
        public init(html: String, line: String) {
            self.html = html
            self.line = line
        }
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box?.fields ?? Fields()
        change(&fields)
        box = fields == Fields() ? nil : Box(fields)
    }

    private struct Fields: Sendable, Equatable {
        var files: [StoryFile] = []
        var meta: [String: MetaValue] = [:]
        var itemPath: String?
        var sourceFile: String?
        var templateLines: [Int] = []
        var aliases: [String] = []
        var summary: Summary?
        var utcOffset = 0
        var headingIDs = HeadingIDStyle.github
        var terms: [Taxonomy: [String]] = [:]
    }

    /// Immutable, so copies of a story share it safely; a change makes a new one.
    private final class Box: Sendable, Equatable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
        static func == (a: Box, b: Box) -> Bool { a.fields == b.fields }
    }
}
