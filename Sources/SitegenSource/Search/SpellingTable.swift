import Foundation

/// Spellings (a word's UTF-8 bytes as written) → term ids: an open-addressing table over one
/// byte arena. The index looks up every word of every story here: ten million lookups at a
/// million stories, where a `[String: Int32]` spent most of the build hashing (Swift hashes a
/// non-ASCII String by its normalized form) and making Strings.
///
/// A slot is one 24-byte value, and holds a spelling's first eight bytes: a lookup costs one
/// cache miss, and a second (the arena) only for a word longer than eight bytes.
struct SpellingTable {
    private struct Slot {
        /// The spelling's start in `arena`, + 1; 0 for an empty slot.
        var start: UInt32 = 0
        var length: UInt32 = 0
        var hash: UInt32 = 0
        var value: Int32 = 0
        /// The spelling's first eight bytes, zero-padded.
        var prefix: UInt64 = 0
    }

    private var arena: [UInt8] = []
    private var slots: [Slot]
    private var count = 0

    init(capacity: Int = 1 << 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }

    private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var p: UInt64 = 0
        for i in 0..<min(8, bytes.count) { p |= UInt64(bytes[i]) << (8 * UInt64(i)) }
        return p
    }

    /// The value of `bytes`, or nil; `slot` is where to insert it when nil.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (value: Int32?, slot: Int) {
        let prefix = Self.prefix(bytes)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Int(hash) & mask
            while slots[index].start != 0 {
                let slot = slots[index]
                if slot.hash == hash && slot.prefix == prefix && Int(slot.length) == bytes.count
                    && (bytes.count <= 8 || same(bytes, at: Int(slot.start) - 1))
                {
                    return (slot.value, index)
                }
                index = (index + 1) & mask
            }
            return (nil, index)
        }
    }

    private func same(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        arena.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0 }
    }

    /// Adds `bytes` → `value` at `slot` (from `find`).
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32, value: Int32, slot: Int) {
        guard arena.count + bytes.count < Int(UInt32.max) - 1 else { return }
        slots[slot] = Slot(
            start: UInt32(arena.count + 1), length: UInt32(bytes.count), hash: hash, value: value, prefix: Self.prefix(bytes))
        arena.append(contentsOf: bytes)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.start != 0 {
            var index = Int(slot.hash) & mask
            while slots[index].start != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
