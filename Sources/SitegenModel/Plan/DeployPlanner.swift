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

/// When an object goes up: a reader must never get a page before the files it names, nor lose a
/// file a page it has open still names. So: files named by their content first (nothing names
/// them until the manifests and pages that do go up), then manifests (they name shards), then
/// pages and everything else (they name manifests, shards and assets), then the record of what
/// the store holds; deletions after all of it.
public enum DeployPhase: Int, Sendable, CaseIterable, Comparable {
    case contentNamed
    case manifests
    case pages
    case record

    public static func of(_ key: String) -> DeployPhase {
        if key == Generations.recordFile || key == DeployPlanner.rulesFile || key == DeployPlanner.tokenFile {
            return .record
        }
        if SitePaths.isContentNamed(key) { return .contentNamed }
        if key.hasPrefix("m/") { return .manifests }
        return .pages
    }

    public static func < (a: DeployPhase, b: DeployPhase) -> Bool { a.rawValue < b.rawValue }
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
    /// Where the store keeps the rules its objects' headers were set by (`rules`).
    public static let rulesFile = "m/deploy.txt"
    /// Where the store keeps the token of the deploy that last changed it: a deploy that
    /// changes the store removes it first and writes a new one last, so a record of the store
    /// kept beside an output (`DeployRecord`) is trusted only while no other deploy, finished
    /// or stopped half-way, has changed the store since. (A file of its own, not a line of
    /// the rules: a sitegen before it compares the rules file whole.)
    public static let tokenFile = "m/deploy-token.txt"

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
        var seen: Set<String> = [current.build]
        let previous = (local.dropFirst() + remote).filter { seen.insert($0.build).inserted }
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
