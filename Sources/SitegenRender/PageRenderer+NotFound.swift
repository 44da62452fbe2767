/// 404.html: what a host shows for a URL the site does not have (GitHub Pages, Netlify,
/// Cloudflare Pages and S3 pick it up by name). It is served at whatever URL was asked for, so
/// every link in it is absolute (under the base), as on every page.
extension PageRenderer {
    package func notFoundPage() -> [UInt8] {
        let body =
            "<p>There is no page at this address. <a href=\"\(HTMLEscape.escape(paths.base))\">Go to the first page</a>.</p>"
        var layout = layoutContext(title: "Page not found · \(options.title)", canonical: nil)
        layout["content"] = .html(
            theme.renderBytes("sitepage", .object(["title": .string("Page not found"), "body": .string(body)])))
        return theme.renderBytes("layout", .object(layout))
    }
}
