/// Spellings (a word's UTF-8 bytes as written) → term ids: an open-addressing table over one
/// byte arena. The index looks up every word of every story here: ten million lookups at a
/// million stories, where a `[String: Int32]` spent most of the build hashing (Swift hashes a
/// non-ASCII String by its normalized form) and making Strings.
struct SpellingTable {
    private var arena: [UInt8] = []
    /// Per slot: the spelling's start in `arena` (+1; 0 = empty), length, hash and value.
    private var starts: [UInt32]
    private var lengths: [UInt16]
    private var hashes: [UInt32]
    private var values: [Int32]
    private var count = 0

    init(capacity: Int = 1 << 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        starts = Array(repeating: 0, count: size)
        lengths = Array(repeating: 0, count: size)
        hashes = Array(repeating: 0, count: size)
        values = Array(repeating: 0, count: size)
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }

    /// The value of `bytes`, or nil; `slot` is where to insert it when nil.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (value: Int32?, slot: Int) {
        let mask = starts.count - 1
        var slot = Int(hash) & mask
        while starts[slot] != 0 {
            if hashes[slot] == hash && Int(lengths[slot]) == bytes.count {
                let start = Int(starts[slot]) - 1
                let same = arena.withUnsafeBufferPointer { arena in
                    (0..<bytes.count).allSatisfy { arena[start + $0] == bytes[$0] }
                }
                if same { return (values[slot], slot) }
            }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// Adds `bytes` → `value` at `slot` (from `find`); a spelling longer than 65,535 bytes is
    /// not kept (it is folded again if seen again).
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32, value: Int32, slot: Int) {
        guard bytes.count <= Int(UInt16.max), arena.count + bytes.count < Int(UInt32.max) - 1 else { return }
        starts[slot] = UInt32(arena.count + 1)
        lengths[slot] = UInt16(bytes.count)
        hashes[slot] = hash
        values[slot] = value
        arena.append(contentsOf: bytes)
        count += 1
        if count * 2 > starts.count { grow() }
    }

    private mutating func grow() {
        let old = (starts, lengths, hashes, values)
        let size = starts.count * 2
        starts = Array(repeating: 0, count: size)
        lengths = Array(repeating: 0, count: size)
        hashes = Array(repeating: 0, count: size)
        values = Array(repeating: 0, count: size)
        let mask = size - 1
        for i in old.0.indices where old.0[i] != 0 {
            var slot = Int(old.2[i]) & mask
            while starts[slot] != 0 { slot = (slot + 1) & mask }
            starts[slot] = old.0[i]
            lengths[slot] = old.1[i]
            hashes[slot] = old.2[i]
            values[slot] = old.3[i]
        }
    }
}
