import CPrefetch
import SitegenSystem

/// Every row's HTML, rendered once for the list pages, the shards, the search packs and the
/// item pages, and kept JSON-escaped (as a JSON string's contents: `"` as `\"`, a newline as
/// `\n`), as the shards and packs carry it: a million-story site writes 1.4 million records
/// into its search packs as well as a million into its shards, each escaped once here rather
/// than at each write (a quarter of the search index's writing), and its pages unescape each
/// row once.
///
/// Kept as one large buffer per chunk of work, with each row's place in it, rather than an array
/// a row: at 100,000 stories a hundred thousand small arrays were as many allocations to make
/// and to free (the free alone, at the end of a build, on one core), and the heap of each core
/// grew for them a page at a time, a system call each.
///
/// A big list's chunks are spilled (`spill`): each written to a file as soon as it is rendered
/// and read back through a mapping (`SpilledBytes`), so that rows cost the build's memory a
/// chunk at a time rather than all at once.
package struct RenderedRows: Sendable {
    /// The rows of `chunks[c]`, back to back.
    // (Usable from inline: the search index, in its own module, reads rows as its packs are
    // written, and a call a record across modules would stand between it and its prefetches.)
    @usableFromInline let buffers: [StoredBytes]
    @usableFromInline let chunks: [Range<Int>]
    /// Row i is `buffers[chunk of i][starts[i]..<starts[i + 1]]` (the next row's start, or the
    /// buffer's end for a chunk's last row: `ends` holds that).
    @usableFromInline let starts: [UInt32]
    @usableFromInline let ends: [UInt32]

    /// Renders rows `0..<count` on both cores: `row(i, &buffer)` appends row i's HTML to
    /// `buffer`, which it is handed empty.
    package static func render(count: Int, _ row: @Sendable (Int, inout [UInt8]) -> Void) -> RenderedRows {
        // Never throws: nothing is spilled.
        try! render(count: count, row, measuring: { _, _ in 0 }).rows
    }

    /// `render(count:_:)`, and `measure(i, escaped)` of each row just rendered and escaped
    /// (while its bytes are still in the core's cache, in the same pass; a second pass over
    /// every row for its shard record's size ran partly on one core).
    /// - Parameter spill: a folder to spill each chunk into as it is rendered; nil keeps them
    ///   in memory.
    package static func render(
        count: Int, _ row: @Sendable (Int, inout [UInt8]) -> Void,
        measuring measure: @Sendable (Int, UnsafeBufferPointer<UInt8>) -> Int, spill: String? = nil
    ) throws(SpillError) -> (rows: RenderedRows, measures: [Int]) {
        // One file for all the chunks (a mapping a chunk would be thousands at ten million).
        let file = try spill.map { folder throws(SpillError) in try SpillFile(folder: folder) }
        let parts = Parallel.chunks(count: count) {
            range -> (bytes: Result<Chunk, SpillError>, starts: [UInt32], ends: [UInt32], measures: [Int]) in
            var bytes: [UInt8] = []
            var html: [UInt8] = []
            var starts: [UInt32] = []
            var ends: [UInt32] = []
            var measures: [Int] = []
            starts.reserveCapacity(range.count)
            ends.reserveCapacity(range.count)
            measures.reserveCapacity(range.count)
            for i in range {
                let start = bytes.count
                starts.append(UInt32(start))
                html.removeAll(keepingCapacity: true)
                row(i, &html)
                html.withUnsafeBufferPointer { JSONWriter.appendEscaped($0, to: &bytes) }
                ends.append(UInt32(bytes.count))
                measures.append(bytes.withUnsafeBufferPointer { measure(i, UnsafeBufferPointer(rebasing: $0[start...])) })
            }
            let buffer: Result<Chunk, SpillError>
            if let file {
                do throws(SpillError) {
                    buffer = .success(.written(try file.append(bytes)))
                } catch {
                    buffer = .failure(error)
                }
            } else {
                buffer = .success(.kept(bytes))
            }
            return (buffer, starts, ends, measures)
        }
        let chunks = try parts.results.map { result throws(SpillError) in try result.bytes.get() }
        let mapping = try file.map { file throws(SpillError) in try SpilledBytes(mapping: file) }
        let rows = RenderedRows(
            buffers: chunks.map { chunk in
                switch chunk {
                case .kept(let bytes): .memory(bytes)
                case .written(let range): .spilled(mapping!, range)
                }
            }, chunks: parts.ranges,
            starts: parts.results.flatMap(\.starts), ends: parts.results.flatMap(\.ends))
        return (rows, parts.results.flatMap(\.measures))
    }

    /// Rows of HTML given one by one (tests, and anything small).
    package init(_ rows: [[UInt8]]) {
        var bytes: [UInt8] = []
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        for row in rows {
            starts.append(UInt32(bytes.count))
            row.withUnsafeBufferPointer { JSONWriter.appendEscaped($0, to: &bytes) }
            ends.append(UInt32(bytes.count))
        }
        self.init(buffers: [.memory(bytes)], chunks: [0..<rows.count], starts: starts, ends: ends)
    }

    /// The rows of `parts`, one after the other (a list rendered a window at a time).
    package init(joining parts: [RenderedRows]) {
        var buffers: [StoredBytes] = []
        var chunks: [Range<Int>] = []
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        starts.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        ends.reserveCapacity(starts.capacity)
        for part in parts {
            let first = starts.count
            buffers += part.buffers
            chunks += part.chunks.map { (first + $0.lowerBound)..<(first + $0.upperBound) }
            starts += part.starts
            ends += part.ends
        }
        self.init(buffers: buffers, chunks: chunks, starts: starts, ends: ends)
    }

    private init(buffers: [StoredBytes], chunks: [Range<Int>], starts: [UInt32], ends: [UInt32]) {
        self.buffers = buffers
        self.chunks = chunks
        self.starts = starts
        self.ends = ends
    }

    package var count: Int { starts.count }

    /// The byte count of row `i`, escaped (its HTML's, or a few more).
    package func length(of i: Int) -> Int { Int(ends[i] - starts[i]) }

    /// Row `i`'s HTML, escaped (a JSON string's contents), for the length of `body`.
    @inlinable package func withEscaped<R>(of i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try buffers[chunk(of: i)].withUnsafeBufferPointer {
            try body(UnsafeBufferPointer(rebasing: $0[Int(starts[i])..<Int(ends[i])]))
        }
    }

    /// Starts loading where row `i` is (its start and end), for `prefetch(_:)` a little later:
    /// for rows taken in an order the CPU cannot foresee, those are a miss too.
    @inlinable package func prefetchPlace(of i: Int) {
        starts.withUnsafeBufferPointer { sitegen_prefetch($0.baseAddress! + i) }
        ends.withUnsafeBufferPointer { sitegen_prefetch($0.baseAddress! + i) }
    }

    /// Starts loading row `i`'s first bytes into the cache, for a reader that will take rows in
    /// an order the CPU cannot foresee (a search pack's records).
    @inlinable package func prefetch(_ i: Int) {
        let start = Int(starts[i])
        let end = Int(ends[i])
        buffers[chunk(of: i)].withUnsafeBufferPointer { buffer in
            // A row is some hundreds of bytes; its first four lines are what a core can track.
            for line in stride(from: start, to: min(end, start + 256), by: 64) { sitegen_prefetch(buffer.baseAddress! + line) }
        }
    }

    /// Appends row `i`'s HTML to `out`.
    func appendHTML(of i: Int, to out: inout [UInt8]) {
        withEscaped(of: i) { JSONWriter.appendUnescaped($0, to: &out) }
    }

    /// Row `i`'s HTML.
    package func html(of i: Int) -> [UInt8] {
        var html: [UInt8] = []
        html.reserveCapacity(length(of: i))
        appendHTML(of: i, to: &html)
        return html
    }

    /// A chunk's rows as rendered: kept, or written to the spill file (there).
    private enum Chunk: Sendable {
        case kept([UInt8])
        case written(Range<Int>)
    }

    /// Whether any row is spilled (tests).
    package var isSpilled: Bool {
        buffers.contains(where: \.isSpilled)
    }

    /// The chunk holding row `i`: a binary search over a few dozen chunks.
    @usableFromInline func chunk(of i: Int) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if chunks[mid].lowerBound <= i { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
