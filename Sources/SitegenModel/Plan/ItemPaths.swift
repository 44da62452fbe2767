/// Where item pages go when a story has a path of its own (a Markdown story's: its file's,
/// `docs/config.md` → `docs/config/`, or front matter's `slug`, `permalink` or `path`) rather than
/// `item/<id>/`. Pure.
///
/// A path is taken only when it is plain (segments of letters, digits, `-`, `_`, `.` and `~`,
/// none starting with `.`), a folder rather than a file's name (its first segment has no `.`:
/// not `about.html`, `feed.xml` or `sitemap-2.xml`), short enough for every file system and
/// object store (`maxSegmentBytes`, `maxPathBytes`), its first segment is not one the site uses
/// (`item`, `page`, `s`, `m`, `assets`, `tags`, `categories`, a site page's slug) nor one hosts
/// read (`_headers`, `_redirects`: any name starting with `_`), and nothing before it took the
/// place (`OutputClaims`: another story's page, or a file of its page bundle), letters compared
/// without case. Pages nest, as a site's sections do (`docs/` and `docs/config/`). Otherwise the
/// story keeps `item/<id>/`: a link that works is worth more than the path asked for, and one
/// story's bad path never stops the build.
///
/// A bundle's file goes beside its page unless its place is taken or its path too long; then it
/// alone is left out. Every refusal is returned with its reason, for the build's log, summary
/// and `--strict`.
public enum ItemPaths {
    /// The first segments of the site's own folders.
    public static let reserved = Set(["item", "page", "s", "m", "x", "assets", "search"] + Taxonomy.allCases.map(\.rawValue))
    /// The longest name of a folder or file the output writes. File systems take 255 bytes;
    /// a rebuild writes a changed file as `<name>.sitegen-new`, with `.gz` and `.br` siblings.
    public static let maxSegmentBytes = 240
    /// The longest path under the output: object stores take keys of 1,024 bytes (S3), less
    /// the base path a deploy may put before them.
    public static let maxPathBytes = 900

    static let activeReason = "it can run script when opened, and active_files is refuse"

    /// A path not taken, or a bundle file not copied.
    public struct Refusal: Sendable, Equatable {
        public var id: Int
        /// The path the story asked for (its item folder, when only a bundle file was refused).
        public var path: String
        /// The bundle file left out (its name under the page's folder); nil when the story's page
        /// went to `item/<id>/`.
        public var file: String?
        public var reason: String
    }

    /// `wanted` as a folder path under the site ("blog/my-post/"), or nil when it is not plain.
    public static func normalized(_ wanted: String) -> String? {
        if case .success(let path) = checked(wanted) { return path }
        return nil
    }

    /// `normalized`, or why not.
    static func checked(_ wanted: String) -> Result<String, Refused> {
        let segments = wanted.split(separator: "/", omittingEmptySubsequences: true)
        guard let first = segments.first else { return .failure(.init("an empty path")) }
        guard !first.contains(".") else { return .failure(.init("a file's name, not a folder")) }
        guard
            segments.allSatisfy({ segment in
                !segment.hasPrefix(".")
                    && segment.unicodeScalars.allSatisfy { s in
                        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9")
                            || "-_.~".unicodeScalars.contains(s)
                    }
            })
        else { return .failure(.init("not a plain path (letters, digits, - _ . ~)")) }
        // A folder named like the files sitegen writes in one (`index.html.gz/`, `x.sitegen-new/`)
        // would stand where a page's copy goes.
        guard !segments.contains(where: { $0.lowercased().hasPrefix("index.htm") || $0.hasSuffix(".sitegen-new") }) else {
            return .failure(.init("a name sitegen writes itself"))
        }
        guard segments.allSatisfy({ $0.utf8.count <= maxSegmentBytes }) else {
            return .failure(.init("a segment longer than \(maxSegmentBytes) bytes"))
        }
        let path = segments.joined(separator: "/") + "/"
        guard path.utf8.count + "index.html".utf8.count <= maxPathBytes else {
            return .failure(.init("longer than \(maxPathBytes) bytes"))
        }
        return .success(path)
    }

    struct Refused: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Whether a path's first segment is the site's or a host's: `reserved` holds the site's,
    /// lowercased; hosts read names starting with `_` (`_headers`, `_redirects`).
    static func isReserved(_ first: Substring, _ reserved: Set<String>) -> Bool {
        first.hasPrefix("_") || reserved.contains(first.lowercased())
    }

    /// Why a bundle file is left out when `--precompress` writes a file of its name (`x.css.gz`
    /// beside the bundle's `x.css`), or nil. `names` are the bundle's, lowercased.
    static func precompressedCopy(_ name: String, _ names: Set<String>) -> String? {
        let lowered = name.lowercased()
        guard lowered.hasSuffix(".gz") || lowered.hasSuffix(".br"), names.contains(String(lowered.dropLast(3))) else {
            return nil
        }
        return "a precompressed copy sitegen writes itself"
    }

    /// Why a path taken in `claims` cannot have the file at `file`, or nil when it can.
    static func fileRefusal(_ file: String, _ claims: OutputClaims) -> String? {
        guard file.split(separator: "/").allSatisfy({ $0.utf8.count <= maxSegmentBytes }),
            file.utf8.count <= maxPathBytes
        else { return "its path would be too long" }
        return claims.isFree(file: file) ? nil : "its place is taken by another page or file"
    }

    /// Gives each story that has a path (`markdownExtras.itemPath`) that path where it is
    /// free, older stories first, so a URL stays with the story that had it when a newer one asks
    /// for it too; the others go back to `item/<id>/`. Leaves out the bundle files that cannot go
    /// beside their page. Returns what was refused, and the places taken (`Redirects` keeps
    /// clear of them).
    /// - Parameter refuseActive: leave out every bundle file that can run script when opened
    ///   (`ContentSecurity.isActive`), rather than have it sandboxed.
    /// - Parameter itemPages: whether the build writes item pages (`--item-pages`): a story
    ///   without one (no body, or none written) takes no path, so it never keeps another from one.
    public static func grant(
        _ stories: inout [Story], siteSlugs: Set<String> = [], refuseActive: Bool = false, itemPages: Bool = true
    ) -> (refused: [Refusal], claims: OutputClaims) {
        // The stories are scanned through a buffer: `stories[i].markdownExtras` on the array
        // copies the whole story (a retain and a release of each of its strings) to read it.
        let unwanted = stories.withUnsafeBufferPointer { s in
            s.indices.filter { s[$0].markdownExtras.itemPath != nil && !(itemPages && s[$0].hasItemPage) }
        }
        for i in unwanted { stories[i].markdownExtras.itemPath = nil }
        let (wanted, withFiles) = stories.withUnsafeBufferPointer { s in
            (
                s.indices.compactMap { i in s[i].markdownExtras.itemPath.map { (index: i, path: $0) } }
                    .sorted { (s[$0.index].time ?? .max, $0.index) < (s[$1.index].time ?? .max, $1.index) },
                s.indices.filter { !s[$0].markdownExtras.files.isEmpty }
            )
        }
        var refused: [Refusal] = []
        var claims = OutputClaims()
        var leftOut: [Int: [String: String]] = [:]
        if !wanted.isEmpty {
            let files = Dictionary(
                uniqueKeysWithValues: wanted.map { ($0.index, stories[$0.index].markdownExtras.files.map(\.name)) })
            let resolved = resolve(wanted, files: files, siteSlugs: siteSlugs, claims: &claims)
            leftOut = resolved.leftOut
            for (i, path) in wanted {
                stories[i].markdownExtras.itemPath = resolved.granted[i]
                if resolved.granted[i] == nil {
                    refused.append(Refusal(id: stories[i].id, path: path, reason: resolved.why[i] ?? ""))
                }
            }
        }
        // Bundle files: at the page's own path, those `resolve` could not place are left out;
        // at `item/<id>/` nothing else can be, and only their length is checked.
        for i in withFiles {
            let folder = SitePaths.itemFolder(stories[i])
            let own = stories[i].markdownExtras.itemPath != nil
            var kept: [StoryFile] = []
            let names = Set(stories[i].markdownExtras.files.map { $0.name.lowercased() })
            for file in stories[i].markdownExtras.files {
                if refuseActive, ContentSecurity.isActive(file.name) {
                    refused.append(Refusal(id: stories[i].id, path: folder, file: file.name, reason: activeReason))
                } else if let reason = own
                    ? leftOut[i]?[file.name]
                    : precompressedCopy(file.name, names) ?? fileRefusal(folder + file.name, OutputClaims())
                {
                    refused.append(Refusal(id: stories[i].id, path: folder, file: file.name, reason: reason))
                } else {
                    kept.append(file)
                }
            }
            if kept.count != stories[i].markdownExtras.files.count { stories[i].markdownExtras.files = kept }
        }
        return (refused, claims)
    }

    /// The paths taken, by position in `wanted`, first come first served, and why each other
    /// was not; positions left out keep `item/<id>/`. `files` are each story's bundle files'
    /// names, claimed with its page; `siteSlugs` are the site pages' top-level names.
    public static func resolve(
        _ wanted: [(index: Int, path: String)], files: [Int: [String]] = [:], siteSlugs: Set<String> = []
    ) -> [Int: String] {
        var claims = OutputClaims()
        return resolve(wanted, files: files, siteSlugs: siteSlugs, claims: &claims).granted
    }

    static func resolve(
        _ wanted: [(index: Int, path: String)], files: [Int: [String]], siteSlugs: Set<String>, claims: inout OutputClaims
    ) -> (granted: [Int: String], why: [Int: String], leftOut: [Int: [String: String]]) {
        let reservedFirst = Set((reserved.union(siteSlugs)).map { $0.lowercased() })
        var taken: [Int: String] = [:]
        var why: [Int: String] = [:]
        var leftOut: [Int: [String: String]] = [:]
        for (index, wantedPath) in wanted {
            let path: String
            switch checked(wantedPath) {
            case .failure(let refused):
                why[index] = refused.reason
                continue
            case .success(let plain): path = plain
            }
            let first = path.prefix { $0 != "/" }
            guard !isReserved(first, reservedFirst) else {
                why[index] = "'\(first)' is a name the site or its host uses"
                continue
            }
            guard claims.claim(file: path + "index.html") else {
                why[index] = "its place is taken by another page or file"
                continue
            }
            taken[index] = path
            // Its bundle's files go with it where they fit; `grant` leaves out those that do not.
            let names = Set((files[index] ?? []).map { $0.lowercased() })
            for name in files[index] ?? [] {
                if let reason = precompressedCopy(name, names) ?? fileRefusal(path + name, claims) {
                    leftOut[index, default: [:]][name] = reason
                } else {
                    claims.claim(file: path + name)
                }
            }
        }
        return (taken, why, leftOut)
    }
}
