/// Why an archive's store cannot be used. A store is never rebuilt in silence: what it holds
/// took hours of fetching, so a store of another program, of a newer sitegen, or damaged, stops
/// the build with its path and the reason, and is left as it is.
public struct ArchiveStoreError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: Reason

    public enum Reason: Equatable, Sendable {
        /// A newer sitegen wrote it (its format, and the newest this one reads).
        case newer(format: Int, reads: Int)
        /// An SQLite file, but not an archive's.
        case notAnArchive
        /// Not readable as SQLite, or SQLite found it corrupt: the database's own words.
        case damaged(String)
        /// The file or its folder could not be opened or written: the system's words.
        case unusable(String)
    }

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .newer(let format, let reads):
            "\(path): the archive's store was written by a newer sitegen (format \(format); this one reads up to \(reads)); use that sitegen, or another --store"
        case .notAnArchive:
            "\(path): not a sitegen archive (an SQLite file of another program); name another --store"
        case .damaged(let words):
            "\(path): the archive's store is damaged (\(words)); it was left as it is: restore a copy, or name another --store"
        case .unusable(let words):
            "\(path): cannot open the archive's store: \(words)"
        }
    }
}
