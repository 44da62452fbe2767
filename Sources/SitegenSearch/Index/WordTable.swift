import CPrefetch
import Foundation

/// UTF-8 words → ids 0, 1, 2, … in the order they were first seen: an open-addressing table
/// over one byte arena. The index looks up every word of every story in one (ten million
/// lookups at a million stories), where a `[String: Int32]` spent most of the build hashing
/// (Swift hashes a non-ASCII String by its normalized form) and making Strings; and it interns
/// the folded words (the terms) in another, whose bytes are the terms' bytes.
///
/// A slot is one 16-byte value (four to a cache line), and holds a word's first eight bytes,
/// its length (up to 15) and a value of the caller's (the spellings' table keeps each
/// spelling's term there): a lookup costs one cache miss, and more (its place in the arena,
/// the arena) only for a word longer than eight bytes. Slots stay 16 bytes: the tables are
/// the index's largest structures at its memory peak (docs/internals/perf-log.md).
struct WordTable {
    private struct Slot {
        /// (The word's id + 1) << 4 | its length, 15 for any longer; 0 for an empty slot.
        var key: UInt32 = 0
        var value: Int32 = 0
        /// The word's first eight bytes, zero-padded.
        var prefix: UInt64 = 0
    }

    private var arena: [UInt8] = []
    private var slots: [Slot]
    /// Word id → its bytes in `arena`.
    private var starts: [UInt32] = []
    private var lengths: [UInt32] = []

    init(capacity: Int = 1 << 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
    }

    /// How many words it holds (the next id).
    var count: Int { starts.count }

    /// FNV-1a.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        bytes.reduce(hashStart, hash)
    }

    /// FNV-1a's hash before the first byte, and its step, one more byte: for a caller that
    /// hashes a word as it copies it.
    static var hashStart: UInt32 { 0x811C_9DC5 }
    @inline(__always)
    static func hash(_ h: UInt32, _ byte: UInt8) -> UInt32 { (h ^ UInt32(byte)) &* 0x0100_0193 }

    private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var p: UInt64 = 0
        for i in 0..<min(8, bytes.count) { p |= UInt64(bytes[i]) << (8 * UInt64(i)) }
        return p
    }

    /// The id of `bytes` and the value stored with it, or nil; `slot` is where to insert it
    /// when nil.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (id: Int32?, value: Int32, slot: Int) {
        let prefix = Self.prefix(bytes)
        let length = UInt32(min(bytes.count, 15))
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Int(hash) & mask
            while slots[index].key != 0 {
                let slot = slots[index]
                if slot.prefix == prefix && slot.key & 0xF == length {
                    let id = Int(slot.key >> 4) - 1
                    if bytes.count <= 8
                        || ((length < 15 || Int(lengths[id]) == bytes.count) && same(bytes, at: Int(starts[id])))
                    {
                        return (Int32(id), slot.value, index)
                    }
                }
                index = (index + 1) & mask
            }
            return (nil, 0, index)
        }
    }

    private func same(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        arena.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0 }
    }

    /// Starts loading the slot where a lookup of `hash` begins, for a caller that knows its
    /// next words before it looks them up (SearchTermsBuilder: eight words ahead). A hint: it
    /// changes no result, so a lookup without it finds the same.
    /// (`mutating` though it changes nothing: called on a table that is a stored property,
    /// a plain method read a copy of the table, four retains and releases a word.)
    mutating func prefetch(hash: UInt32) {
        slots.withUnsafeMutableBufferPointer { sitegen_prefetch($0.baseAddress! + (Int(hash) & ($0.count - 1))) }
    }

    /// Adds `bytes`, with `value`, at `slot` (from `find`, which found nothing); returns its id.
    @discardableResult
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, slot: Int, value: Int32 = 0) -> Int32 {
        precondition(arena.count + bytes.count < Int(UInt32.max), "more than 4 GB of distinct words")
        precondition(starts.count < 1 << 28 - 1, "more than 268 million distinct words")
        let id = UInt32(starts.count)
        slots[slot] = Slot(key: (id + 1) << 4 | UInt32(min(bytes.count, 15)), value: value, prefix: Self.prefix(bytes))
        starts.append(UInt32(arena.count))
        lengths.append(UInt32(bytes.count))
        arena.append(contentsOf: bytes)
        if starts.count * 2 > slots.count { grow() }
        return Int32(id)
    }

    /// The id of `bytes`, added if new; `hash` is `hash(bytes)`, for a caller that has it.
    mutating func id(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt32? = nil) -> Int32 {
        let (found, _, slot) = find(bytes, hash: hash ?? Self.hash(bytes))
        return found ?? insert(bytes, slot: slot)
    }

    /// Word `id`'s bytes, for the length of `body`.
    func withBytes<R>(of id: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try arena.withUnsafeBufferPointer {
            try body(UnsafeBufferPointer(rebasing: $0[Int(starts[id])..<Int(starts[id] + lengths[id])]))
        }
    }

    /// Word `id` as a String.
    func string(_ id: Int) -> String { withBytes(of: id) { String(decoding: $0, as: UTF8.self) } }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.key != 0 {
            var index = Int(withBytes(of: Int(slot.key >> 4) - 1) { Self.hash($0) }) & mask
            while slots[index].key != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
