import Foundation

/// Reading a whole file into bytes, once: `FileManager.contents` gives `Data`, and the
/// `[UInt8]` a `KeptBytes.Reader` takes would be a second copy of a file of tens of megabytes.
package enum WholeRead {
    /// The bytes of the regular file at `path`; nil when it cannot be read whole.
    package static func bytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}
