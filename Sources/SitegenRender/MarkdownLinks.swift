import SitegenModel

/// Links between a Markdown folder's files, made links between their pages: `[setup](setup.md)`,
/// `[x](../guide/intro.md#install)` and `[x](/docs/config.md)` in `docs/guide/intro.md` point at
/// the pages those files became (`/docs/guide/setup/`, …, with the fragment kept). Pure: the map
/// of files to pages in, a URL out. A link to a file that is no story's stays as written.
package struct MarkdownLinks: Sendable {
    /// A story's file under the source folder → its page's URL.
    let pages: [String: String]

    /// - Parameter withPages: the stories that have an item page (a Markdown story without a
    ///   body has none, nor has any story of a build without item pages).
    package init(stories: [Story], withPages: [Int], paths: SitePaths) {
        var pages: [String: String] = [:]
        for i in withPages {
            if let file = stories[i].markdownExtras.sourceFile { pages[file] = paths.item(stories[i]) }
        }
        self.pages = pages
    }

    package var isEmpty: Bool { pages.isEmpty }

    /// The page URL for a link written in `file`, or nil to keep it: only a link to a Markdown
    /// file (by its extension), relative to `file`'s folder or to the source folder's root
    /// (`/…`), with no scheme or host.
    package func resolve(_ url: String, from file: String) -> String? {
        guard !url.isEmpty, !url.hasPrefix("//"), !url.hasPrefix("#") else { return nil }
        // A scheme (`https:`, `mailto:`) is a colon before any `/`, `?` or `#`.
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains(where: { "/?#".contains($0) }) { return nil }
        let fragmentStart = url.firstIndex { $0 == "#" || $0 == "?" } ?? url.endIndex
        let path = LinkCheck.percentDecoded(url[..<fragmentStart])
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard path.contains("."), Self.extensions.contains(ext) else { return nil }
        var parts = path.hasPrefix("/") ? [] : file.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(part))
            }
        }
        guard let page = pages[parts.joined(separator: "/")] else { return nil }
        return page + url[fragmentStart...]
    }

    static let extensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn"]
}
