import Foundation

/// Where `StaticFiles` reads a site's files: the output folder on disk, or (in tests) a
/// dictionary. Paths are relative to the site's root, without a leading "/".
public protocol FileSource: Sendable {
    /// The file's bytes; nil when there is no such file (or it is a folder).
    func read(_ path: String) -> [UInt8]?
    func isFolder(_ path: String) -> Bool
}

/// A folder on disk. Read at each request, so a rebuild (which renames a new folder into place)
/// is served at once.
public struct LocalFiles: FileSource {
    public let root: String

    public init(root: String) { self.root = root }

    public func read(_ path: String) -> [UInt8]? {
        let full = (root as NSString).appendingPathComponent(path)
        guard !isFolderOnDisk(full), let data = FileManager.default.contents(atPath: full) else { return nil }
        return [UInt8](data)
    }

    public func isFolder(_ path: String) -> Bool {
        isFolderOnDisk((root as NSString).appendingPathComponent(path))
    }

    private func isFolderOnDisk(_ full: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: full, isDirectory: &folder) && folder.boolValue
    }
}

/// Files held in memory (tests).
public struct MemoryFiles: FileSource {
    public var files: [String: [UInt8]]

    public init(_ files: [String: String]) { self.files = files.mapValues { Array($0.utf8) } }
    public init(bytes: [String: [UInt8]]) { self.files = bytes }

    public func read(_ path: String) -> [UInt8]? { files[path] }
    public func isFolder(_ path: String) -> Bool {
        let prefix = path.hasSuffix("/") || path.isEmpty ? path : path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) }
    }
}
