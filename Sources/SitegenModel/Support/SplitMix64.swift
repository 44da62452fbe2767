/// Vigna's SplitMix64: a tiny, fast, seedable generator (same seed, same sequence, on every
/// platform) and its finalizer, a good 64-bit mix. The sample generator draws from it; the
/// shard planner hashes story ids with `mix`.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.finalize(state)
    }

    /// Spreads consecutive inputs evenly over 64 bits.
    package static func mix(_ x: UInt64) -> UInt64 { finalize(x &+ 0x9E37_79B9_7F4A_7C15) }

    private static func finalize(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    package mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
}
