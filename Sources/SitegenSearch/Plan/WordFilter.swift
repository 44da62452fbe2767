import SitegenModel

/// A Bloom filter of a small segment's words, carried in the root (docs/internals/format.md, "The root").
///
/// A query asks every segment for its pack of the word. A rare word is in none of the newest
/// segments, whose packs it then downloads only to find it absent: a request and a few
/// kilobytes each, on every cold query. The root, which the page carries, holds a filter for
/// each segment small enough that the filter costs less than a pack, and `search.js` asks
/// such a segment only when the filter may hold the word.
///
/// What must stay true: every word of the segment is held (a filter never says a word is
/// absent that the segment has: a count would be short); `search.js` computes the very same
/// probes (`probes(_:bits:)`, 32-bit arithmetic it has too). A word it holds wrongly (about
/// 1 in 120) costs the pack it would have cost anyway.
public struct WordFilter: Sendable, Equatable {
    /// Probes a word: with 10 bits a word, 7 makes about 0.8 % of absent words held.
    public static let probes = 7
    public static let bitsPerWord = 10

    /// Bit `b` is `bits[b / 8] >> (b % 8) & 1`.
    public private(set) var bits: [UInt8]

    public init(words: some Collection<String>) {
        bits = [UInt8](repeating: 0, count: max(8, (words.count * Self.bitsPerWord + 7) / 8))
        for word in words {
            for b in Self.probes(word, bits: bits.count * 8) { bits[b >> 3] |= 1 << UInt8(b & 7) }
        }
    }

    /// The bits as the root writes them: hex digits of four bits each, the lowest first (bit
    /// b is digit b / 4's bit b % 4).
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bits.flatMap { [digits[Int($0 & 15)], digits[Int($0 >> 4)]] }, as: UTF8.self)
    }

    /// Whether the segment may hold `word` (a folded word, as the packs have it).
    public func mayHold(_ word: String) -> Bool {
        Self.probes(word, bits: bits.count * 8).allSatisfy { bits[$0 >> 3] >> UInt8($0 & 7) & 1 == 1 }
    }

    /// The bits a word sets: double hashing, `(h1 + i·h2) mod 2³² mod bits` for i < `probes`,
    /// h1 the 32-bit FNV-1a of its UTF-8 and h2 MurmurHash3's finalizer of h1, made odd.
    static func probes(_ word: String, bits: Int) -> [Int] {
        var h1: UInt32 = 0x811C_9DC5
        for byte in word.utf8 { h1 = (h1 ^ UInt32(byte)) &* 0x0100_0193 }
        var h2 = h1
        h2 ^= h2 >> 16
        h2 = h2 &* 0x85EB_CA6B
        h2 ^= h2 >> 13
        h2 = h2 &* 0xC2B2_AE35
        h2 ^= h2 >> 16
        h2 |= 1
        return (0..<UInt32(Self.probes)).map { i in Int((h1 &+ i &* h2) % UInt32(bits)) }
    }
}
