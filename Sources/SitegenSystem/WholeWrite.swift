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

    /// Writes `bytes` at `path` whole or not at all: beside it as `<path>.new`, then renamed
    /// over it. false when it could not (the `.new` removed). (`.new` is written in place, not
    /// through `FileManager.createFile`, which writes a temporary file of its own first: a
    /// process killed then leaves a `.dat.nosync…` file that nothing knows to clear.)
    package static func replace(_ path: String, with bytes: Data) -> Bool {
        bytes.withUnsafeBytes { replace(path, with: $0) }
    }

    package static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { replace(path, with: $0) }
    }

    private static func replace(_ path: String, with bytes: UnsafeRawBufferPointer) -> Bool {
        guard var replacement = Replacement(path) else { return false }
        replacement.write(bytes)
        return replacement.finish()
    }

    /// `replace`, for bytes that come a part at a time (`KeptBytes.Spool`): `<path>.new`
    /// written as they come, renamed over `path` at `finish` when every part was written.
    package struct Replacement {
        private let path: String
        private let file: Int32
        private var failed = false

        /// nil when `<path>.new` cannot be made.
        package init?(_ path: String) {
            self.path = path
            file = open(path + ".new", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard file >= 0 else { return nil }
        }

        package mutating func write(_ bytes: UnsafeRawBufferPointer) {
            if !failed { failed = !WholeWrite.write(bytes, to: file) }
        }

        /// Puts the file in place; false when a part or the rename failed (the `.new`
        /// removed, the file at `path` as it was).
        package func finish() -> Bool {
            close(file)
            guard !failed, rename(path + ".new", path) == 0 else {
                unlink(path + ".new")
                return false
            }
            return true
        }
    }
}
