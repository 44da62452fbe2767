import SitegenModel

/// The small files a static host reads: robots.txt and `_headers` (Netlify's and Cloudflare
/// Pages' format). Pure text from the site's layout.
package enum HostingFiles {
    /// Lets every crawler in and points at the sitemap (robots.txt needs an absolute URL there,
    /// so the line is written only when the base URL is one).
    package static func robots(paths: SitePaths) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if paths.base.hasPrefix("http://") || paths.base.hasPrefix("https://") {
            text += "\nSitemap: \(paths.base)\(SitePaths.sitemapFile)\n"
        }
        return text
    }

    /// `CachePolicy` as `_headers` rules. Both hosts join the values of every rule that matches
    /// a path, so the rules must not overlap: the hashed folders get `immutable`, and each other
    /// kind of URL is listed with `no-cache` instead of one catch-all.
    /// - Parameter folders: the site's other top-level folders of pages: site pages' slugs, and
    ///   the first folders of item pages at paths of their own (`blog/` of `blog/hello/`). Past
    ///   `maxFolders` of them (a flat folder of posts, each at its own path), none is listed:
    ///   Cloudflare Pages takes 100 rules at most, and both hosts revalidate what no rule names
    ///   (`max-age=0, must-revalidate`), which is what a rule would say.
    package static let maxFolders = 64

    /// - Parameter sandboxed: the page bundles' files sent with `sandbox` (`ContentSecurity`),
    ///   relative to the site: each is a rule of its own, since neither host matches by ending.
    package static func headers(paths: SitePaths, folders: [String], sandboxed: [String] = []) -> String {
        let prefix = paths.basePath
        var text = "# Cache and security rules written by sitegen (the same as `sitegen serve` sends).\n"
        text += "\(prefix)*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n"
        text += "  Content-Security-Policy: \(ContentSecurity.pages)\n"
        // Joined to the rule above as "<pages' policy>, sandbox": two policies, both enforced.
        for file in sandboxed {
            text += "\(prefix)\(SitePaths.urlPath(file))\n  Content-Security-Policy: \(ContentSecurity.sandbox)\n"
        }
        for folder in SitePaths.contentNamedFolders.map({ $0 + "*" }) {
            text += "\(prefix)\(folder)\n  Cache-Control: \(CachePolicy.immutable.cacheControl)\n"
        }
        let revalidated =
            [
                "", "index.html", "page/*", "item/*", "m/*", SitePaths.feedFile, SitePaths.sitemapFile, "sitemap-*",
                SitePaths.notFoundFile, "search/*",
            ] + Taxonomy.allCases.map { $0.folder + "*" }
            + (Set(folders).count <= maxFolders ? Set(folders).sorted().map { "\($0)/*" } : [])
        for pattern in revalidated {
            text += "\(prefix)\(pattern)\n  Cache-Control: \(CachePolicy.revalidate.cacheControl)\n"
        }
        return text
    }
}
