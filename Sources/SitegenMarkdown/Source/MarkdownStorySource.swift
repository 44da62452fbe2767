import Foundation
import SitegenConfig
import SitegenModel
import SitegenSource
import SitegenSystem
import Synchronization

/// `--source content/`: a folder of Markdown files, one story each, at any depth, as Jekyll,
/// Hugo and Eleventy lay them out. The front matter gives the row (`MarkdownStory`), the body
/// becomes the story's item page.
///
/// Every file under the folder ends in one place the summary counts: a story; a draft
/// (`draft: true`, `published: false`), left out unless `drafts`; a skipped file (front matter
/// that does not parse, named with its line); or an ignored file: not Markdown (`.md`,
/// `.markdown`, `.mdown`, `.mkd`, `.mkdn`), or under a file or folder whose name starts with
/// `_` or `.` (`_drafts`, `_includes`, `.git`), which generators do not read as pages. Hugo's
/// `_index.md`, a section's own page, is the exception: it is a story like any other page.
/// A folder with an `index.md` is a page bundle (Hugo's): its other files, pictures and
/// attachments, at any depth, are copied beside that story's item page, where the body's
/// relative links find them.
///
/// Dates: the front matter's (`MarkdownStory`), else the file's first commit when the folder is
/// in a git repository (`GitDates`).
///
/// Order (a source returns entries in rank order): `weight` ascending, files without a weight
/// after those with one; then date, newest first, undated after dated; then path.
/// Ids: front matter `id` (a positive integer below 2^53) or else a stable 53-bit hash of the
/// file's path under the folder, so a story keeps its id, and its item page URL, across builds.
public struct MarkdownStorySource: StorySource {
    public let path: String
    /// Whether drafts are built (`--drafts`).
    public let drafts: Bool
    /// The zone of dates written without one (`--timezone`).
    public let zone: SiteTimeZone

    /// Where the files' parses are kept between builds (`KeptParses`); nil: nowhere.
    var keptParses: KeptParses.Place?
    /// The folder's files as `stamp()` listed them, for the `entries()` after it: one walk of
    /// the folder a build, and entries that are the files the stamp describes.
    private let listed = Listed()

    private final class Listed: Sendable {
        let files = Mutex<[(path: String, role: Role)]?>(nil)
    }

    public init(path: String, drafts: Bool = false, zone: SiteTimeZone = .utc) {
        self.path = path
        self.drafts = drafts
        self.zone = zone
    }

    public func keeping(in folder: KeptFolder) -> any StorySource {
        var source = self
        source.keptParses = KeptParses.Place(file: folder.file("parses"), reuse: folder.reuse)
        return source
    }

    public var name: String { (path as NSString).lastPathComponent + "/" }

    /// The path, size, inode and modification time of every file the build reads (pages and
    /// their bundles' files; not the files it ignores, such as an output folder or its stamp
    /// inside the source), the links it did not follow, the site's permalink settings' files,
    /// the repository's commit (the dates of undated files come from it) and this source's
    /// settings: a stat a file, no file read. A file saved again with the same bytes counts as
    /// changed.
    public func stamp() async throws -> String? {
        let (path, drafts, zone) = (self.path, self.drafts, self.zone.identifier)
        return try await BlockingExecutor.run {
            let files = try Self.files(in: path)
            listed.files.withLock { $0 = files }
            var lines = ["markdown \(drafts) \(zone)", GitDates.head(of: path) ?? "no git"]
            lines.reserveCapacity(files.count + 4)
            for (file, role) in files {
                switch role {
                case .page, .bundled:
                    lines.append(file + " " + (fileStamp((path as NSString).appendingPathComponent(file)) ?? "-"))
                case .notFollowed(let why): lines.append(file + " " + why)
                case .ignored: continue
                }
            }
            lines.append("_config.yml " + (fileStamp((path as NSString).appendingPathComponent("_config.yml")) ?? "-"))
            let site = FolderAbove.of(path)
            // The configs that say the site's permalinks and dialect (`SiteDialect`).
            for name in SiteConfigFiles.configsBeside {
                lines.append(name + " " + (fileStamp((site as NSString).appendingPathComponent(name)) ?? "-"))
            }
            return ContentHash.hex(of: Array(lines.joined(separator: "\n").utf8))
        }
    }

    /// The largest Markdown file read (16 MiB; a long real page is under 1).
    static let maxPageBytes = 16 << 20

    /// What a Markdown file's name ends in, as the generators read them.
    public static let extensions = MarkdownExtras.fileExtensions

    /// Jekyll's folders of posts and drafts: read, though their names begin with `_`.
    static let postFolders: Set<Substring> = ["_posts", "_drafts"]

    /// What a file under the folder is to the build.
    enum Role: Equatable {
        case page
        /// Not read: why.
        case ignored(String)
        /// A file of the page bundle whose `index` page is at this path (Hugo's leaf bundle:
        /// `post/index.md` and the pictures beside it).
        case bundled(in: String)
        /// A symbolic link not followed (`FolderWalk`): why.
        case notFollowed(String)
    }

    /// Every file under `folder`, at any depth, by path, with its role; links that would lead
    /// out of it are not read (`FolderWalk`).
    static func files(in folder: String) throws -> [(path: String, role: Role)] {
        let walk = try FolderWalk.files(in: folder)
        let all = walk.files
        func isMarkdown(_ name: Substring) -> Bool { extensions.contains(nameParts(name).ext.lowercased()) }
        func isHidden(_ components: [Substring]) -> Bool {
            components.dropLast().contains { ($0.hasPrefix("_") || $0.hasPrefix(".")) && !Self.postFolders.contains($0) }
                || (components.last.map {
                    ($0.hasPrefix("_") || $0.hasPrefix(".")) && !($0.hasPrefix("_index.") && isMarkdown($0))
                }
                    ?? false)
        }
        // A folder with an `index` page is a bundle: the files under it that are not Markdown go
        // with that page, each to the nearest bundle above it. Markdown files stay pages of their
        // own (a blog/index.md does not swallow blog/post.md).
        var bundleOf: [Substring: String] = [:]
        for path in all {
            let components = path.split(separator: "/")
            guard components.count > 1, let name = components.last, isMarkdown(name), !isHidden(components),
                nameParts(name).stem == "index"
            else { continue }
            bundleOf[path[..<path.lastIndex(of: "/")!]] = path
        }
        let files = all.map { path -> (path: String, role: Role) in
            let components = path.split(separator: "/")
            if isHidden(components) { return (path, .ignored("under _ or .")) }
            if let name = components.last, isMarkdown(name) { return (path, .page) }
            // The nearest folder above with an index page: a walk up the path, not a search.
            var folder = path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if let page = bundleOf[folder] {
                    // The page's own HTML (and its .gz and .br) is written there: a file of that
                    // name would replace it. Deeper in the bundle, an `index.html` would be served
                    // as a page of the site at that folder, which no Markdown page made.
                    if let why = Self.pageNamed(components.last!, atTop: path[folder.endIndex...] == "/" + components.last!) {
                        return (path, .ignored(why))
                    }
                    return (path, .bundled(in: page))
                }
            }
            return (path, .ignored("not Markdown"))
        }
        return (files + walk.refused.map { ($0.path, .notFollowed($0.reason)) }).sorted { $0.path < $1.path }
    }

    /// A file name's stem and extension, as `NSString`'s `deletingPathExtension` and
    /// `pathExtension` split it: at its last dot, unless that dot begins the name (`.profile`
    /// has no extension) or the name is `..`; a name ending in a dot has an empty one. Read
    /// from the name's bytes: through `NSString`, the two took a third of listing a
    /// 20,000-post folder.
    static func nameParts(_ name: Substring) -> (stem: Substring, ext: Substring) {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex, name != ".." else {
            return (name, "")
        }
        return (name[..<dot], name[name.index(after: dot)...])
    }

    /// Why a bundle file of this name is not copied, or nil: a page's file name, a script, or a
    /// name sitegen writes beside files (`.sitegen-new` while a rebuild writes).
    static func pageNamed(_ name: Substring, atTop: Bool) -> String? {
        let lowered = name.lowercased()
        // The pages allow script from the site's own files (`script-src 'self'`): a bundle's
        // script would be one, and an SVG or HTML file of the bundle could load it.
        if ["js", "mjs", "cjs"].contains((lowered as NSString).pathExtension) {
            return "a script (a site's pages run only sitegen's own)"
        }
        if lowered.hasSuffix(".sitegen-new") { return "a name sitegen writes while it builds" }
        guard lowered == "index.html" || lowered.hasPrefix("index.html.") || lowered == "index.htm" else { return nil }
        return atTop ? "would replace its item page" : "would be served as a page of the site"
    }

    /// Read on a thread of its own: the files' reads (on both cores) and `git` block it.
    public func entries() async throws -> [SourceEntry] {
        try await BlockingExecutor.run { [self] in try readEntries() }
    }

    private func readEntries() throws -> [SourceEntry] {
        let files =
            try listed.files.withLock { files in
                defer { files = nil }
                return files
            } ?? Self.files(in: path)
        var bundled: [String: [StoryFile]] = [:]
        for case (let file, .bundled(let page)) in files {
            let folder = (page as NSString).deletingLastPathComponent + "/"
            bundled[page, default: []].append(
                StoryFile(source: (path as NSString).appendingPathComponent(file), name: String(file.dropFirst(folder.count))))
        }
        // Read and parsed on both cores: the files are independent, and reading them is most of
        // a large folder's build (docs/internals/perf-log.md).
        let pages = files.compactMap { file, role in if case .page = role { file } else { nil } }
        let zone = self.zone
        // A story without a date anywhere in its file takes the date its file was first
        // committed, when the folder is in a git repository.
        let committed = GitDates.firstCommits(in: path)
        let configs = SiteConfigFiles.read(folder: path)
        let permalinks = configs.permalinks
        let dialect = configs.dialect
        // Parses the last build kept, for files whose bytes are the same (`KeptParses`): a
        // build over an output that is there takes them, and keeps its own.
        let keeping = keptParses.flatMap { $0.reuse ? $0 : nil }
        let keptStamp = keeping.map { _ in KeptParses.stamp(configs: configs, zone: zone) }
        let kept = keeping.map { place in KeptParses.read(place.file, stamp: keptStamp!) }
        let parsed = Parallel.array(count: pages.count) { i -> (Parsed, KeptParses.Parse?) in
            let full = (path as NSString).appendingPathComponent(pages[i])
            // A page larger than any real one is not read: it would take memory, and a reader's
            // browser, in proportion.
            var info = stat()
            if stat(full, &info) == 0, Int(info.st_size) > Self.maxPageBytes { return (.tooLarge, nil) }
            guard let data = FileManager.default.contents(atPath: full) else { return (.unreadable, nil) }
            let bytes = Array(data)
            let hash = keeping.map { _ in KeptParses.hash(bytes) }
            if let hash, let (story, parse) = kept?.story(of: pages[i], bytes: bytes, hash: hash, committed: committed[pages[i]])
            {
                return (.story(story), parse)
            }
            if let offset = UTF8Offset.firstInvalid(bytes) { return (.notUTF8(offset), nil) }
            do throws(FrontMatter.Error) {
                let matter = try FrontMatter.parse(String(decoding: bytes, as: UTF8.self))
                let story = MarkdownStory(
                    file: pages[i], matter: matter, zone: zone, committed: committed[pages[i]], permalinks: permalinks,
                    dialect: dialect)
                return (
                    .story(story),
                    hash.map { KeptParses.parse(of: story, bytes: bytes, hash: $0, committed: committed[pages[i]]) }
                )
            } catch {
                return (.invalid(error), nil)
            }
        }
        if let keeping, let keptStamp {
            KeptParses.write(parsed.compactMap { $0.1 }, stamp: keptStamp, to: keeping.file)
        }
        var stories: [(entry: SourceEntry, key: OrderKey)] = []
        var next = 0
        for (file, role) in files {
            switch role {
            case .bundled:
                // Counted with its page: the summary says how many were copied.
                continue
            case .ignored(let why):
                stories.append((SourceEntry(location: file, content: .ignored(why)), .last(file)))
                continue
            case .notFollowed(let why):
                stories.append((SourceEntry(location: file, content: .notFollowed(why)), .last(file)))
                continue
            case .page:
                break
            }
            // A page that is not built leaves its bundle's files ignored, and counted as such.
            func leaveBundle(_ why: String) {
                for bundleFile in bundled[file] ?? [] {
                    let location = String(bundleFile.source.dropFirst(path.count).drop { $0 == "/" })
                    stories.append((SourceEntry(location: location, content: .ignored(why)), .last(location)))
                }
            }
            defer { next += 1 }
            switch parsed[next].0 {
            case .unreadable:
                stories.append((SourceEntry(location: file, content: .unreadable("cannot read")), .last(file)))
                leaveBundle("its page could not be read")
            case .tooLarge:
                let reason = "larger than \(Self.maxPageBytes >> 20) MiB, which no page is"
                stories.append((SourceEntry(location: file, content: .unreadable(reason)), .last(file)))
                leaveBundle("its page was skipped")
            case .notUTF8(let offset):
                let entry = SourceEntry(
                    location: "\(file) at byte offset \(offset)", content: .unreadable("not UTF-8 (save it as UTF-8)"))
                stories.append((entry, .last(file)))
                leaveBundle("its page was skipped")
            case .invalid(let error):
                stories.append(
                    (SourceEntry(location: "\(file) line \(error.line)", content: .unreadable(error.reason)), .last(file)))
                leaveBundle("its page was skipped")
            case .story(var story):
                story.item.markdownExtras.files = bundled[file] ?? []
                if story.isUnwritten {
                    stories.append((SourceEntry(location: file, content: .ignored("permalink: false")), .last(file)))
                    leaveBundle("its page is not written")
                } else if story.isDraft && !drafts {
                    stories.append((SourceEntry(location: file, content: .draft), .last(file)))
                    leaveBundle("its page is a draft")
                } else {
                    stories.append((SourceEntry(location: file, content: .item(story.item)), story.orderKey))
                }
            }
        }
        return stories.sorted { $0.key < $1.key }.map(\.entry)
    }
}

/// A page file as read: its story, or why there is none.
private enum Parsed: Sendable {
    case story(MarkdownStory)
    case unreadable
    case tooLarge
    /// Not UTF-8 from this byte on.
    case notUTF8(Int)
    case invalid(FrontMatter.Error)
}

/// Where a file's story goes in the list; see `MarkdownStorySource` for the rule.
struct OrderKey: Comparable, Sendable {
    package var weight: Int?
    package var time: Int?
    package var file: String
    /// Unreadable files go last; they are skipped anyway.
    var broken = false

    package static func last(_ file: String) -> OrderKey { OrderKey(weight: nil, time: nil, file: file, broken: true) }

    package static func < (a: OrderKey, b: OrderKey) -> Bool {
        if a.broken != b.broken { return !a.broken }
        switch (a.weight, b.weight) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch (a.time, b.time) {
        case let (x?, y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        return a.file < b.file
    }
}

extension MarkdownStorySource {
    /// True when the folder holds at least one Markdown page, at any depth.
    public static func holdsStories(_ folder: String) -> Bool {
        (try? files(in: folder).contains { $0.role == .page }) ?? false
    }
}
