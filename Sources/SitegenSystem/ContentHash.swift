import Crypto

/// Names files by their bytes, so they can be cached forever: the first 64 bits of the bytes'
/// SHA-256, as 16 lowercase hex digits. Also the fetch cache's file names and `serve`'s ETags.
///
/// SHA-256 from swift-crypto (BoringSSL, with the CPU's SHA instructions where it has them), not
/// a hash of our own: a faster hand-written one did not earn its place, as hashing is a small
/// part of a build (docs/internals/architecture.md, "What the fast paths buy"; docs/internals/perf-log.md). 64 bits
/// make an accidental clash between two versions of one site vanishingly unlikely; names only
/// need to differ when contents differ.
///
/// The value is part of every output file name, so it must not change between versions without
/// reason: `ContentHashTests` pins it. (Story ids made from strings are not this hash: see
/// `StableID`, which must never change.)
public struct ContentHash {
    private var sha = SHA256()

    public init() {}

    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        sha.update(bufferPointer: bytes)
    }

    public mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { combine(bytes: UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { combine(bytes: $0) } }
    }

    public mutating func combine(_ string: String) {
        var s = string
        s.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The digest's first eight bytes, big-endian: what `hex` spells.
    public var value: UInt64 {
        sha.finalize().withUnsafeBytes { digest in digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) } }
    }

    /// 16 lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `value` of `bytes`: a key for what is kept between builds (`KeptPages`, `KeptParses`).
    public static func value<Bytes: Sequence>(of bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var h = ContentHash()
        h.combine(bytes: bytes)
        return h.value
    }

    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var h = ContentHash()
        h.combine(bytes: bytes)
        return h.hex
    }
}
