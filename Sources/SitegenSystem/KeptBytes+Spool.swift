import Foundation

extension KeptBytes {
    /// A kept file written as it is encoded: what a `Writer` holds goes to `<path>.new` each
    /// time it is taken, through the checksum, and the writer starts again empty; at `finish`
    /// the checksum ends it and it is renamed over `path`, whole or not at all (as
    /// `WholeWrite.replace`). So a file of tens of megabytes, a big site's kept pages, is never
    /// whole in memory, nor in a buffer grown to twice its size.
    package struct Spool {
        private let path: String
        private var file: Int32
        private var checksum = ContentHash()
        private var failed = false

        /// nil when `<path>.new` cannot be made.
        package init?(path: String) {
            self.path = path
            file = open(path + ".new", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard file >= 0 else { return nil }
        }

        /// Writes what `writer` holds and empties it.
        package mutating func take(_ writer: inout Writer) {
            guard !failed else { return }
            writer.bytes.withUnsafeBytes { bytes in
                checksum.combine(bytes: bytes)
                failed = !WholeWrite.write(bytes, to: file)
            }
            writer.bytes.removeAll(keepingCapacity: true)
        }

        /// Writes the rest of `writer` and the checksum, and puts the file in place. false
        /// when it could not (the `.new` removed, the file at `path` as it was).
        package mutating func finish(_ writer: inout Writer) -> Bool {
            take(&writer)
            let sum = checksum.value.littleEndian
            let whole = !failed && withUnsafeBytes(of: sum) { WholeWrite.write($0, to: file) }
            close(file)
            guard whole, rename(path + ".new", path) == 0 else {
                unlink(path + ".new")
                return false
            }
            return true
        }
    }
}
