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

    /// A page where a story used to be (`Redirects`): it sends the reader on at once, without
    /// script (a refresh, which the pages' CSP allows), tells search engines where the page is
    /// now, and links there for a reader whose browser does not follow.
    package func redirectPage(to url: String) -> [UInt8] {
        let to = HTMLEscape.escape(url)
        let html = """
            <!doctype html>
            <html lang="en">
            <meta charset="utf-8">
            <title>Moved · \(HTMLEscape.escape(options.title))</title>
            <link rel="canonical" href="\(to)">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(to)">
            <p>This page moved to <a href="\(to)">\(to)</a>.</p>

            """
        return Array(html.utf8)
    }
}
