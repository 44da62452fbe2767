/// Text for XML (the feed, the sitemap): escaped like HTML, and without the control characters
/// XML 1.0 forbids (a story title may hold them; HTML tolerates them, an XML parser does not).
enum XMLText {
    static func escape(_ string: String) -> String {
        let allowed = string.unicodeScalars.filter { scalar in
            scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
        return HTMLEscape.escape(String(String.UnicodeScalarView(allowed)))
            .replacingOccurrences(of: "\u{FFFE}", with: "").replacingOccurrences(of: "\u{FFFF}", with: "")
    }
}
