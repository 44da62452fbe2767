/// Where item pages go when a story has a path of its own (a Markdown story's: its file's,
/// `docs/config.md` → `docs/config/`, or front matter's `slug`, `permalink` or `path`) rather than
/// `item/<id>/`. Pure.
///
/// A path is taken only when it is plain (segments of letters, digits, `-`, `_`, `.` and `~`,
/// none starting with `.`), a folder rather than a file's name (its first segment has no `.`:
/// not `about.html`, `feed.xml` or `sitemap-2.xml`), its first segment is not one the site uses
/// (`item`, `page`, `s`, `m`, `assets`, `tags`, `categories`, a site page's slug), and no story
/// before it took it, letters compared without case (case-insensitive disks would merge them).
/// Pages nest, as a site's sections do (`docs/` and `docs/config/`). Otherwise the story keeps
/// `item/<id>/`: a link that works is worth more than the path asked for.
public enum ItemPaths {
    /// The first segments of the site's own folders.
    public static let reserved = Set(["item", "page", "s", "m", "x", "assets", "search"] + Taxonomy.allCases.map(\.rawValue))

    /// `wanted` as a folder path under the site ("blog/my-post/"), or nil when it is not plain.
    public static func normalized(_ wanted: String) -> String? {
        let segments = wanted.split(separator: "/", omittingEmptySubsequences: true)
        guard let first = segments.first, !first.contains("."),
            segments.allSatisfy({ segment in
                !segment.hasPrefix(".")
                    && segment.unicodeScalars.allSatisfy { s in
                        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9")
                            || "-_.~".unicodeScalars.contains(s)
                    }
            })
        else { return nil }
        return segments.joined(separator: "/") + "/"
    }

    /// Gives each story that has a path (`markdownExtras.itemPath`) that path where it is
    /// free, older stories first, so a URL stays with the story that had it when a newer one asks
    /// for it too; the others go back to `item/<id>/`. Returns those, with the path they asked
    /// for, for the build's log and summary.
    public static func grant(_ stories: inout [Story], siteSlugs: Set<String> = []) -> [(id: Int, path: String)] {
        let wanted = stories.indices.compactMap { i in stories[i].markdownExtras.itemPath.map { (index: i, path: $0) } }
            .sorted { (stories[$0.index].time ?? .max, $0.index) < (stories[$1.index].time ?? .max, $1.index) }
        guard !wanted.isEmpty else { return [] }
        let granted = resolve(wanted, siteSlugs: siteSlugs)
        var refused: [(id: Int, path: String)] = []
        for (i, path) in wanted {
            stories[i].markdownExtras.itemPath = granted[i]
            if granted[i] == nil { refused.append((stories[i].id, path)) }
        }
        return refused
    }

    /// The paths taken, by position in `wanted`, first come first served; positions left out
    /// keep `item/<id>/`. `siteSlugs` are the site pages' top-level names.
    public static func resolve(_ wanted: [(index: Int, path: String)], siteSlugs: Set<String> = []) -> [Int: String] {
        let refusedFirst = Set((reserved.union(siteSlugs)).map { $0.lowercased() })
        var taken: [Int: String] = [:]
        var takenPaths: Set<String> = []
        for (index, wantedPath) in wanted {
            guard let path = normalized(wantedPath) else { continue }
            let key = path.lowercased()
            guard let first = key.split(separator: "/").first, !refusedFirst.contains(String(first)),
                !takenPaths.contains(key)
            else { continue }
            taken[index] = path
            takenPaths.insert(key)
        }
        return taken
    }
}
