import SitegenModel

/// sitemap.xml: every list page, item page and site page. The sitemaps protocol wants absolute
/// URLs, which sitegen knows only when `--base-url` is a full URL; with a path alone the
/// locations are that path (the file still parses, and search engines resolve it against the
/// host). A site of more than 50,000 URLs (the protocol's limit per file) gets numbered files
/// listed by a sitemap index in sitemap.xml: the pages' (`sitemap-pages-1.xml`, …) and the item
/// pages' (`sitemap-items-1.xml`, …), each in the order they grow in (the oldest first), so a
/// build with new stories rewrites the last file of each rather than every one.
package enum Sitemap {
    static let maxURLs = 50_000

    /// File name (relative to the output) → contents, as UTF-8.
    /// - Parameters:
    ///   - pages: the list pages, site pages and term lists: the list's pages first, from the
    ///     oldest, and what may change anywhere (site pages, terms) last.
    ///   - items: the item pages, the oldest first.
    package static func files(pages: [String], items: [String], paths: SitePaths) -> [(name: String, xml: [UInt8])] {
        guard pages.count + items.count > maxURLs else { return [(SitePaths.sitemapFile, urlset(pages + items))] }
        var index = Array(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                .utf8)
        var files: [(name: String, xml: [UInt8])] = []
        for (kind, urls) in [("pages", pages), ("items", items)] {
            for (number, start) in stride(from: 0, to: urls.count, by: maxURLs).enumerated() {
                let name = "sitemap-\(kind)-\(number + 1).xml"
                index.append("<sitemap><loc>")
                XMLText.append(paths.base + name, to: &index)
                index.append("</loc></sitemap>\n")
                files.append((name, urlset(urls[start..<min(start + maxURLs, urls.count)])))
            }
        }
        return [(SitePaths.sitemapFile, index + "</sitemapindex>\n".utf8)] + files
    }

    static func urlset(_ urls: [String]) -> [UInt8] { urlset(urls[...]) }

    static func urlset(_ urls: ArraySlice<String>) -> [UInt8] {
        var xml = Array(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n".utf8)
        xml.reserveCapacity(xml.count + urls.count * 64)
        for url in urls {
            xml.append("<url><loc>")
            XMLText.append(url, to: &xml)
            xml.append("</loc></url>\n")
        }
        return xml + "</urlset>\n".utf8
    }
}
