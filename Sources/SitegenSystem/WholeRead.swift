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
        return bytes(count: Int(info.st_size), from: fd)
    }

    /// `count` bytes of `fd`: from its offset, or at `offset` in the file when one is given
    /// (`pread`, for a descriptor others write through); nil when it holds fewer or fails.
    /// `WholeWrite.write`'s twin: a read, too, may give less than asked or be interrupted.
    package static func bytes(count: Int, from fd: Int32, at offset: Int? = nil) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                let into = buffer.baseAddress! + done
                return offset.map { pread(fd, into, count - done, off_t($0 + done)) } ?? Foundation.read(fd, into, count - done)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}
