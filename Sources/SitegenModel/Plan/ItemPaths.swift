/// Where item pages go when a story asks for a path of its own (Markdown front matter's `slug`
/// or `permalink`): `blog/my-post/` rather than `item/<id>/`. Pure.
///
/// A path is taken only when it is plain (segments of letters, digits, `-`, `_`, `.` and `~`,
/// none of them `.` or `..`), its first segment is not one the site uses (`item`, `page`, `s`,
/// `m`, `assets`, a site page's slug, a file at the root), and no story before it in the list
/// took it or a folder above or below it. Otherwise the story keeps `item/<id>/`: a link that
/// works is worth more than the path asked for.
public enum ItemPaths {
    /// The first segments of the site's own files and folders.
    public static let reserved: Set<String> = [
        "item", "page", "s", "m", "assets", "index.html", "feed.xml", "sitemap.xml", "robots.txt", "404.html", "_headers",
    ]

    /// `wanted` as a folder path under the site ("blog/my-post/"), or nil when it is not plain.
    public static func normalized(_ wanted: String) -> String? {
        let segments = wanted.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty,
            segments.allSatisfy({ segment in
                segment != "." && segment != ".."
                    && segment.unicodeScalars.allSatisfy { s in
                        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9")
                            || "-_.~".unicodeScalars.contains(s)
                    }
            })
        else { return nil }
        return segments.joined(separator: "/") + "/"
    }

    /// The paths taken, by position in `wanted` (in list order); positions left out keep
    /// `item/<id>/`. `siteSlugs` are the site pages' top-level names.
    public static func resolve(_ wanted: [(index: Int, path: String)], siteSlugs: Set<String> = []) -> [Int: String] {
        var taken: [Int: String] = [:]
        var used: [String] = []
        for (index, path) in wanted {
            guard let path = normalized(path), let first = path.split(separator: "/").first,
                !reserved.contains(String(first)), !siteSlugs.contains(String(first)),
                // Nested in or around another story's folder, one page's files would land in the other's.
                !used.contains(where: { $0.hasPrefix(path) || path.hasPrefix($0) })
            else { continue }
            taken[index] = path
            used.append(path)
        }
        return taken
    }
}
