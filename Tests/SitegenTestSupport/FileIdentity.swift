import Foundation

/// A file as the file system knows it: a rewritten file gets a new inode or mtime even when its
/// bytes are the same, which is what rsync and deploy tools look at.
public struct FileIdentity: Equatable, CustomStringConvertible {
    public var inode: UInt64
    public var mtimeSeconds: Int
    public var mtimeNanoseconds: Int
    public var size: Int

    public var description: String { "inode \(inode), mtime \(mtimeSeconds).\(mtimeNanoseconds), \(size) bytes" }

    /// Every file under `root` by relative path.
    public static func snapshot(_ root: String) -> [String: FileIdentity] {
        var result: [String: FileIdentity] = [:]
        for relative in filesUnder(root) {
            var info = stat()
            guard stat(root + "/" + relative, &info) == 0 else { continue }
            result[relative] = FileIdentity(
                inode: UInt64(info.st_ino), mtimeSeconds: info.st_mtim.tv_sec, mtimeNanoseconds: info.st_mtim.tv_nsec,
                size: Int(info.st_size))
        }
        return result
    }
}
