import Foundation

/// Writing a whole buffer to a file descriptor, as `write(2)` may write less than asked, or be
/// interrupted by a signal before it writes anything.
package enum WholeWrite {
    /// Writes every byte of `buffer` to `fd` from its offset; false on an error (`errno` says
    /// which).
    package static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
