import SitegenModel

/// A file of a built output as a store should hold it: its key, the MD5 of the bytes sent (what
/// a store gives back as the ETag of a single-part upload) and the headers a browser needs.
public struct DeployObject: Sendable, Equatable {
    /// The file's path in the output ("index.html", "s/0123456789abcdef.json"), the object's key
    /// under the deploy's prefix.
    public var key: String
    public var md5: String
    public var size: Int
    public var contentType: String
    public var cacheControl: String
    /// `gzip` when the bytes sent are the file's precompressed sibling (`--precompress`).
    public var contentEncoding: String?

    public init(key: String, md5: String, size: Int, contentType: String, cacheControl: String, contentEncoding: String? = nil) {
        self.key = key
        self.md5 = md5
        self.size = size
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentEncoding = contentEncoding
    }
}

/// What a deploy does: the uploads in order, and the deletions after them.
public struct DeployPlan: Sendable, Equatable {
    /// In phase order (`DeployPhase`), by key within a phase.
    public var uploads: [DeployObject]
    public var unchanged: Int
    /// Keys the store holds that neither the output nor a kept generation has.
    public var deletions: [String]
}

/// Plans a deploy of a built output to an object store. Pure: the output's files and the
/// store's listing in, the plan out.
public enum DeployPlanner {

    /// The rules a deploy sets headers by, as text. The store keeps the text of the deploy that
    /// uploaded its objects: while it is the same, an object whose ETag matches has the headers
    /// it should; when a new sitegen sets other headers (or `--precompress` changes), every
    /// object goes up again. (A listing gives ETags, not headers: reading each object's headers
    /// back would be a request an object, every deploy.)
    public static func rules(precompress: Bool) -> String {
        let types = MIMEType.byExtension.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return
            (["sitegen deploy rules 1", "precompress \(precompress)"] + types
            + [CachePolicy.immutable.cacheControl, CachePolicy.revalidate.cacheControl])
            .joined(separator: "\n") + "\n"
    }

    /// The generations the store keeps after the deploy: the output's current one, then its
    /// own previous ones and the store's, newest first, up to `keep` (the output may be a fresh
    /// build that remembers none, as on a CI machine; the store remembers).
    public static func record(local: [Generation], remote: [Generation], keep: Int) -> [Generation] {
        guard let current = local.first else { return remote }
        // Each generation once (the output's and the store's records share their older ones).
        var previous: [Generation] = []
        for generation in local.dropFirst() + remote where generation != current && !previous.contains(generation) {
            previous.append(generation)
        }
        return Generations.next(current: current, previous: previous, keep: keep)
    }

    /// - Parameters:
    ///   - local: the output's files, as they should be in the store.
    ///   - remote: the store's keys under the prefix, with their ETags (quotes removed).
    ///   - rulesMatch: whether the store's objects were set by today's `rules`.
    ///   - kept: keys a kept generation still names though the output lacks them.
    public static func plan(local: [DeployObject], remote: [String: String], rulesMatch: Bool, kept: Set<String>) -> DeployPlan {
        let uploads = local.filter { !rulesMatch || remote[$0.key] != $0.md5 }
            .sorted { (DeployPhase.of($0.key), $0.key) < (DeployPhase.of($1.key), $1.key) }
        let keys = Set(local.map(\.key))
        let deletions = remote.keys.filter { key in
            !keys.contains(key) && !kept.contains(key) && DeployPhase.of(key) != .record
        }
        return DeployPlan(uploads: uploads, unchanged: local.count - uploads.count, deletions: deletions.sorted())
    }

    /// The headers of the file at `key`: what `sitegen serve` and `_headers` give it.
    public static func headers(of key: String) -> (contentType: String, cacheControl: String) {
        (MIMEType.of(key), CachePolicy.of(key).cacheControl)
    }
}
