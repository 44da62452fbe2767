import Foundation
import SitegenConfig
import SitegenMarkdown
import SitegenModel
import SitegenSource

/// Turns `--source` into a `StorySource` by what it is. Checked before anything is read:
/// an http(s) URL with `{page}` in it is a paged JSON API, any other http(s) URL the base of a
/// Hacker News-shaped API, a folder an HN-shaped mirror, a file by its extension.
public enum SourceLocator {
    /// - Parameters:
    ///   - drafts: whether a Markdown folder's drafts are built (`--drafts`).
    ///   - zone: the zone of a Markdown folder's dates written without one (`--timezone`).
    public static func source(
        for argument: String?, remote: RemoteSourceOptions = .init(), drafts: Bool = false, zone: SiteTimeZone = .utc
    ) throws -> any StorySource {
        guard let argument else { return SampleSource() }
        if argument.hasPrefix("http://") || argument.hasPrefix("https://") {
            guard let parts = URLComponents(string: argument.replacingOccurrences(of: "{page}", with: "1")),
                let host = parts.host, !host.isEmpty
            else {
                throw SourceError.invalidOption(name: "source", reason: "\(argument) is not a URL")
            }
            if argument.contains("{page}") {
                return PagedAPISource(
                    template: argument, itemsKey: remote.itemsKey, totalKey: remote.totalKey, firstPage: remote.firstPage,
                    limit: remote.limit, fields: remote.fields, settings: remote.fetch)
            }
            if remote.list == "all" {
                let store =
                    remote.store
                    ?? ((remote.fetch.cacheFolder ?? ".sitegen-cache") as NSString).appendingPathComponent("archive.sqlite")
                return HNArchiveSource(
                    base: argument, store: store, backfill: remote.backfill,
                    since: remote.since.flatMap { FrontMatterDate.unixSeconds($0) }, refresh: remote.refresh,
                    settings: remote.fetch)
            }
            var source = HNAPISource(base: argument, list: remote.list, limit: remote.limit ?? 500, settings: remote.fetch)
            // The lists' threads are kept in the archive's store too (`ThreadFetch`).
            source.store =
                remote.store
                ?? ((remote.fetch.cacheFolder ?? ".sitegen-cache") as NSString).appendingPathComponent("archive.sqlite")
            source.threadLimit = remote.comments
            return source
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw SourceError.unreadable(path: argument, reason: "no such file or folder")
        }
        if isDirectory.boolValue {
            let list = (argument as NSString).appendingPathComponent("topstories.json")
            // A folder of Markdown files, one story each (and no HN-shaped list).
            if !FileManager.default.fileExists(atPath: list), MarkdownStorySource.holdsStories(argument) {
                return MarkdownStorySource(path: argument, drafts: drafts, zone: zone)
            }
            guard FileManager.default.fileExists(atPath: list) else {
                throw SourceError.unreadable(
                    path: argument,
                    reason:
                        "a source folder must hold topstories.json and item/<id>.json (the Hacker News API's shape), or .md files (one story each)"
                )
            }
            return HNDirectorySource(path: argument)
        }
        switch (argument as NSString).pathExtension.lowercased() {
        case "jsonl", "ndjson": return JSONLinesSource(path: argument)
        case "json": return JSONArrayFileSource(path: argument)
        default:
            throw SourceError.unreadable(
                path: argument, reason: "unknown source type; use a .json array, a .jsonl file or a folder with topstories.json")
        }
    }
}

/// What `--source` needs when it is a URL: the HN list and how many stories to take, a paged
/// API's keys and field mapping, and how to fetch.
public struct RemoteSourceOptions: Sendable {
    public var list: String
    /// Stories to take at most: nil for 500 from an HN list (all HN keeps) and all of a paged API.
    public var limit: Int?
    public var itemsKey: String
    public var totalKey: String
    public var firstPage: Int
    public var fields: FieldMapping
    public var fetch: FetchSettings
    /// `--list all`: the archive's store (nil: `archive.sqlite` in the cache folder), how many ids
    /// back it walks, and how young a story is fetched again.
    public var store: String?
    public var backfill = 10_000
    /// The most comments fetched for a story's thread (`comments`); 0 fetches none.
    public var comments = 10_000
    /// `--since`: a day, `YYYY-MM-DD` (UTC), to walk back to instead of `backfill` ids.
    public var since: String?
    public var refresh: Duration = .seconds(48 * 3600)

    public init(
        list: String = "topstories", limit: Int? = nil, itemsKey: String = "data", totalKey: String = "totalResults",
        firstPage: Int = 1, fields: FieldMapping = .defaults, fetch: FetchSettings = .init()
    ) {
        self.list = list
        self.limit = limit
        self.itemsKey = itemsKey
        self.totalKey = totalKey
        self.firstPage = firstPage
        self.fields = fields
        self.fetch = fetch
    }
}
