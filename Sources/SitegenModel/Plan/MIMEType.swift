/// Content types by file extension: what a static host sends for each file a site has.
public enum MIMEType {
    package static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml; charset=utf-8", "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "woff": "font/woff", "woff2": "font/woff2", "map": "application/json", "webmanifest": "application/manifest+json",
        "wasm": "application/wasm", "pdf": "application/pdf",
    ]

    /// Text worth gzipping on the fly; pictures, fonts and the like are compressed already.
    package static func isCompressible(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType.hasPrefix("application/json") || contentType.hasPrefix("application/xml")
            || contentType.hasPrefix("application/atom+xml") || contentType.hasPrefix("application/manifest+json")
            || contentType.hasPrefix("image/svg+xml")
    }

    /// - Parameter path: a file's path relative to the site ("feed.xml", "assets/style.1a.css").
    public static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name == "feed.xml" { return "application/atom+xml; charset=utf-8" }
        if name == "_headers" { return "text/plain; charset=utf-8" }
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
