/// A 64-bit hash that names files by their bytes, so they can be cached forever.
///
/// Sixteen bytes a step, each step one 64 × 64 → 128-bit multiply folded to 64 bits (the core of
/// wyhash): byte-at-a-time FNV-1a, used before, took 3 % of a 100,000-story build hashing its
/// shards. Not cryptographic: names only need to differ when contents differ, and 2⁶⁴ makes an
/// accidental clash between two versions of one site vanishingly unlikely.
///
/// The value is part of every output file name, so it must not change between versions without
/// reason: `ContentHashTests` pins it. (Story ids made from strings are not this hash: see
/// `StableID`, which must never change.)
public struct ContentHash: Sendable {
    private var state: UInt64 = Self.seed
    private var length: UInt64 = 0
    /// Bytes not yet a whole block: a block is hashed only once all sixteen bytes are known, so
    /// combining in pieces gives what combining at once gives.
    private var pending: (UInt64, UInt64) = (0, 0)
    private var pendingCount = 0

    public init() {}

    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var i = 0
        if pendingCount > 0 {
            i = keepPending(bytes, from: 0)
            guard pendingCount == 16 else { return }
            absorbPending()
            pending = (0, 0)
            pendingCount = 0
        }
        while bytes.count - i >= 16 {
            absorb(
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)),
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)))
            i += 16
        }
        _ = keepPending(bytes, from: i)
    }

    /// Copies `bytes` from `start` into the pending block, as many as it has room for; returns
    /// where it stopped.
    private mutating func keepPending(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let end = min(bytes.count, start + 16 - pendingCount)
        withUnsafeMutableBytes(of: &pending) { pending in
            for i in start..<end { pending[pendingCount + i - start] = bytes[i] }
        }
        pendingCount += end - start
        return end
    }

    private mutating func absorbPending() {
        absorb(UInt64(littleEndian: pending.0), UInt64(littleEndian: pending.1))
    }

    public mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { combine(bytes: UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { combine(bytes: $0) } }
    }

    public mutating func combine(_ string: String) {
        var s = string
        s.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The hash of the bytes so far: the last, partial block zero-filled, then the length mixed
    /// in, so bytes that differ only by trailing zeros still differ.
    public var value: UInt64 {
        var h = self
        if h.pendingCount > 0 { h.absorbPending() }
        return Self.mix(h.state ^ Self.secrets.2, length ^ Self.secrets.3)
    }

    /// 16 lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var h = ContentHash()
        h.combine(bytes: bytes)
        return h.hex
    }

    private mutating func absorb(_ a: UInt64, _ b: UInt64) {
        state = Self.mix(a ^ Self.secrets.0, b ^ state ^ Self.secrets.1)
    }

    /// The 128-bit product's halves folded. A zero operand would forget everything before it, so
    /// the block's first word is XORed with a constant made only of bytes 0xF8 to 0xFF, which
    /// UTF-8 text never holds: no text block can cancel it.
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    private static let seed: UInt64 = 0x243f_6a88_85a3_08d3  // π's fraction: nothing up the sleeve
    private static let secrets: (UInt64, UInt64, UInt64, UInt64) = (
        0xfbf9_fefa_fcf8_fffd, 0xa076_1d64_78bd_642f, 0xe703_7ed1_a0b4_28db, 0x8ebc_6af0_9c88_c6e3
    )
}
