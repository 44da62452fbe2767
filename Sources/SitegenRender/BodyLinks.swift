import SitegenModel

/// The links and ids of a Markdown body's HTML, as cmark-gfm writes it (trusted: attributes
/// double-quoted, `&`, `<`, `>` and `"` escaped), for `LinkCheck`.
enum BodyLinks {
    /// Every `<a href="…">` target and every `id="…"`, entities decoded.
    static func scan(_ html: String) -> (links: [String], ids: Set<String>) {
        var links: [String] = []
        var ids: Set<String> = []
        let bytes = Array(html.utf8)
        var i = 0
        func value(from start: Int) -> (String, Int)? {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return (Entities.decode(String(decoding: bytes[start..<end], as: UTF8.self)), end)
        }
        let anchor = Array("<a href=\"".utf8)
        let id = Array(" id=\"".utf8)
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<"), bytes[i...].starts(with: anchor), let (link, end) = value(from: i + anchor.count) {
                links.append(link)
                i = end
            } else if bytes[i] == UInt8(ascii: " "), bytes[i...].starts(with: id), let (name, end) = value(from: i + id.count) {
                ids.insert(name)
                i = end
            }
            i += 1
        }
        return (links, ids)
    }
}
