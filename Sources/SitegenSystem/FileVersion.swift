import Foundation

/// One version of a file, as `stat` sees it: which file it is (device and inode), its size,
/// and when its bytes and its inode last changed, to the nanosecond. A file whose version is
/// the one written down when it was made has not been replaced, nor written since: a rename
/// over it, a copy, an editor's save or a `touch` each change one of these.
package struct FileVersion: Sendable, Equatable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modified: Int64
    package var changed: Int64

    package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The regular file at `path`; nil when there is none.
    package static func of(_ path: String) -> FileVersion? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileVersion(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }
}
