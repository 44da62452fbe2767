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
        Self.appendEscaped(utf8, to: &bytes, forHTML: forHTML)
        bytes.append(0x22)
    }

    /// A JSON string whose contents `escaped` are escaped already (`appendEscaped`'s): rows
    /// are kept so, escaped once, as every shard and search pack carries them.
    package mutating func string(escaped: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        bytes.append(contentsOf: escaped)
        bytes.append(0x22)
    }

    /// `utf8` as a JSON string's contents, without the quotes, appended to `out`; with
    /// `forHTML`, "<", ">" and "&" escaped too.
    package static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], forHTML: Bool = false) {
        // Copy runs of plain bytes at once; escape the few that need it. A table lookup a byte
        // rather than a chain of comparisons: a build escapes every row's HTML, tens of
        // megabytes at 100,000 stories.
        let table = forHTML ? htmlEscapes : escapes
        var run = 0
        var i = 0
        while i < utf8.count {
            // Eight bytes at a time past those that need no escape: most of a row of HTML (a
            // few quotes and a newline in three hundred bytes). (Swift's SIMD types were far
            // slower here.)
            if !forHTML && i + 8 <= utf8.count {
                let word = UnsafeRawPointer(utf8.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if !mayNeedEscape(word) {
                    i += 8
                    continue
                }
            }
            for j in i..<min(utf8.count, i + 8) {
                let escape = table[utf8[j]]
                guard escape != 0 else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<j]))
                // Byte by byte: an array literal here would be an allocation per quote, and
                // rows of HTML are full of quotes.
                if escape == unicode {
                    unicodeEscape(utf8[j], to: &out)
                } else {
                    out.append(0x5C)
                    out.append(escape)
                }
                run = j + 1
            }
            i = min(utf8.count, i + 8)
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
    }

    /// Appends the bytes that `escaped`, a JSON string's contents as `appendEscaped` writes
    /// them, stands for: a row, kept escaped, as a page shows it.
    package static func appendUnescaped(_ escaped: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = escaped.baseAddress else { return }
        let count = escaped.count
        var run = 0
        var i = 0
        while i < count {
            // Eight bytes at a time past those without a backslash, as `appendEscaped` does.
            if i + 8 <= count && !hasByte(0x5C, in: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let end = min(count, i + 8)
            while i < end {
                guard escaped[i] == 0x5C, i + 1 < count else {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: escaped[run..<i]))
                switch escaped[i + 1] {
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x75 where i + 5 < count:
                    let value = escaped[(i + 2)...(i + 5)].reduce(UInt32(0)) { $0 << 4 | UInt32(hexValue($1)) }
                    if value < 0x80 {
                        out.append(UInt8(value))
                    } else {
                        out.append(contentsOf: String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
                    }
                    i += 4
                default: out.append(escaped[i + 1])
                }
                i += 2
                run = i
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: escaped[run...]))
    }

    private static func hexValue(_ digit: UInt8) -> UInt8 {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x41...0x46: digit - 0x37
        case 0x61...0x66: digit - 0x57
        default: 0
        }
    }

    /// Whether any of the eight bytes of `word` is `byte` (the bit trick that finds a zero byte).
    @inline(__always)
    private static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (ones &* UInt64(byte))
        return ((x &- ones) & ~x) & 0x8080_8080_8080_8080 != 0
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

    private static func unicodeEscape(_ b: UInt8, to out: inout [UInt8]) {
        func hex(_ d: UInt8) -> UInt8 { d < 10 ? 0x30 + d : 0x57 + d }
        out.append(0x5C)
        out.append(0x75)
        out.append(0x30)
        out.append(0x30)
        out.append(hex(b >> 4))
        out.append(hex(b & 0xF))
    }
}
