import Foundation
import SitegenModel
import SitegenSource
import SitegenSystem

/// Reads `--pages <dir>`: each `<slug>.md` there is a page of the site at `/<slug>/`. Unlike a
/// story, a page is the site owner's own writing, so a fault in one fails the build with the
/// file and line, rather than quietly leaving the page out.
public enum SitePagesFolder {
    /// Names the site always uses at its root; a page there would overwrite the list's files.
    /// (`tags` and `categories` are refused by the build only when the site has such terms:
    /// Jekyll sites often have a `tags.md` page of their own.)
    static let reserved: Set<String> = ["index", "page", "item", "s", "m", "x", "assets", "search"]

    /// The folder's `.md` files (not its subfolders: a page's URL is its file name), by name.
    static func markdownFiles(in folder: String) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw SourceError.unreadable(path: folder, reason: "cannot list the folder")
        }
        return names.filter { $0.lowercased().hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
    }

    /// The pages in navigation order; none for a nil folder.
    public static func load(_ folder: String?) throws -> [SitePage] {
        guard let folder else { return [] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SourceError.unreadable(path: folder, reason: "no such folder (--pages)")
        }
        guard let contained = ContainedFolder(folder) else {
            throw SourceError.unreadable(path: folder, reason: "no such folder (--pages)")
        }
        var pages: [SitePage] = []
        for file in try markdownFiles(in: folder) {
            let path = (folder as NSString).appendingPathComponent(file)
            // A link out of the folder is never read: the build stops and names it.
            guard contained.file(file) != nil else {
                throw SourceError.sitePage(
                    path: path, line: nil, reason: "not a file inside the folder (a symbolic link out of it, or a folder)")
            }
            let slug = String(file.dropLast(3))
            guard !slug.isEmpty, slug.unicodeScalars.allSatisfy(isSlugScalar) else {
                throw SourceError.sitePage(
                    path: path, line: nil,
                    reason: "a page's file name must be lowercase letters, digits, - and _ (it becomes its URL)")
            }
            guard !reserved.contains(slug) else {
                throw SourceError.sitePage(
                    path: path, line: nil, reason: "'\(slug)' is a name the site itself uses; rename the page")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SourceError.unreadable(path: path, reason: "permission denied")
            }
            let matter: FrontMatter
            do {
                matter = try FrontMatter.parse(String(decoding: data, as: UTF8.self))
            } catch {
                throw SourceError.sitePage(path: path, line: error.line, reason: "front matter: \(error.reason)")
            }
            var weight: Int?
            if let field = matter.fields["weight"] {
                guard let value = field.value.firstText.flatMap({ Int($0) }) else {
                    throw SourceError.sitePage(path: path, line: field.line, reason: "weight must be an integer")
                }
                weight = value
            }
            let title = matter["title"].flatMap { $0.contains(where: { !$0.isWhitespace }) ? $0 : nil } ?? slug
            pages.append(SitePage(slug: slug, title: title, weight: weight, markdown: matter.body))
        }
        return pages.sorted { a, b in
            switch (a.weight, b.weight) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.slug < b.slug
            }
        }
    }

    private static func isSlugScalar(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "0" && s <= "9") || s == "-" || s == "_"
    }
}
