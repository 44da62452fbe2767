import Foundation
import SitegenSystem

/// Where `StaticFiles` reads a site's files: the output folder on disk, or (in tests) a
/// dictionary. Paths are relative to the site's root, without a leading "/".
public protocol FileSource: Sendable {
    /// What is at `path`, from the folder's entry alone (no read): `StaticFiles` asks on every
    /// request, and prepares a file again only when its version moved.
    func look(_ path: String) -> FileLook
    /// The file's bytes; nil when there is no such file (or it is a folder). It may block:
    /// `StaticFiles` calls it off the cooperative pool.
    func read(_ path: String) -> [UInt8]?
}

/// What a path names.
public enum FileLook: Sendable, Equatable {
    case missing
    case folder
    /// A file, and what changes when it is written again or replaced.
    case file(version: String)
}

/// A folder on disk. Looked at on each request, so a rebuild (which renames new files into
/// place, new inodes) is served at once, from a build run by `serve` or by another command.
public struct LocalFiles: FileSource {
    public let root: String

    public init(root: String) { self.root = root }

    /// A `stat`: it answers from the kernel's cache of the folder's entries, so it stays on the
    /// request's thread; reading, hashing and compressing go to a thread of their own.
    public func look(_ path: String) -> FileLook {
        var info = stat()
        guard stat((root as NSString).appendingPathComponent(path), &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG:
            return .file(version: "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
        default: return .missing
        }
    }

    public func read(_ path: String) -> [UInt8]? {
        BlockingExecutor.willBlock("LocalFiles: reads a file")
        guard case .file = look(path),
            let data = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(path))
        else { return nil }
        return [UInt8](data)
    }
}

/// Files held in memory (tests).
public struct MemoryFiles: FileSource {
    public var files: [String: [UInt8]]

    public init(_ files: [String: String]) { self.files = files.mapValues { Array($0.utf8) } }
    public init(bytes: [String: [UInt8]]) { self.files = bytes }

    public func look(_ path: String) -> FileLook {
        if let bytes = files[path] { return .file(version: ContentHash.hex(of: bytes)) }
        let prefix = path.hasSuffix("/") || path.isEmpty ? path : path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) } ? .folder : .missing
    }

    public func read(_ path: String) -> [UInt8]? { files[path] }
}
