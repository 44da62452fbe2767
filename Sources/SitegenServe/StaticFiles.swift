import Foundation
import SitegenBuild
import SitegenModel
import SitegenRender
import SitegenSystem
import SitegenWrite

/// One answer of the static file server, before it becomes an HTTP response.
public struct FileResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in their usual spelling ("Content-Type"), in a stable order.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public static func == (a: FileResponse, b: FileResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.map(\.name) == b.headers.map(\.name)
            && a.headers.map(\.value) == b.headers.map(\.value)
    }
}

/// A built site's files as a static host serves them, mounted under the site's base path:
/// content types, strong ETags and 304s, `foo.br` or `foo.gz` beside `foo` sent with
/// `Content-Encoding: br` or `gzip` to clients that accept it (else text gzipped, once a build),
/// and `CachePolicy`'s cache headers. Each file is read, hashed and compressed once per version
/// (`PreparedFiles`), off the cooperative pool. Over a `FileSource`, so tests run it without a
/// socket.
public struct StaticFiles: Sendable {
    public let files: any FileSource
    /// Where the site is mounted: "/" or "/sub/". Requests outside it are 404s.
    public let basePath: String
    /// The live-reload script's URL, put into every HTML page served (never into built files).
    public let injectScript: String?
    private let prepared = PreparedFiles()

    public init(files: any FileSource, basePath: String = "/", injectScript: String? = nil) {
        self.files = files
        self.basePath = basePath.hasSuffix("/") ? basePath : basePath + "/"
        self.injectScript = injectScript
    }

    /// - Parameters:
    ///   - path: the request's path, with its query if any ("/sub/page/2/?x=1").
    ///   - headers: the request's headers, names in any case.
    public func respond(method: String, path rawPath: String, headers: [String: String]) async -> FileResponse {
        let requestHeaders = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        guard method == "GET" || method == "HEAD" else {
            return FileResponse(
                status: 405, headers: [("Allow", "GET, HEAD"), ("Content-Type", "text/plain; charset=utf-8")],
                body: Array("Method not allowed\n".utf8))
        }
        let path = String(rawPath.prefix { $0 != "?" && $0 != "#" })
        guard let decoded = path.removingPercentEncodingSafely, path.hasPrefix(basePath) || path + "/" == basePath else {
            return await notFound(method: method)
        }
        var relative = String(decoded.dropFirst(min(basePath.count, decoded.count)))
        // No way out of the site's folder: "..", ".", empty segments and NUL are refused.
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.dropLast().contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }), !segments.contains(".."),
            !relative.contains("\0"), !relative.hasPrefix("/")
        else { return await notFound(method: method) }
        if path + "/" == basePath || (!relative.isEmpty && !relative.hasSuffix("/") && files.look(relative) == .folder) {
            // A folder asked for without its slash: where the host would send it.
            let location = path + "/" + (rawPath.firstIndex(of: "?").map { String(rawPath[$0...]) } ?? "")
            return FileResponse(status: 301, headers: [("Location", location), ("Cache-Control", "no-cache")], body: [])
        }
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        guard let file = await served(relative) else { return await notFound(method: method) }

        let contentType = MIMEType.of(relative)
        let codings = Self.codings(requestHeaders["accept-encoding"])
        var body = file.body
        var hash = file.hash
        var encoding: String? = nil
        // A page the live-reload tag went into has no sibling that holds it.
        if !(injectScript != nil && contentType.hasPrefix("text/html")) {
            for coding in codings {
                guard let sibling = await served(relative + "." + (coding == "gzip" ? "gz" : coding)) else { continue }
                (body, hash, encoding) = (sibling.body, sibling.hash, coding)
                break
            }
        }
        let compressOnTheFly = encoding == nil && codings.contains("gzip") && MIMEType.isCompressible(contentType)
        // The tag names the bytes before compression.
        let etag = "\"" + hash + (encoding.map { "-" + $0 } ?? "") + (compressOnTheFly ? "-gzip" : "") + "\""
        var responseHeaders: [(name: String, value: String)] = [
            ("Content-Type", contentType), ("ETag", etag), ("Cache-Control", CachePolicy.of(relative).cacheControl),
            ("Vary", "Accept-Encoding"), ("X-Content-Type-Options", "nosniff"),
        ]
        // As `_headers` sends them: the pages' policy everywhere, and a bundle's SVG, HTML or
        // XML opened on its own in a sandbox (`ContentSecurity`).
        responseHeaders += ContentSecurity.policies(of: relative).map { ("Content-Security-Policy", $0) }
        if let encoding { responseHeaders.append(("Content-Encoding", encoding)) }
        if Self.matches(requestHeaders["if-none-match"], etag: etag) {
            return FileResponse(status: 304, headers: responseHeaders.filter { $0.name != "Content-Type" }, body: [])
        }
        // Text without a sibling goes gzipped, as GitHub Pages does (and nginx with `gzip_types`
        // set), so the network panel shows about what a host sends. A file too small to shrink
        // goes as it is, under the same tag (gzip's output is deterministic).
        if compressOnTheFly, let zipped = file.gzipped {
            body = zipped
            responseHeaders.append(("Content-Encoding", "gzip"))
        }
        responseHeaders.append(("Content-Length", String(body.count)))
        return FileResponse(status: 200, headers: responseHeaders, body: method == "HEAD" ? [] : body)
    }

    /// The file at `relative` as served, prepared once per version: a page with the
    /// live-reload tag in, and text's gzip beside it.
    private func served(_ relative: String) async -> ServedFile? {
        let contentType = MIMEType.of(relative)
        let inject = contentType.hasPrefix("text/html") ? injectScript : nil
        let compressible = MIMEType.isCompressible(contentType)
        return await prepared.served(relative, in: files) { bytes in
            let body = inject.map { Self.inject(script: $0, into: bytes) } ?? bytes
            let zipped = compressible ? Gzip.compress(body) : []
            return ServedFile(
                body: body, hash: ContentHash.hex(of: body),
                gzipped: !zipped.isEmpty && zipped.count < body.count ? zipped : nil)
        }
    }

    /// The site's own 404.html when it has one (as GitHub Pages, Netlify and S3 do).
    private func notFound(method: String) async -> FileResponse {
        var page = Array("Not found\n".utf8)
        var type = "text/plain; charset=utf-8"
        if let file = await served(SitePaths.notFoundFile) {
            page = file.body
            type = "text/html; charset=utf-8"
        }
        return FileResponse(
            status: 404,
            headers: [("Content-Type", type), ("Cache-Control", "no-cache"), ("Content-Length", String(page.count))],
            body: method == "HEAD" ? [] : page)
    }

    /// Adds `<script src=… defer>` before `</head>` (or at the end): a separate file, because the
    /// pages' Content-Security-Policy allows no inline script.
    static func inject(script: String, into html: [UInt8]) -> [UInt8] {
        let tag = Array("<script src=\"\(HTMLEscape.escape(script))\" defer></script>\n".utf8)
        let marker = Array("</head>".utf8)
        guard html.count >= marker.count else { return html + tag }
        for i in 0...(html.count - marker.count) where html[i] == 0x3C && Array(html[i..<(i + marker.count)]) == marker {
            return Array(html[..<i]) + tag + Array(html[i...])
        }
        return html + tag
    }

    /// The precompressed encodings Accept-Encoding allows, best first: Brotli (`foo.br`, smaller)
    /// then gzip (`foo.gz`). `q=0` refuses one; `*` allows both.
    static func codings(_ header: String?) -> [String] {
        guard let header else { return [] }
        var allowed: [String: Bool] = [:]
        for part in header.split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = fields.first else { continue }
            let q = fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch coding {
            case "br", "gzip": allowed[coding] = q > 0
            case "x-gzip": allowed["gzip"] = allowed["gzip"] ?? (q > 0)
            case "*": for name in ["br", "gzip"] where allowed[name] == nil { allowed[name] = q > 0 }
            default: break
            }
        }
        return ["br", "gzip"].filter { allowed[$0] == true }
    }

    /// If-None-Match: a list of ETags (weak ones compared weakly, as RFC 9110 says for GET), or `*`.
    static func matches(_ header: String?, etag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || (tag.hasPrefix("W/") && String(tag.dropFirst(2)) == etag)
        }
    }
}

extension String {
    /// Percent-decoding that refuses malformed escapes and encoded slashes or NULs instead of
    /// guessing.
    var removingPercentEncodingSafely: String? {
        guard let decoded = removingPercentEncoding else { return contains("%") ? nil : self }
        let lower = lowercased()
        if lower.contains("%2f") || lower.contains("%00") || lower.contains("%5c") { return nil }
        return decoded
    }
}
