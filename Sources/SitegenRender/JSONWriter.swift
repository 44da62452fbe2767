/// A minimal JSON writer with a fixed key order, so the same records always give the same bytes
/// (and so the same content hash).
package struct JSONWriter {
    package var bytes: [UInt8] = []
    /// Also escape "<", ">" and "&", for JSON inside an HTML `<script type="application/json">`
    /// block. Files served as JSON don't need it, and rows of HTML would grow by a quarter.
    let forHTML: Bool

    package init(capacity: Int = 256, forHTML: Bool = false) {
        bytes.reserveCapacity(capacity)
        self.forHTML = forHTML
    }

    /// JSON written as it is: keys, punctuation (literals only; anything else is a `string`).
    package mutating func raw(_ literal: StaticString) { bytes.append(literal) }
    package mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }
    package mutating func int(_ n: Int) { DecimalText.append(n, to: &bytes) }

    package mutating func string(_ s: String) {
        // Read where it is when it can be (HTMLEscape.append says why).
        if s.utf8.withContiguousStorageIfAvailable({ string($0) }) != nil { return }
        var s = s
        s.withUTF8 { string($0) }
    }

    /// A JSON string of UTF-8 `bytes`.
    package mutating func string(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    package mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        // Copy runs of plain bytes at once; escape the few that need it. A table lookup a byte
        // rather than a chain of comparisons: a build escapes every row's HTML, tens of
        // megabytes at 100,000 stories.
        let table = forHTML ? Self.htmlEscapes : Self.escapes
        var run = 0
        var i = 0
        while i < utf8.count {
            // Eight bytes at a time past those that need no escape: most of a row of HTML (a
            // few quotes and a newline in three hundred bytes), which the shards and the search
            // packs write a million times over. (Swift's SIMD types were far slower here.)
            if !forHTML && i + 8 <= utf8.count {
                let word = UnsafeRawPointer(utf8.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if !Self.mayNeedEscape(word) {
                    i += 8
                    continue
                }
            }
            for j in i..<min(utf8.count, i + 8) {
                let escape = table[utf8[j]]
                guard escape != 0 else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<j]))
                // Byte by byte: an array literal here would be an allocation per quote, and
                // rows of HTML are full of quotes.
                if escape == Self.unicode {
                    unicodeEscape(utf8[j])
                } else {
                    bytes.append(0x5C)
                    bytes.append(escape)
                }
                run = j + 1
            }
            i = min(utf8.count, i + 8)
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        bytes.append(0x22)
    }

    /// Whether any of the eight bytes of `word` is a quote, a backslash or a control byte
    /// (below 0x20): the bit tricks that find a zero byte in a word, for each (exact for "any").
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let found =
            ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        return found & highs != 0
    }

    /// The bytes `string(s)` appends (quotes included), for a writer that is not `forHTML`.
    package static func length(ofString utf8: UnsafeBufferPointer<UInt8>) -> Int {
        // Sums without a branch a byte, so the loop stays tight.
        var count = 2 + utf8.count
        for b in utf8 { count &+= Int(extraLength[b]) }
        return count
    }

    /// For each byte, what follows the backslash that escapes it: 0 for a byte written as it
    /// is, `unicode` for one written `\u00XX`.
    private static let unicode: UInt8 = 0x75
    private static let escapes = ByteTable { b -> UInt8 in
        switch b {
        case 0x22, 0x5C: b
        case 0x0A: 0x6E
        case 0x0D: 0x72
        case 0x09: 0x74
        case 0..<0x20: unicode
        default: 0
        }
    }
    private static let htmlEscapes = ByteTable { b in
        b == 0x3C || b == 0x3E || b == 0x26 ? unicode : escapes[b]
    }
    /// How many bytes longer than itself each byte is written (not `forHTML`).
    private static let extraLength = ByteTable { b in escapes[b] == 0 ? 0 : escapes[b] == unicode ? 5 : 1 }

    private mutating func unicodeEscape(_ b: UInt8) {
        func hex(_ d: UInt8) -> UInt8 { d < 10 ? 0x30 + d : 0x57 + d }
        bytes.append(0x5C)
        bytes.append(0x75)
        bytes.append(0x30)
        bytes.append(0x30)
        bytes.append(hex(b >> 4))
        bytes.append(hex(b & 0xF))
    }
}
