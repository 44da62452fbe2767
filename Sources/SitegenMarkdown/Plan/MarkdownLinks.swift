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
    /// (`/…`, and Zola's `@/…`), with no scheme or host.
    package func resolve(_ url: String, from file: String) -> String? { resolver(from: file)(url) }

    /// `resolve(_:from:)` for the links of one file: its folder split once.
    package func resolver(from file: String) -> @Sendable (String) -> String? {
        let folder = file.split(separator: "/").dropLast().map(String.init)
        return { [pages] url in Self.resolve(url, folder: folder, pages: pages) }
    }

    private static func resolve(_ url: String, folder: [String], pages: [String: String]) -> String? {
        // Most links are not to a Markdown file: told by their bytes, before anything is made.
        let bytes = url.utf8
        guard let first = bytes.first, first != UInt8(ascii: "#"), !url.hasPrefix("//") else { return nil }
        let end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        guard let dot = bytes[..<end].lastIndex(of: UInt8(ascii: ".")),
            MarkdownExtras.fileExtensions.contains(
                String(decoding: bytes[bytes.index(after: dot)..<end], as: UTF8.self).lowercased())
        else { return nil }
        if LinkCheck.hasScheme(url) { return nil }
        // Zola's internal links (`@/blog/post.md`) are from the content folder's root.
        var path = LinkCheck.percentDecoded(url[..<end])
        if path.hasPrefix("@/") { path.removeFirst() }
        // A path that is not found from the file's folder is looked for from the root, as
        // Hugo's `ref` looks (`{{< ref "docs/config.md" >}}` in `docs/guide/intro.md`).
        let tries = path.hasPrefix("/") ? [[]] : path.hasPrefix(".") || folder.isEmpty ? [folder] : [folder, []]
        for start in tries {
            var parts = start
            for part in path.split(separator: "/") {
                switch part {
                case ".": continue
                case "..": if parts.popLast() == nil { return nil }
                default: parts.append(String(part))
                }
            }
            if let page = pages[parts.joined(separator: "/")] { return page + url[end...] }
        }
        return nil
    }
}
