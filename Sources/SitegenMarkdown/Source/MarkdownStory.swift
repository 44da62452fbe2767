import Foundation
import SitegenConfig
import SitegenModel
import SitegenSource
import SitegenSystem

/// One Markdown file read as a story: front matter fields to `RawItem` fields, read the way
/// Jekyll, Hugo and Eleventy write them. Pure.
///
/// | key | field | when absent or unreadable |
/// | --- | --- | --- |
/// | `title` | title | the first `# heading` of the body, then the file name's words (as Jekyll does) |
/// | `date`, then `publishDate`, then `lastmod` (Hugo's order) | time (`FrontMatterDate`) | the file name's date (`2013-05-06-title.md`, Jekyll's posts), then a `path` beginning with one (Zola's `2025/06/26/Rust-1.88.0`), then the file's first commit (`GitDates`), else none |
/// | `author` (or `by`); else `authors` (Zola's, Hugo themes') | by (an `author` list gives its first; `authors` all of theirs, joined by ", ") | — |
/// | `url` | url (checked by `SafeURL` when rendered) | — |
/// | `score` | score (an integer) | left out |
/// | `weight` | the order, not shown (an integer) | — |
/// | `image` | image URL | — |
/// | `id` | id (1 ... 2^53-1) | the file path's hash |
/// | `draft: true`, `published: false` | a draft: left out unless `--drafts` | — |
/// | `permalink: false` (Eleventy) | not a page: ignored, and counted | — |
/// | `aliases` (Hugo, Zola), `redirect_from` (Jekyll) | old URLs of the page: each a redirect page to it (`Redirects`) | — |
/// | `permalink` (Jekyll: a path or a pattern), `path` (Zola), `slug` (Hugo) | the item page's path (`ItemPaths`) | the file's own: `docs/config.md` → `docs/config/`, `post/index.md` and `docs/_index.md` → their folder's, `2013-05-06-hello.md` → `2013/05/06/hello/`; a Jekyll post (in `_posts`) the site's permalink or Jekyll's default; `item/<id>/` when that is not free |
/// | `summary`, `description`, `excerpt` | the summary templates see | the body before `<!--more-->`, else its first paragraph |
/// | `tags`; `categories`, `category` | the story's terms (`TaxonomyPlanner`): a list, or words (Jekyll's `tags: a b`); `category` is one term | none |
///
/// A known key is read whatever its YAML spelling: quoted or not, `yes` for true, a list where
/// one value is usual (its first). Every key, known or not, goes to the templates as `meta`.
struct MarkdownStory: Sendable {
    package var item: RawItem
    let orderKey: OrderKey
    /// `draft: true` or `published: false`.
    let isDraft: Bool
    /// Eleventy's `permalink: false`: a page its site does not write (a data file, a partial).
    let isUnwritten: Bool

    /// - Parameters:
    ///   - file: the path under the source folder ("posts/2013-05-06-hello.md").
    ///   - zone: the zone of dates written without one.
    ///   - committed: when the file was first committed (`GitDates`): its date when it says none.
    ///   - permalinks: the site's own (Jekyll's `_config.yml`, Hugo's `[permalinks]`).
    ///   - dialect: what its generator does its own way: Hugo's lowercase paths, heading ids.
    package init(
        file: String, matter: FrontMatter, zone: SiteTimeZone = .utc, committed: Int? = nil,
        permalinks: Permalink.Settings = .init(), dialect: SiteDialect = .init()
    ) {
        let read = { (text: String) in FrontMatterDate.unixSeconds(text, offsetOfLocal: zone.offset(ofLocal:)) }
        let id = matter["id"].flatMap(Int.init).flatMap { (1..<Self.idLimit).contains($0) ? $0 : nil }
        let time =
            ["date", "publishDate", "lastmod"].lazy.compactMap { matter[$0].flatMap(read) }.first
            ?? Self.fileNameDate(file).flatMap(read) ?? matter["path"].flatMap(Self.pathDate).flatMap(read) ?? committed
        let body = TemplateForms.rewritten(matter.body)
        let title =
            matter["title"].flatMap { $0.contains { !$0.isWhitespace } ? $0 : nil }
            ?? Self.firstHeading(body) ?? Self.fileNameTitle(file)
        var item = RawItem(
            id: id ?? Self.id(forFile: file), type: nil, by: matter["author"] ?? matter["by"] ?? Self.authors(matter),
            time: time,
            title: title, url: matter["url"], score: matter["score"].flatMap(Int.init),
            image: matter["image"].map { ItemImage(url: $0) })
        item.markdown = body.contains(where: { !$0.isWhitespace }) ? body : nil
        item.markdownExtras.meta = matter.fields.compactMapValues { $0.value == .null ? nil : $0.value }
        var folders = file.split(separator: "/").dropLast().map(String.init)
        let isIndex = ["index", "_index"].contains(Self.fileName(file))
        if isIndex, !folders.isEmpty { folders.removeLast() }
        let fields = Permalink.Fields(
            date: time.map { CivilDate(unix: $0 + zone.offset(at: $0)) },
            fileName: isIndex
                ? file.split(separator: "/").dropLast().last.map(String.init) ?? "" : Self.fileNameWithoutDate(file),
            slug: matter["slug"], title: title, categories: Self.categories(file: file, matter: matter), sections: folders)
        item.markdownExtras.itemPath = Self.wantedPath(file: file, matter: matter, fields: fields, site: permalinks).map {
            dialect.lowercasePaths ? $0.lowercased() : $0
        }
        item.markdownExtras.headingIDs = dialect.headingIDs
        item.markdownExtras.sourceFile = file
        item.markdownExtras.aliases = matter.texts("aliases") + matter.texts("redirect_from")
        item.markdownExtras.templateLines = Self.templateLines(body).map { $0 + matter.bodyLine - 1 }
        let summary =
            ["summary", "description", "excerpt"].lazy.compactMap { matter[$0] }.first { $0.contains { !$0.isWhitespace } }
            ?? ByteSearch.prefix(of: body, before: "<!--more-->") ?? Self.firstParagraph(body)
        item.markdownExtras.summary = summary.map { Markdown.summary($0) }
        item.markdownExtras.utcOffset = time.map { zone.offset(at: $0) } ?? 0
        item.markdownExtras.terms = Self.terms(matter)
        self.item = item
        orderKey = OrderKey(weight: matter["weight"].flatMap(Int.init), time: time, file: file)
        isDraft = matter.flag("draft") == true || matter.flag("published") == false || Self.post(file) == "_drafts"
        isUnwritten = matter.flag("permalink") == false
    }

    /// A story as parsed before (`KeptParses`).
    init(item: RawItem, orderKey: OrderKey, isDraft: Bool, isUnwritten: Bool) {
        self.item = item
        self.orderKey = orderKey
        self.isDraft = isDraft
        self.isUnwritten = isUnwritten
    }

    static let idLimit = StableID.limit

    /// `tags`, and `categories` with Jekyll's `category` (one category, spaces and all). In
    /// Unicode's composed form (NFC): `ü` typed as `u` and a combining accent is the same term,
    /// and its folder and every link to it must have the same bytes.
    static func terms(_ matter: FrontMatter) -> [Taxonomy: [String]] {
        var terms: [Taxonomy: [String]] = [:]
        let tags = matter.texts("tags").map(\.precomposedStringWithCanonicalMapping)
        let categories = (matter.texts("categories") + (matter["category"].map { [$0] } ?? []))
            .map(\.precomposedStringWithCanonicalMapping)
        if !tags.isEmpty { terms[.tags] = tags }
        if !categories.isEmpty { terms[.categories] = categories }
        return terms
    }

    /// A stable id from the file's path under the source folder.
    package static func id(forFile file: String) -> Int { StableID.of(file) }

    /// The text of the first ATX heading of level 1 (`# Title`), outside fenced code.
    static func firstHeading(_ body: String) -> String? {
        var found: String? = nil
        FencedLines.forEach(in: body) { _, line, inCode -> Bool in
            let trimmed = line.drop { $0 == " " }
            guard !inCode, trimmed.hasPrefix("# ") else { return true }
            var text = trimmed.dropFirst(2)
            // A closing sequence of #s is not part of the heading.
            while text.last == "#" || text.last == " " { text = text.dropLast() }
            let heading = text.drop { $0 == " " }
            if !heading.isEmpty { found = String(heading) }
            return found == nil
        }
        return found
    }

    /// The body's first paragraph, as Markdown: its first run of lines of prose, outside fenced
    /// code, past headings, raw HTML, pictures alone on their line, tables, quotes, lists and
    /// rules (a row's summary is a line of words, and those make none). At most
    /// `paragraphLimit` characters of it: a summary is cut to a line anyway.
    static func firstParagraph(_ body: String) -> String? {
        var lines: [Substring] = []
        var length = 0
        FencedLines.forEach(in: body) { _, line, inCode -> Bool in
            let text = line.drop { $0 == " " || $0 == "\t" }
            if inCode || text.isEmpty { return lines.isEmpty }
            if lines.isEmpty {
                let skipped =
                    text.hasPrefix("#") || text.hasPrefix("<") || text.hasPrefix("|") || text.hasPrefix(">")
                    || text.hasPrefix("- ") || text.hasPrefix("* ") || text.hasPrefix("+ ") || text.hasPrefix("![")
                    || text.hasPrefix("{{") || text.hasPrefix("{%") || text.hasPrefix("[^")
                    || text.allSatisfy { "-*_=".contains($0) || $0 == " " } || isOrderedItem(text)
                if skipped { return true }
            } else if text.allSatisfy({ $0 == "=" || $0 == "-" }) {
                // The lines so far were a heading (`Title` over `=====`), not a paragraph.
                lines = []
                length = 0
                return true
            }
            lines.append(text)
            length += text.utf8.count
            return length <= paragraphLimit
        }
        guard !lines.isEmpty else { return nil }
        return String(lines.joined(separator: "\n").prefix(paragraphLimit))
    }

    static let paragraphLimit = 1_000

    /// Whether a line opens an ordered list's item as CommonMark spells one: 1 to 9 ASCII
    /// digits, then `.` or `)`, then a space. (A regex literal here was built anew at every
    /// line it was asked of.)
    static func isOrderedItem(_ line: Substring) -> Bool {
        let utf8 = line.utf8
        let digits = utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        guard (1...9).contains(digits) else { return false }
        let after = utf8.dropFirst(digits)
        return after.count >= 2 && (after.first == UInt8(ascii: ".") || after.first == UInt8(ascii: ")"))
            && after.dropFirst().first == UInt8(ascii: " ")
    }

    /// Jekyll's date in a post's file name: `2013-05-06-hello.md` → "2013-05-06".
    static func fileNameDate(_ file: String) -> String? {
        let name = Self.fileName(file)
        guard name.count > 10, name.dropFirst(10).first == "-" else { return nil }
        let date = String(name.prefix(10))
        return FrontMatterDate.unixSeconds(date) == nil ? nil : date
    }

    /// The body's lines (1 its first) holding template code another generator would have run:
    /// Liquid and Nunjucks tags (`{% highlight ruby %}`, `{% for %}`), Hugo shortcodes (`{{< figure
    /// >}}`, `{{% note %}}`). Outside fenced code and code spans, where writing about them is
    /// text. (`{{ value }}` alone is left: Mustache and Vue docs write it as prose.)
    static func templateLines(_ body: String) -> [Int] {
        guard ["{%", "{{<", "{{%"].contains(where: { ByteSearch.contains(body, $0) }) else { return [] }
        var lines: [Int] = []
        FencedLines.forEach(in: body) { n, line, inCode in
            guard !inCode else { return }
            // Code spans out: the parts between backticks at odd places.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            if prose.contains("{%") || prose.contains("{{<") || prose.contains("{{%") { lines.append(n) }
        }
        return lines
    }

    /// The date in a page's `path` (Zola's), wherever it stands: `2025/06/26/Rust-1.88.0` and
    /// `inside-rust/2020/07/27/1.45.0-prerelease` → "2025-06-26", "2020-07-27". The first
    /// three segments in a row that are a year, a month and a day.
    static func pathDate(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        func digits(_ part: Substring, _ count: Int) -> Bool {
            part.utf8.count == count && part.utf8.allSatisfy { (0x30...0x39).contains($0) }
        }
        for start in parts.indices.dropLast(2) {
            let (y, m, d) = (parts[start], parts[start + 1], parts[start + 2])
            guard digits(y, 4), digits(m, 2), digits(d, 2) else { continue }
            let date = "\(y)-\(m)-\(d)"
            if FrontMatterDate.unixSeconds(date) != nil { return date }
        }
        return nil
    }

    /// `authors = ["Ada", "Grace"]` → "Ada, Grace" (a story's `by` is one line of text).
    static func authors(_ matter: FrontMatter) -> String? {
        let names: [String]
        switch matter.fields["authors"]?.value {
        case .list(let items)?: names = items.compactMap(\.firstText).filter { $0.contains { !$0.isWhitespace } }
        case .text(let text)?: names = [text]
        default: names = []
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// The file name's words, as Jekyll titles a post without a title: `2013-05-06-hello-world.md`
    /// → "Hello World"; `post/index.md` and `_index.md` take their folder's name.
    static func fileNameTitle(_ file: String) -> String {
        var name = fileNameWithoutDate(file)
        if name == "index" || name == "_index" {
            let folders = file.split(separator: "/").dropLast()
            name = folders.last.map(String.init) ?? name
        }
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// The item page path the file asks for: Jekyll's `permalink` (a path, `/about.html` the
    /// folder `about`, or a pattern: `/:year/:title/`, `Permalink`), Zola's `path` as written, or Hugo's `slug` in place
    /// of the file's name (of its bundle's folder, for `post/index.md`). A Jekyll post (a file
    /// in a `_posts` or `_drafts` folder) takes the site's permalink (`_config.yml`), else
    /// Jekyll's default, `/:categories/:year/:month/:day/:title/`; a page of a section Hugo's
    /// `[permalinks]` names takes its pattern (a section's `_index.md` keeps its folder). Otherwise the file's own
    /// path, as every static site generator puts a page: `docs/config.md` → `docs/config`,
    /// `post/index.md` and `docs/_index.md` → their folder's, a dated `2013-05-06-hello.md` →
    /// `2013/05/06/hello`. The folder's own `index.md` asks for none: the site's root is its
    /// list. A pattern that cannot be made (an unknown placeholder, no date) is as if absent.
    /// `ItemPaths` decides.
    static func wantedPath(file: String, matter: FrontMatter, fields: Permalink.Fields, site: Permalink.Settings) -> String? {
        if let permalink = matter["permalink"], matter.flag("permalink") == nil, let path = Permalink.path(permalink, fields) {
            return path
        }
        if let path = matter["path"], !path.contains(":") { return path }
        if post(file) != nil, let path = Permalink.path(site.posts ?? "date", fields) { return path }
        if fileName(file) != "_index", let section = fields.sections.first, let pattern = site.sections[section],
            let path = Permalink.path(pattern, fields, .hugo)
        {
            return path
        }
        var folders = file.split(separator: "/").dropLast().filter { $0 != "_posts" && $0 != "_drafts" }.map(String.init)
        let name = fileName(file)
        let isIndex = ["index", "_index"].contains(name)
        if isIndex { folders = Array(folders.dropLast()) }
        if let slug = matter["slug"] {
            return slug.contains("/") ? nil : (folders + [slug]).joined(separator: "/")
        }
        if isIndex {
            let own = file.split(separator: "/").dropLast().map(String.init)
            return own.isEmpty ? nil : own.joined(separator: "/")
        }
        if let date = fileNameDate(file) {
            return (folders + date.split(separator: "-").map(String.init) + [String(name.dropFirst(11))]).joined(separator: "/")
        }
        return (folders + [name]).joined(separator: "/")
    }

    /// `_posts` or `_drafts` when the file is in such a folder (at any depth, as Jekyll reads
    /// `news/_posts/`): a Jekyll post, or a draft of one.
    static func post(_ file: String) -> Substring? {
        file.split(separator: "/").dropLast().last { $0 == "_posts" || $0 == "_drafts" }
    }

    /// Jekyll's categories of a post: the folders above its `_posts`, then front matter's
    /// `categories` (a list or words) and `category`, lowercased as its URLs have them.
    static func categories(file: String, matter: FrontMatter) -> [String] {
        let own = matter.texts("categories") + (matter["category"].map { [$0] } ?? [])
        let folders =
            post(file) == nil ? [] : file.split(separator: "/").prefix { $0 != "_posts" && $0 != "_drafts" }.map(String.init)
        // Each once, the first kept, as Jekyll's URLs have them (`news/_posts/` and `categories: news`).
        var seen: Set<String> = []
        return (folders + own).map { $0.lowercased() }.filter { seen.insert($0).inserted }
    }

    /// The file's name without its extension and Jekyll's date: `hello` of `2013-05-06-hello.md`.
    static func fileNameWithoutDate(_ file: String) -> String {
        let name = fileName(file)
        return fileNameDate(file) == nil ? name : String(name.dropFirst(11))
    }

    /// The last path component without its extension.
    private static func fileName(_ file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}
