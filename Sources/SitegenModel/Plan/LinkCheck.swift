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
    ///   - origin: the scheme and host of a full base URL (`https://example.com`), "" for a path:
    ///     links to it are the site's.
    ///   - everywhere: ids every page has (the theme's templates'), which no page lists.
    ///   - map: `(0..<count).map(page)` by default; the build hands in one that runs on both
    ///     cores (this layer has no threads).
    public static func dead(
        _ pages: [Page], known: Set<String>, origin: String = "", everywhere: Set<String> = [],
        map: (_ count: Int, _ page: @Sendable (Int) -> [Dead]) -> [[Dead]] = { count, page in (0..<count).map(page) }
    ) -> [Dead] {
        // Pages by their URL decoded, as links are compared (a base of `/my%20site/`).
        let urls = pages.map { percentDecoded($0.url[...]) }
        let ids = Dictionary(zip(urls, pages.map(\.ids)), uniquingKeysWith: { a, _ in a })
        return map(pages.count) { p in
            let (page, url) = (pages[p], urls[p])
            let folder = folder(of: url, origin: origin)
            var dead: [Dead] = []
            for link in page.links {
                guard let (target, fragment) = target(of: link, from: folder, on: url, origin: origin) else { continue }
                let found = known.contains(target) ? target : known.contains(target + "/") ? target + "/" : nil
                guard let found else {
                    dead.append(Dead(page: page.url, link: link))
                    continue
                }
                if let fragment, !reachesAnything(fragment), let targetIDs = ids[found], !targetIDs.contains(fragment),
                    !everywhere.contains(fragment)
                {
                    dead.append(Dead(page: page.url, link: link))
                }
            }
            return dead
        }.flatMap { $0 }
    }

    /// A fragment a browser follows without an id of its name: none (`#`), `#top` (the top of
    /// the page, by the HTML standard) and text fragments (`#:~:text=…`).
    static func reachesAnything(_ fragment: String) -> Bool {
        fragment.isEmpty || fragment.lowercased() == "top" || fragment.hasPrefix(":~:")
    }

    /// The folder relative links resolve from on `page`: its path's segments (under the
    /// origin), without the last unless the path ends in `/`.
    static func folder(of page: String, origin: String) -> [Substring] {
        let path = page.hasPrefix(origin) ? page.dropFirst(origin.count) : page[...]
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return path.hasSuffix("/") ? segments : Array(segments.dropLast())
    }

    /// The URL `link` reaches from `page` (whose `folder` it is), without its query, and its
    /// fragment (decoded); nil for a link the check leaves alone: another site's (a scheme,
    /// `//host`).
    static func target(
        of link: String, from folder: [Substring], on page: String, origin: String
    )
        -> (url: String, fragment: String?)?
    {
        // The site's own full URLs (a full base's links) are checked as the paths they are.
        var link = link
        if !origin.isEmpty, link.hasPrefix(origin), link.dropFirst(origin.count).first.map({ "/?#".contains($0) }) ?? true {
            link = String(link.dropFirst(origin.count))
            if link.isEmpty { link = "/" }
        }
        guard !link.hasPrefix("//") else { return nil }
        if hasScheme(link) { return nil }
        let hash = link.firstIndex(of: "#")
        let fragment = hash.map { percentDecoded(link[link.index(after: $0)...]) }
        let end = link.firstIndex { $0 == "?" || $0 == "#" } ?? link.endIndex
        let path = percentDecoded(link[..<end])
        if path.isEmpty { return (page, fragment) }
        var segments = path.hasPrefix("/") ? [] : folder
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(part)
            }
        }
        if segments.last == "index.html" { segments.removeLast() }
        let last = path.split(separator: "/").last
        let isFolder = path.hasSuffix("/") || last == "." || last == ".." || last == "index.html"
        let joined = "/" + segments.joined(separator: "/")
        return (origin + (isFolder && joined != "/" ? joined + "/" : joined), fragment)
    }

    /// Whether `link` names a scheme (`https:`, `mailto:`): a colon before any `/`, `?` or `#`.
    public static func hasScheme(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":") else { return false }
        return !link[..<colon].contains { "/?#".contains($0) }
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
