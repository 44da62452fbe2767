import Foundation

/// Writing a whole buffer to a file descriptor, as `write(2)` and `pwrite(2)` may write less
/// than asked, or be interrupted by a signal before they write anything.
package enum WholeWrite {
    /// Writes every byte of `buffer` to `fd`: from the descriptor's offset, or at `offset` in the
    /// file when one is given (`pwrite`, for writers that share a descriptor). False on an error
    /// (`errno` says which).
    package static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32, at offset: Int? = nil) -> Bool {
        var done = 0
        while done < buffer.count {
            let (from, count) = (buffer.baseAddress! + done, buffer.count - done)
            let n = offset.map { pwrite(fd, from, count, off_t($0 + done)) } ?? Foundation.write(fd, from, count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
