import Foundation

/// A file's identity and last change, as a stamp (a source's, the build's own binary, a file a
/// deploy sent): the device, inode, size and modification time in nanoseconds. A file written
/// again (even with the same bytes) or replaced reads as changed; nil when it cannot be read.
package func fileStamp(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return "file \(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
}
