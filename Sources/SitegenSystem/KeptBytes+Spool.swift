extension KeptBytes {
    /// A kept file written as it is encoded: what a `Writer` holds goes to the file each time
    /// it is taken, through the checksum, and the writer starts again empty; at `finish` the
    /// checksum ends it and it is put in place whole or not at all (`WholeWrite.Replacement`).
    /// So a file of tens of megabytes, a big site's kept pages, is never whole in memory, nor in
    /// a buffer grown to twice its size.
    package struct Spool {
        private var file: WholeWrite.Replacement
        private var checksum = ContentHash()

        /// nil when the file cannot be made.
        package init?(path: String) {
            guard let file = WholeWrite.Replacement(path) else { return nil }
            self.file = file
        }

        /// Writes what `writer` holds and empties it.
        package mutating func take(_ writer: inout Writer) {
            take(writer.bytes)
            writer.bytes.removeAll(keepingCapacity: true)
        }

        /// Writes `bytes`, encoded by a writer as `take(_:)` would write them.
        package mutating func take(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { bytes in
                checksum.combine(bytes: bytes)
                file.write(bytes)
            }
        }

        /// Writes the rest of `writer` and the checksum, and puts the file in place. false
        /// when it could not (the file at `path` as it was).
        package mutating func finish(_ writer: inout Writer) -> Bool {
            take(&writer)
            withUnsafeBytes(of: checksum.value.littleEndian) { file.write($0) }
            return file.finish()
        }
    }
}
