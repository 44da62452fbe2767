import Foundation
import Synchronization

/// Bytes moved out of the heap into a file of their own and read back through a read-only
/// mapping: a big build's rendered rows (270 MB at a million stories), written once and then
/// read over and over (shards, pages, search packs), from the page cache rather than the
/// build's own memory.
///
/// The file is unlinked as soon as it is made, so it is gone when the build ends, however it
/// ends (kill -9 included): nothing is left beside the output to clean up.
///
/// A mapped page counts in the process's resident memory once it is read, and stays counted
/// until it is unmapped. So every tenth of a second `Trimmer` tells the kernel (MADV_DONTNEED)
/// that no spilled page is needed any more: the pages stay in the page cache, and the next read
/// of one maps it in again, a minor fault. What stays resident of the spilled bytes is what the
/// build read in the last tenth of a second, whatever their size.
package final class SpilledBytes: @unchecked Sendable {
    // Set once in init, unmapped in deinit; the bytes behind it are never written after.
    private let base: UnsafeRawPointer?
    package let count: Int

    /// Writes `bytes` to a new unnamed file in `folder` and maps it.
    package convenience init(_ bytes: [UInt8], folder: String) throws(SpillError) {
        let file = try SpillFile(folder: folder)
        _ = try file.append(bytes)
        try self.init(mapping: file)
    }

    /// Maps what was appended to `file`, which takes no more.
    package init(mapping file: SpillFile) throws(SpillError) {
        let (fd, size) = file.finish()
        defer { close(fd) }
        count = size
        guard count > 0 else {
            base = nil
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_SHARED, fd, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw SpillError(folder: file.folder, reason: SystemErrorText.ofErrno())
        }
        base = UnsafeRawPointer(mapped)
        Trimmer.shared.add(ObjectIdentifier(self), address: UInt(bitPattern: mapped), count: count)
    }

    deinit {
        guard let base else { return }
        // Out of the trimmer's list before the mapping goes, so it never advises an unmapped range.
        Trimmer.shared.remove(ObjectIdentifier(self))
        munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    @inlinable package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(bytes)
    }

    @usableFromInline var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Every live spill's resident pages dropped every tenth of a second (they stay in the page
    /// cache), on a thread of its own, while there is any. It keeps the mappings' places, not
    /// the spills: it never holds on to one being released.
    private final class Trimmer: Sendable {
        static let shared = Trimmer()
        private let live = Mutex<(mappings: [ObjectIdentifier: (address: UInt, count: Int)], timer: DispatchSourceTimer?)>(
            ([:], nil))

        func add(_ spill: ObjectIdentifier, address: UInt, count: Int) {
            live.withLock { state in
                state.mappings[spill] = (address, count)
                guard state.timer == nil else { return }
                let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
                timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
                timer.setEventHandler { [self] in trim() }
                timer.resume()
                state.timer = timer
            }
        }

        func remove(_ spill: ObjectIdentifier) {
            live.withLock { state in
                state.mappings[spill] = nil
                if state.mappings.isEmpty {
                    state.timer?.cancel()
                    state.timer = nil
                }
            }
        }

        /// Under the lock: a spill being released waits in `remove` until its advice is given,
        /// and unmaps after.
        private func trim() {
            live.withLock { state in
                for mapping in state.mappings.values {
                    madvise(UnsafeMutableRawPointer(bitPattern: mapping.address), mapping.count, MADV_DONTNEED)
                }
            }
        }
    }
}

/// An unnamed file that parts are appended to, from any thread, and then mapped once
/// (`SpilledBytes(mapping:)`): one file and one mapping for a window's rows, whatever the
/// number of chunks they were rendered in (a process may hold some 65,000 mappings).
package final class SpillFile: @unchecked Sendable {
    let folder: String
    // The descriptor, and how many bytes are reserved so far; parts are written each into its
    // own reserved range, outside the lock.
    private let fd: Int32
    private let reserved = Mutex(0)
    private let finished = Atomic<Bool>(false)

    package init(folder: String) throws(SpillError) {
        self.folder = folder
        var template = Array((folder as NSString).appendingPathComponent(".sitegen-spill-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SpillError(folder: folder, reason: SystemErrorText.ofErrno()) }
        // The name goes at once: the open descriptor, then the mapping, keep the bytes.
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        self.fd = fd
    }

    deinit {
        if !finished.load(ordering: .relaxed) { close(fd) }
    }

    /// Writes `bytes` after what was appended before; returns where they are in the file.
    package func append(_ bytes: [UInt8]) throws(SpillError) -> Range<Int> {
        let start = reserved.withLock { end in
            defer { end += bytes.count }
            return end
        }
        guard bytes.withUnsafeBytes({ WholeWrite.write($0, to: fd, at: start) }) else {
            throw SpillError(folder: folder, reason: SystemErrorText.ofErrno())
        }
        return start..<start + bytes.count
    }

    /// The bytes at `range` (one `append`'s), read from the file rather than mapped: a part
    /// read once, whose pages should not count in the build's memory. nil when they cannot be.
    package func read(_ range: Range<Int>) -> [UInt8]? {
        WholeRead.bytes(count: range.count, from: fd, at: range.lowerBound)
    }

    /// The descriptor (the caller closes it) and the file's size; nothing is appended after.
    fileprivate func finish() -> (fd: Int32, size: Int) {
        finished.store(true, ordering: .relaxed)
        return (fd, reserved.withLock { $0 })
    }
}

/// Bytes kept in memory, or spilled to a file (`SpilledBytes`, a range of its mapping): read
/// the same either way.
package enum StoredBytes: Sendable {
    case memory([UInt8])
    case spilled(SpilledBytes, Range<Int>)

    /// `bytes`, spilled into `folder` when one is given.
    package init(_ bytes: [UInt8], spillingInto folder: String?) throws(SpillError) {
        guard let folder else {
            self = .memory(bytes)
            return
        }
        let spilled = try SpilledBytes(bytes, folder: folder)
        self = .spilled(spilled, 0..<spilled.count)
    }

    @inlinable package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch self {
        case .memory(let bytes): try bytes.withUnsafeBufferPointer(body)
        case .spilled(let spilled, let range):
            try spilled.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    package var isSpilled: Bool { if case .spilled = self { true } else { false } }
}

/// A spill file that could not be made or written: the folder, and the system's reason.
package struct SpillError: Error, CustomStringConvertible {
    package var folder: String
    package var reason: String
    package var description: String { "\(folder): cannot write a temporary file of the build's (\(reason))" }
}
