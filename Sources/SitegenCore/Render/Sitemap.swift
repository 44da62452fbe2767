/// sitemap.xml: every list page, item page and site page. The sitemaps protocol wants absolute
/// URLs, which sitegen knows only when `--base-url` is a full URL; with a path alone the
/// locations are that path (the file still parses, and search engines resolve it against the
/// host). A site of more than 50,000 URLs (the protocol's limit per file) gets numbered files
/// (sitemap-1.xml, …) listed by a sitemap index in sitemap.xml.
enum Sitemap {
    static let maxURLs = 50_000

    /// File name (relative to the output) → contents.
    static func files(urls: [String], paths: SitePaths) -> [(name: String, xml: String)] {
        guard urls.count > maxURLs else { return [(SitePaths.sitemapFile, urlset(urls))] }
        let chunks = stride(from: 0, to: urls.count, by: maxURLs).map { Array(urls[$0..<min($0 + maxURLs, urls.count)]) }
        var index = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        var files: [(name: String, xml: String)] = []
        for (number, chunk) in chunks.enumerated() {
            let name = "sitemap-\(number + 1).xml"
            index += "<sitemap><loc>\(XMLText.escape(paths.base + name))</loc></sitemap>\n"
            files.append((name, urlset(chunk)))
        }
        return [(SitePaths.sitemapFile, index + "</sitemapindex>\n")] + files
    }

    static func urlset(_ urls: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in urls { xml += "<url><loc>\(XMLText.escape(url))</loc></url>\n" }
        return xml + "</urlset>\n"
    }
}
