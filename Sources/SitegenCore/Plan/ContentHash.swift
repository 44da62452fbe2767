/// FNV-1a, 64 bits: names files by their bytes so they can be cached forever.
/// Not cryptographic: names only need to differ when contents differ, and 2⁶⁴ makes an accidental
/// clash between two versions of one site vanishingly unlikely. Fast enough to hash every shard
/// of a million-story site in well under a second.
public struct ContentHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        var h = state
        for byte in bytes {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01B3
        }
        state = h
    }

    public mutating func combine(_ string: String) {
        var s = string
        s.withUTF8 { combine(bytes: $0) }
    }

    /// The hash as it stands.
    public var value: UInt64 { state }

    /// 16 lowercase hex digits.
    public var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var h = ContentHash()
        h.combine(bytes: bytes)
        return h.hex
    }
}
