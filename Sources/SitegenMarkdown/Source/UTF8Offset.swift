/// Where a file stops being UTF-8, so that the skip names the byte, not only the file: an
/// editor's "go to byte" finds it. (Reading it as UTF-8 anyway would put U+FFFD in a title or a
/// body with nothing said.)
enum UTF8Offset {
    /// The offset of the first byte that starts no valid UTF-8 sequence (overlong forms,
    /// surrogates and scalars past U+10FFFF included, as Unicode defines them); nil when every
    /// byte is in one.
    static func firstInvalid(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // The number of continuation bytes, and the range the first of them must be in.
            let (count, low, high): (Int, UInt8, UInt8)
            switch lead {
            case 0xC2...0xDF: (count, low, high) = (1, 0x80, 0xBF)
            case 0xE0: (count, low, high) = (2, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (count, low, high) = (2, 0x80, 0xBF)
            case 0xED: (count, low, high) = (2, 0x80, 0x9F)
            case 0xF0: (count, low, high) = (3, 0x90, 0xBF)
            case 0xF1...0xF3: (count, low, high) = (3, 0x80, 0xBF)
            case 0xF4: (count, low, high) = (3, 0x80, 0x8F)
            default: return i
            }
            guard i + count < bytes.count else { return i }
            for k in 1...count {
                let byte = bytes[i + k]
                let (min, max) = k == 1 ? (low, high) : (0x80, 0xBF)
                guard byte >= min && byte <= max else { return i }
            }
            i += count + 1
        }
        return nil
    }
}
