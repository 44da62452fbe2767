import Foundation
import SitegenModel

/// `--source content/`: a folder of Markdown files, one story each. The front matter gives the
/// row (title, url, date, author, score, image), the body becomes the story's item page.
///
/// Order (a source returns entries in rank order): `weight` ascending, files without a weight
/// after those with one; then `date`, newest first, undated after dated; then file name.
/// Ids: front matter `id` (a positive integer below 2^53) or else a stable 53-bit hash of the
/// file name, so a story keeps its id, and its item page URL, across builds.
/// Faults: a front matter syntax error skips that file, named with its line in the summary; an
/// optional field of the wrong type (`score: many`) is left out and the story kept.
public struct MarkdownStorySource: StorySource {
    public let path: String

    public init(path: String) { self.path = path }

    public var name: String { (path as NSString).lastPathComponent + "/" }

    /// The folder's `.md` files (not its subfolders), by name.
    static func markdownFiles(in folder: String) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw SitegenError.unreadable(path: folder, reason: "cannot list the folder")
        }
        return names.filter { $0.lowercased().hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
    }

    public func entries() async throws -> [SourceEntry] {
        var stories: [(entry: SourceEntry, key: OrderKey)] = []
        for file in try Self.markdownFiles(in: path) {
            let full = (path as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: full) else {
                stories.append((SourceEntry(location: file, content: .unreadable("cannot read")), .last(file)))
                continue
            }
            do {
                let matter = try FrontMatter.parse(String(decoding: data, as: UTF8.self))
                let story = MarkdownStory(file: file, matter: matter)
                stories.append((SourceEntry(location: file, content: .item(story.item)), story.orderKey))
            } catch {
                stories.append(
                    (SourceEntry(location: "\(file) line \(error.line)", content: .unreadable(error.reason)), .last(file)))
            }
        }
        return stories.sorted { $0.key < $1.key }.map(\.entry)
    }
}

/// Where a file's story goes in the list; see `MarkdownStorySource` for the rule.
struct OrderKey: Comparable {
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
    /// True when the folder holds at least one `.md` file.
    public static func holdsStories(_ folder: String) -> Bool {
        (try? markdownFiles(in: folder).isEmpty == false) ?? false
    }
}
