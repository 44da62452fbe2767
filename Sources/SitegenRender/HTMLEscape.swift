/// Escaping for HTML text and attribute values, byte by byte over UTF-8: it runs for every field
/// of every row, so it avoids per-Character work.
public enum HTMLEscape {
    public static func escape(_ string: String) -> String {
        var s = string
        return s.withUTF8 { bytes in
            guard bytes.contains(where: needsEscape) else { return string }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            for byte in bytes { append(byte, to: &out) }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Appends `string`, escaped, to `out`.
    package static func append(_ string: String, to out: inout [UInt8]) {
        // A story's strings are native UTF-8, read where they are; `withUTF8` needs a copy to
        // call it on (a retain and a release a field).
        if string.utf8.withContiguousStorageIfAvailable({ append($0, to: &out) }) != nil { return }
        var s = string
        s.withUTF8 { append($0, to: &out) }
    }

    /// Appends UTF-8 `bytes`, escaped, to `out`: runs of plain bytes at once.
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // A table lookup a byte, not six comparisons: every field of every row comes through here.
        var run = 0
        for i in bytes.indices where escapes[bytes[i]] != 0 {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            append(bytes[i], to: &out)
            run = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// `needsEscape` of every byte.
    private static let escapes = ByteTable { needsEscape($0) ? 1 : 0 }

    @inline(__always) static func needsEscape(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0
    }

    @inline(__always) package static func append(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case 0x26: out.append("&amp;")
        case 0x3C: out.append("&lt;")
        case 0x3E: out.append("&gt;")
        case 0x22: out.append("&quot;")
        case 0x27: out.append("&#39;")
        case 0: out.append("\u{FFFD}")  // NUL is a parse error in HTML
        default: out.append(byte)
        }
    }
}
