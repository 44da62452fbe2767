/// The story ids seen so far, for `ItemFilter`'s "seen before?": asked of every story of a
/// build, in rank order, on one core while the other waits. Open addressing in a power-of-two
/// table with a multiplicative hash; `Set<Int>` hashes each id with SipHash and took 9 ms of a
/// 100,000-story build.
package struct IDSet {
    /// `empty` marks a free slot; the id that equals it is remembered apart.
    private static let empty = Int.min
    private var slots: [Int]
    private var shift: UInt64
    private var count = 0
    private var hasEmptyValue = false

    /// A set that holds `capacity` ids without growing.
    package init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: Self.empty, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// Adds `id`; true when it was not there before.
    package mutating func insert(_ id: Int) -> Bool {
        if id == Self.empty {
            defer { hasEmptyValue = true }
            return !hasEmptyValue
        }
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        // Fibonacci hashing: the top bits of id × 2⁶⁴/φ, so ids that differ only in their high
        // or low bits still land apart.
        var slot = Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let held = slots[slot]
            if held == id { return false }
            if held == Self.empty {
                slots[slot] = id
                count += 1
                return true
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.empty, count: old.count * 2)
        shift -= 1
        count = 0
        for id in old where id != Self.empty { _ = insert(id) }
    }
}
