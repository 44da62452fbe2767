import Foundation
import SitegenModel
import SitegenSystem

/// A JSON Lines file: one HN-shaped item a line, in rank order. A line that does not parse is
/// skipped and named (line number) rather than failing the build: one bad line in a large export
/// should not cost the other stories. Blank lines are ignored.
public struct JSONLinesSource: StorySource {
    public let path: String
    /// How much of the file a window reads (`windows()`): its lines are its entries.
    public var windowBytes = 32 << 20
    public var name: String { path }

    public init(path: String) { self.path = path }

    public func stamp() async throws -> String? { fileStamp(path) }

    /// Read on a thread of its own: the file's read and parse block it.
    public func entries() async throws -> [SourceEntry] {
        let path = self.path
        return try await BlockingExecutor.run {
            let data = try JSONInput.read(path)
            return Self.entries(of: data, lines: Self.lines(of: data), prefix: path + " line ")
        }
    }

    /// The file a window at a time: a file of any size costs a window's memory.
    public func windows() async throws -> (any EntryWindows)? {
        try Windows(path: path, windowBytes: windowBytes)
    }

    /// `lines` of `data` as entries, decoded on both cores (lines decode independently).
    static func entries(of data: Data, lines: [(Int, Range<Data.Index>)], prefix: String) -> [SourceEntry] {
        let base = data.startIndex
        return data.withUnsafeBytes { bytes in
            nonisolated(unsafe) let bytes = bytes
            return Parallel.array(count: lines.count) { i in
                let (number, range) = lines[i]
                let line = UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound - base)..<(range.upperBound - base)])
                return SourceEntry(prefix: prefix, number: number, content: SourceEntry.Content(itemJSON: line))
            }
        }
    }

    /// Reads the file `windowBytes` at a time, up to the last whole line; the rest of that
    /// read starts the next window. A line longer than a window is read whole with the next.
    final class Windows: EntryWindows, @unchecked Sendable {
        // Used by the one thread that reads the windows.
        private let file: FileHandle
        private let path: String
        private let windowBytes: Int
        private var carried = Data()
        /// The number of the first line of `carried`.
        private var line = 1
        private var ended = false

        init(path: String, windowBytes: Int) throws {
            guard let file = FileHandle(forReadingAtPath: path) else {
                // The same words a whole read would give.
                _ = try JSONInput.read(path)
                throw SourceError.unreadable(path: path, reason: "cannot read")
            }
            self.file = file
            self.path = path
            self.windowBytes = max(1, windowBytes)
        }

        deinit { try? file.close() }

        /// The index of `data`'s last newline.
        static func lastNewline(in data: Data) -> Data.Index? {
            // From the end: a window's last line is short of the whole.
            data.withUnsafeBytes { bytes in bytes.lastIndex(of: 0x0A) }.map { data.startIndex + $0 }
        }

        /// How many newlines `data` holds.
        static func newlines(in data: Data) -> Int {
            data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                var count = 0
                var at = 0
                while at < bytes.count, let found = memchr(base + at, 0x0A, bytes.count - at) {
                    count += 1
                    at = base.distance(to: UnsafeRawPointer(found)) + 1
                }
                return count
            }
        }

        func next() throws -> [SourceEntry]? {
            while !ended {
                let read: Data
                do {
                    read = try file.read(upToCount: windowBytes) ?? Data()
                } catch {
                    throw SourceError.unreadable(path: path, reason: SystemErrorText.of(error))
                }
                ended = read.isEmpty
                var data = carried
                data.append(read)
                // Up to the last newline, or all of it at the end of the file. (Over the raw
                // bytes: Data's own search and count went a byte at a time through its
                // iterator, a tenth of a million-story build.)
                let end = ended ? data.endIndex : (Self.lastNewline(in: data).map { $0 + 1 } ?? data.startIndex)
                carried = data[end...]
                let window = data[..<end]
                guard !window.isEmpty else { continue }
                var lines = JSONLinesSource.lines(of: window)
                for i in lines.indices { lines[i].0 += line - 1 }
                line += Self.newlines(in: window)
                let entries = JSONLinesSource.entries(of: window, lines: lines, prefix: path + " line ")
                if !entries.isEmpty { return entries }
            }
            return nil
        }
    }

    /// (1-based line number, byte range) of every non-blank line.
    package static func lines(of data: Data) -> [(Int, Range<Data.Index>)] {
        var result: [(Int, Range<Data.Index>)] = []
        let base = data.startIndex
        data.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            result.reserveCapacity(bytes.count / 128)
            var lineStart = 0
            var number = 1
            // memchr finds each newline many bytes at a time: a byte-by-byte loop over a million
            // lines was a third of a second on one core, before either core could parse.
            while lineStart <= bytes.count {
                let lineEnd =
                    memchr(start + lineStart, 0x0A, bytes.count - lineStart).map { start.distance(to: UnsafeRawPointer($0)) }
                    ?? bytes.count
                if bytes[lineStart..<lineEnd].contains(where: { !Self.isSpace($0) }) {
                    result.append((number, (base + lineStart)..<(base + lineEnd)))
                }
                lineStart = lineEnd + 1
                number += 1
            }
        }
        return result
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
