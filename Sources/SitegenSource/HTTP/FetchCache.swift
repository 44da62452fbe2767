import Foundation
import SitegenModel
import SitegenSystem

/// Fetched answers kept on disk between builds, so a rebuild asks the network only for what is
/// new or stale. One file per URL, its age its modification time:
///
///     .sitegen-cache/hacker-news.firebaseio.com/v0/item/8863.json
///     .sitegen-cache/127.0.0.1_8080/beers@page=2&per_page=25
///
/// Readable paths, so one entry can be looked at or deleted by hand. The cache is best effort: a
/// file that cannot be written is simply not cached, and never fails a build.
public struct FetchCache: Sendable {
    public let folder: String
    public let ttl: Duration

    public init(folder: String, ttl: Duration) {
        self.folder = folder
        self.ttl = ttl
    }

    /// The cached body if it is younger than the TTL.
    package func fresh(_ url: String, now: Date = Date()) -> [UInt8]? {
        let path = path(for: url)
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
            now.timeIntervalSince(modified) < ttl.seconds
        else { return nil }
        return read(path)
    }

    /// The cached body, whatever its age (offline builds, and a fallback when the network fails).
    package func any(_ url: String) -> [UInt8]? { read(path(for: url)) }

    func store(_ url: String, _ body: [UInt8]) {
        let path = path(for: url)
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Written beside and renamed over, so a killed build never leaves half a file behind.
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(body)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    private func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// `folder/host[_port]/path[@query]`, every character outside a small safe set replaced by
    /// `_`; a name too long for the file system becomes its hash.
    package func path(for url: String) -> String {
        (folder as NSString).appendingPathComponent(Self.relativePath(for: url))
    }

    static func relativePath(for url: String) -> String {
        guard let parts = URLComponents(string: url), let host = parts.host, !host.isEmpty else {
            return "_/" + ContentHash.hex(of: Array(url.utf8))
        }
        let hostFolder = safe(host) + (parts.port.map { "_\($0)" } ?? "")
        var segments = parts.path.split(separator: "/").map { segment -> String in
            let name = safe(String(segment))
            return name == "." || name == ".." ? "_" : name
        }
        if segments.isEmpty { segments = ["index"] }
        if let query = parts.percentEncodedQuery, !query.isEmpty { segments[segments.count - 1] += "@" + safe(query) }
        segments = segments.map { $0.utf8.count > 200 ? ContentHash.hex(of: Array($0.utf8)) : $0 }
        return ([hostFolder] + segments).joined(separator: "/")
    }

    private static func safe(_ text: String) -> String {
        String(
            text.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_", "=", "&", ",", "+": Character(scalar)
                default: "_"
                }
            })
    }
}
