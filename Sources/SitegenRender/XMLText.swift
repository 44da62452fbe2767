/// Text for XML (the feed, the sitemap): escaped like HTML, and without the characters XML 1.0
/// forbids (C0 controls but tab, newline and return; U+FFFE and U+FFFF). A story title may hold
/// them; HTML tolerates them, an XML parser does not. Works on UTF-8 bytes: the sitemap of a
/// million-story site passes every URL through here.
enum XMLText {
    package static func escape(_ string: String) -> String {
        var out: [UInt8] = []
        append(string, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    package static func append(_ string: String, to out: inout [UInt8]) {
        var s = string
        s.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    i += 1
                    continue
                }
                // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
                if byte == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF {
                    i += 3
                    continue
                }
                HTMLEscape.append(byte, to: &out)
                i += 1
            }
        }
    }
}
