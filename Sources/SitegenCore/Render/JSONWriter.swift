/// A minimal JSON writer with a fixed key order, so the same records always give the same bytes
/// (and so the same content hash).
struct JSONWriter {
    var bytes: [UInt8] = []
    /// Also escape "<", ">" and "&", for JSON inside an HTML `<script type="application/json">`
    /// block. Files served as JSON don't need it, and rows of HTML would grow by a quarter.
    let forHTML: Bool

    init(capacity: Int = 256, forHTML: Bool = false) {
        bytes.reserveCapacity(capacity)
        self.forHTML = forHTML
    }

    mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }
    mutating func int(_ n: Int) { DecimalText.append(n, to: &bytes) }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string($0) }
    }

    /// A JSON string of UTF-8 `bytes`.
    mutating func string(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        // Copy runs of plain bytes at once; escape the few that need it.
        var run = 0
        for i in utf8.indices {
            let b = utf8[i]
            guard b < 0x20 || b == 0x22 || b == 0x5C || (forHTML && (b == 0x3C || b == 0x3E || b == 0x26)) else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<i]))
            // Byte by byte: an array literal here would be an allocation per quote, and rows of
            // HTML are full of quotes.
            switch b {
            case 0x22, 0x5C:
                bytes.append(0x5C)
                bytes.append(b)
            case 0x0A:
                bytes.append(0x5C)
                bytes.append(0x6E)
            case 0x0D:
                bytes.append(0x5C)
                bytes.append(0x72)
            case 0x09:
                bytes.append(0x5C)
                bytes.append(0x74)
            default: unicodeEscape(b)
            }
            run = i + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        bytes.append(0x22)
    }

    /// The bytes `string(s)` appends (quotes included), for a writer that is not `forHTML`.
    static func length(ofString utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 2 + utf8.count
        for b in utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
            count += (b == 0x22 || b == 0x5C || b == 0x0A || b == 0x0D || b == 0x09) ? 1 : 5
        }
        return count
    }

    private mutating func unicodeEscape(_ b: UInt8) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
    }
}
