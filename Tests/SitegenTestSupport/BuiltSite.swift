import Foundation
import Testing

/// A site as `Build.run` left it on disk, read back with independent parsers: pages by number,
/// shard files, manifest parts.
public struct BuiltSite {
    public struct Page {
        public var number: Int
        public var html: String
        public var articles: [HTMLElement]
        /// The parsed `sitegen-config` block.
        public var config: [String: Any]
    }

    public struct ShardRecord {
        public var id: Int
        public var html: String
        public var object: [String: Any]
    }

    public let root: String
    /// In the list's order: the front (`index.html`, the highest number) first.
    public let pages: [Page]
    /// The site list's `head.json`, when it has one.
    public let head: [String: Any]?
    /// File name (without ".json") → records in order.
    public let shards: [String: [ShardRecord]]
    /// File name (without ".json") → size in bytes.
    public let shardBytes: [String: Int]
    /// Manifest build folders under m/.
    public let manifestBuilds: [String]
    /// Parts of the (single) manifest build, by index.
    public let manifestParts: [Int: [String: Any]]

    public init(root: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.root = root
        let fm = FileManager.default
        // Pages: page/N/index.html is page N, 1 the oldest; index.html, the front, the last.
        var pages: [Page] = []
        var numbered: [(Int, String)] = []
        for name in (try? fm.contentsOfDirectory(atPath: root + "/page")) ?? [] {
            let number = try #require(Int(name), "unexpected entry page/\(name)", sourceLocation: sourceLocation)
            let file = root + "/page/\(name)/index.html"
            if fm.fileExists(atPath: file) { numbered.append((number, file)) }
        }
        numbered.append((numbered.count + 1, root + "/index.html"))
        // In the list's order: the front first.
        for (number, file) in numbered.sorted(by: { $0.0 > $1.0 }) {
            let html = try readText(file)
            let configText = try #require(
                HTMLScan.pageConfig(in: html), "page \(number) has no sitegen-config block", sourceLocation: sourceLocation)
            pages.append(
                Page(
                    number: number, html: html, articles: HTMLScan.articles(in: html),
                    config: try jsonObject(try parseJSON(configText), sourceLocation: sourceLocation)))
        }
        self.pages = pages
        head = try? jsonObject(try parseJSON(try readBytes(root + "/head.json")))

        var shards: [String: [ShardRecord]] = [:]
        var shardBytes: [String: Int] = [:]
        // (Beside each shard, its precompressed siblings: s/<name>.json.gz and .br.)
        for file in (try? fm.contentsOfDirectory(atPath: root + "/s")) ?? [] where !isSibling(file) {
            try #require(file.hasSuffix(".json"), "unexpected file s/\(file)", sourceLocation: sourceLocation)
            let data = try readBytes(root + "/s/" + file)
            let object = try jsonObject(try parseJSON(data), sourceLocation: sourceLocation)
            #expect(try jsonInt(object["v"]) == 1, "s/\(file) has version 1", sourceLocation: sourceLocation)
            let items = try jsonArray(object["items"], sourceLocation: sourceLocation)
            let name = String(file.dropLast(5))
            shards[name] = try items.map { item in
                let record = try jsonObject(item, sourceLocation: sourceLocation)
                return ShardRecord(
                    id: try jsonInt(record["id"], sourceLocation: sourceLocation),
                    html: try jsonString(record["html"], sourceLocation: sourceLocation), object: record)
            }
            shardBytes[name] = data.count
        }
        self.shards = shards
        self.shardBytes = shardBytes

        // m/ holds the build folders and the generations' record (m/builds.txt).
        manifestBuilds = ((try? fm.contentsOfDirectory(atPath: root + "/m")) ?? []).filter { $0 != "builds.txt" }.sorted()
        var parts: [Int: [String: Any]] = [:]
        if manifestBuilds.count == 1 {
            let folder = root + "/m/" + manifestBuilds[0]
            for file in try fm.contentsOfDirectory(atPath: folder) where !isSibling(file) {
                let index = try #require(
                    file.hasSuffix(".json") ? Int(file.dropLast(5)) : nil, "unexpected manifest file \(file)",
                    sourceLocation: sourceLocation)
                parts[index] = try jsonObject(try parseJSON(try readBytes(folder + "/" + file)), sourceLocation: sourceLocation)
            }
        }
        manifestParts = parts
    }

    /// Story ids of the rows across all pages, in page order.
    public var pageIDs: [Int] { pages.flatMap { $0.articles.compactMap { $0.attributes["data-id"].flatMap(Int.init) } } }
}

/// A precompressed sibling (`x.json.gz`, `x.html.br`) of a file the build wrote.
public func isSibling(_ file: String) -> Bool { file.hasSuffix(".gz") || file.hasSuffix(".br") }
