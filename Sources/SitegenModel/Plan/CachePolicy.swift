/// How long a browser or CDN may keep each file of a built site. One rule, used by the `_headers`
/// file a build writes and by `sitegen serve`, so a local preview caches as the host will.
public enum CachePolicy: Equatable, Sendable {
    /// Named by its content (assets/<name>.<hash>.<ext>, s/<hash>.json, x/<hash>.json): a new version is a new
    /// name, so the old one may be kept forever.
    case immutable
    /// Everything else — HTML, manifests, feed, sitemap — keeps its name from build to build:
    /// the browser must ask again each time (a 304 makes that cheap).
    case revalidate

    /// - Parameter path: relative to the output folder ("assets/style.0123456789.css").
    public static func of(_ path: String) -> CachePolicy {
        SitePaths.isContentNamed(path) ? .immutable : .revalidate
    }

    public var cacheControl: String {
        switch self {
        case .immutable: "public, max-age=31536000, immutable"
        case .revalidate: "no-cache"
        }
    }
}
