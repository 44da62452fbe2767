/// The Content-Security-Policy a built site is served with: one rule for `_headers`, `sitegen
/// serve` and the nginx recipe in docs/guides/deploy.md, so a host contains what a local preview does.
///
/// Every path gets the pages' policy (the one the built-in layout also carries as a meta tag):
/// script only from the site's own files, no inline script or handler, no plugins. A file that
/// can run script when a browser opens it directly (SVG, HTML, XML: `isActive`) and that the
/// site did not make itself, that is a page bundle's file, gets a second policy, `sandbox`: the
/// browser opens it in an origin of its own with script off. Two policies are both enforced;
/// hosts that join the values of matching `_headers` rules with a comma send exactly that.
public enum ContentSecurity {
    /// The pages' policy. layout.mustache's meta tag says the same (a test holds them equal).
    public static let pages =
        "default-src 'self'; img-src 'self' https:; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"
    /// The policy of a file opened as a document of its own, with no script and no origin.
    public static let sandbox = "sandbox"

    /// File name endings that browsers open as documents able to run script (as nginx's and
    /// Apache's MIME tables map them: HTML, XHTML, SVG, XML and its stylesheets, web archives).
    public static let activeExtensions: Set<String> = [
        "html", "htm", "shtml", "xhtml", "xht", "svg", "svgz", "xml", "xsl", "xslt", "rss", "atom", "mht", "mhtml",
    ]

    /// Whether a browser opening the file at `path` directly could run script in it.
    public static func isActive(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: ".") else { return false }
        return activeExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Whether the file at `path` (relative to the site) is sent with `sandbox`: active, and not
    /// one the site makes itself (its pages are `index.html` files and `404.html`; its feed and
    /// sitemaps are at the top; its assets in `assets/`). Page bundles' files are never at the
    /// top (an item page's folder is at least one deep) nor named `index.html` (the Markdown
    /// source does not copy one).
    public static func isSandboxed(_ path: String) -> Bool {
        guard isActive(path) else { return false }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.lowercased() == "index.html" || path.hasPrefix("assets/") { return false }
        return path.contains("/")
    }

    /// The policies sent for the file at `path`, each a header of its own.
    public static func policies(of path: String) -> [String] {
        isSandboxed(path) ? [pages, sandbox] : [pages]
    }
}
