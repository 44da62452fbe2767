/// The files beside the pages that hosts, crawlers and feed readers look for.
extension SitePaths {
    public static let feedFile = "feed.xml"
    public static let sitemapFile = "sitemap.xml"
    public static let robotsFile = "robots.txt"
    public static let headersFile = "_headers"
    public static let notFoundFile = "404.html"

    /// The path part of the base ("/news/" for "https://example.com/news/"): where a local
    /// server mounts the site.
    public var basePath: String { Self.pathPart(of: base) }

    /// "/news/" from "https://example.com/news/" (and "/news/" as it is).
    static func pathPart(of base: String) -> String {
        guard let scheme = base.firstRange(of: "://") else { return base }
        let rest = base[scheme.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }
}
