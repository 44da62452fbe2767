/// The links of a site's authored pages (Markdown item pages and site pages) checked against
/// what the build wrote: each link to a page or file of the site must reach one, and its
/// `#fragment` an id on the page it reaches, when that is one of these pages (their ids are
/// known: headings and footnotes). A link checker built in, as a site moved from another
/// generator needs: its links were written for that generator's URLs. Pure: pages and the
/// site's URLs in, dead links out.
public enum LinkCheck {
    /// A page whose links are checked: its URL (`/docs/config/`), its links as written in its
    /// HTML (`href` values, entities decoded), and the ids its HTML has.
    public struct Page: Sendable, Equatable {
        public var url: String
        public var links: [String]
        public var ids: Set<String>

        public init(url: String, links: [String], ids: Set<String>) {
            self.url = url
            self.links = links
            self.ids = ids
        }
    }

    /// A link that reaches nothing: the page holding it, and the link as written.
    public struct Dead: Sendable, Equatable {
        public var page: String
        public var link: String
    }

    /// The dead links of `pages`, in their order.
    /// - Parameters:
    ///   - known: every URL the site has (`/`, `/docs/config/`, `/docs/config/diagram.png`), as
    ///     `SitePaths` writes them.
    ///   - origin: the scheme and host of a full base URL (`https://example.com`), "" for a path.
    public static func dead(_ pages: [Page], known: Set<String>, origin: String = "") -> [Dead] {
        let ids = Dictionary(pages.map { ($0.url, $0.ids) }, uniquingKeysWith: { a, _ in a })
        var dead: [Dead] = []
        for page in pages {
            for link in page.links {
                guard let (url, fragment) = target(of: link, on: page.url, origin: origin) else { continue }
                let found = known.contains(url) ? url : known.contains(url + "/") ? url + "/" : nil
                guard let found else {
                    dead.append(Dead(page: page.url, link: link))
                    continue
                }
                if let fragment, !fragment.isEmpty, let targetIDs = ids[found], !targetIDs.contains(fragment) {
                    dead.append(Dead(page: page.url, link: link))
                }
            }
        }
        return dead
    }

    /// The URL `link` reaches from `page`, without its query, and its fragment (decoded); nil
    /// for a link the check leaves alone: another site's (a scheme, `//host`).
    static func target(of link: String, on page: String, origin: String) -> (url: String, fragment: String?)? {
        guard !link.hasPrefix("//") else { return nil }
        if let colon = link.firstIndex(of: ":"), !link[..<colon].contains(where: { "/?#".contains($0) }) { return nil }
        let hash = link.firstIndex(of: "#")
        let fragment = hash.map { percentDecoded(link[link.index(after: $0)...]) }
        let end = link.firstIndex { $0 == "?" || $0 == "#" } ?? link.endIndex
        let path = percentDecoded(link[..<end])
        // The page's own path (under the origin), and the folder links resolve from.
        let pagePath = page.hasPrefix(origin) ? String(page.dropFirst(origin.count)) : page
        if path.isEmpty { return (page, fragment) }
        var segments: [Substring]
        if path.hasPrefix("/") {
            segments = []
        } else {
            segments = pagePath.split(separator: "/", omittingEmptySubsequences: true)
            if !pagePath.hasSuffix("/") { segments = segments.dropLast() }
        }
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(part)
            }
        }
        if segments.last == "index.html" { segments.removeLast() }
        let folder =
            path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".."
            || path.hasSuffix("index.html")
        let joined = "/" + segments.joined(separator: "/")
        return (origin + (folder && joined != "/" ? joined + "/" : joined), fragment)
    }

    /// `%C3%BC` as `ü`; a `%` not followed by two hex digits, or bytes that are no UTF-8, as
    /// written.
    public static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self) ?? String(text)
    }
}
