import SitegenModel

/// Where each page of a Markdown folder stands among the others, as a reader of a blog or a
/// docs site expects to move between them: the pages before and after it in its section, the
/// sections above it (breadcrumbs), and its section's pages (section navigation). Pure: the
/// stories in list order in, links out.
///
/// A page's section is its file's folder, as Hugo and Zola read one: `docs/guide/setup.md` is
/// in `docs/guide`; a page bundle's `posts/hello/index.md` is in `posts`; a section's own page,
/// `docs/guide/_index.md`, heads `docs/guide` and is listed in `docs`.
/// - Previous and next: the pages of its section, in the list's order (a blog's posts newest
///   first, a docs section by weight); a section's own page has none.
/// - Breadcrumbs: the sections above it that have a page of their own (`_index.md`).
/// - Section navigation: only on a site with two sections or more that have their own page (a
///   blog's one `posts/_index.md` makes no navigation worth its bytes): the pages of the page's
///   section (of the section it heads, for a section's own page), at most `navigationLimit`
///   of them around it.
public struct DocumentOutline: Sendable {
    /// Section navigation lists at most this many pages: on a section of thousands, the ones
    /// around the page.
    public static let navigationLimit = 60

    /// A page's file, split: which section it is in, and which it heads.
    private struct Entry {
        var story: Int
        var link: DocumentPlace.Link
        var section: String
        /// The folder it is the `_index.md` of.
        var heads: String?
    }

    private var entries: [Int: Entry] = [:]
    /// Each section's pages (story indexes, the list's order): its pages and the pages of the
    /// sections right below it.
    private var members: [String: [Int]] = [:]
    private var position: [Int: Int] = [:]
    private var sectionPages: [String: Int] = [:]
    private let navigates: Bool

    /// - Parameter withPages: the stories that have an item page, in the list's order.
    public init(stories: [Story], withPages: [Int], paths: SitePaths) {
        for i in withPages {
            guard let file = stories[i].markdownExtras.sourceFile, stories[i].markdown != nil else { continue }
            var folders = file.split(separator: "/").map(String.init)
            let name = folders.removeLast()
            let stem = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
            var entry = Entry(
                story: i, link: DocumentPlace.Link(title: stories[i].title, href: paths.item(stories[i])), section: "", heads: nil
            )
            if stem == "_index" {
                entry.heads = folders.joined(separator: "/")
                folders = folders.dropLast()
            } else if stem == "index" {
                folders = folders.dropLast()
            }
            entry.section = folders.joined(separator: "/")
            entries[i] = entry
            if let heads = entry.heads { sectionPages[heads] = i }
            position[i] = members[entry.section, default: []].count
            members[entry.section, default: []].append(i)
        }
        navigates = sectionPages.keys.filter { !$0.isEmpty }.count >= 2
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The place of the story at `index`, or nil when it is not a page of a Markdown file.
    public func place(of index: Int) -> DocumentPlace? {
        guard let entry = entries[index] else { return nil }
        var place = DocumentPlace()
        let siblings = members[entry.section] ?? []
        if entry.heads == nil, let at = position[index] {
            // Previous and next skip the sections' own pages: they are the sections, not pages of it.
            place.previous = siblings[..<at].last { entries[$0]?.heads == nil }.flatMap { entries[$0]?.link }
            place.next = siblings[(at + 1)...].first { entries[$0]?.heads == nil }.flatMap { entries[$0]?.link }
        }
        var parts = entry.section.split(separator: "/").map(String.init)
        if let heads = entry.heads { parts = heads.split(separator: "/").map(String.init).dropLast() }
        place.crumbs = parts.indices.compactMap { n in
            sectionPages[parts[...n].joined(separator: "/")].flatMap { entries[$0]?.link }
        }
        if navigates {
            let shown = entry.heads ?? entry.section
            let pages = members[shown] ?? []
            place.section = sectionPages[shown].flatMap { entries[$0]?.link }
            // The window of pages around this one, when the section is long.
            let at = entry.heads == nil ? position[index] ?? 0 : 0
            let start = max(0, min(at - Self.navigationLimit / 2, pages.count - Self.navigationLimit))
            let window = pages[start..<min(pages.count, start + Self.navigationLimit)]
            place.pages = window.compactMap { entries[$0]?.link }
            place.current = window.firstIndex(of: index).map { $0 - start }
        }
        return place
    }
}
