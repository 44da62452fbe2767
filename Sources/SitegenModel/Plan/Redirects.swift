/// Redirect pages for the old URLs a Markdown story names (Hugo's and Zola's `aliases`,
/// Jekyll's `redirect_from`), so links to where a page used to be still land. Pure.
///
/// An old URL gets a page when it is a plain folder path (`ItemPaths.normalized`) that no page
/// of the site has (an item page, a site page, the site's own folders) and no earlier story
/// asked for; a redirect never replaces a page. An old URL of a file ending `.html` or `.htm`
/// (`/2019/03/hello.html`, a Jekyll site's) gets a page of that very name, not a folder: a
/// static host serves `hello.html` as it is, where a folder of that name would answer with a
/// redirect to `hello.html/` at best.
public enum Redirects {
    /// A redirect page: its path under the site (the folder `releases/1.88.0/`, or the file
    /// `2019/03/hello.html`) and the story it sends to.
    public struct Redirect: Sendable, Equatable {
        public var path: String
        public var story: Int

        public init(path: String, story: Int) {
            self.path = path
            self.story = story
        }

        /// The file written: the folder's `index.html`, or the file itself.
        public var file: String { path.hasSuffix("/") ? path + "index.html" : path }
    }

    /// - Parameters:
    ///   - withPages: the stories that have an item page (the others have nowhere to send to).
    ///   - siteSlugs: the site pages' slugs.
    ///   - claims: the places stories' pages and bundle files took (`ItemPaths.grant`).
    public static func plan(
        _ stories: [Story], withPages: [Int], siteSlugs: Set<String>, claims: OutputClaims = .init()
    ) -> [Redirect] {
        // (Most sites have none: no set of every page's folder for them, a million at a million.)
        guard withPages.contains(where: { !stories[$0].markdownExtras.aliases.isEmpty }) else { return [] }
        var claims = claims
        // Pages at `item/<id>/` were not claimed: nothing else can go under `item/`.
        let reserved = Set(ItemPaths.reserved.union(siteSlugs).map { $0.lowercased() })
        var redirects: [Redirect] = []
        for i in withPages {
            for alias in stories[i].markdownExtras.aliases {
                guard let path = Self.path(of: alias),
                    !ItemPaths.isReserved(path.prefix { $0 != "/" }, reserved),
                    claims.claim(file: Redirect(path: path, story: i).file)
                else { continue }
                redirects.append(Redirect(path: path, story: i))
            }
        }
        return redirects
    }

    /// An alias's path under the site: a plain folder path, or a plain folder path and the
    /// name of an HTML file in it (not `index.html`, which is the folder's page). Nil for
    /// anything else.
    static func path(of alias: String) -> String? {
        var segments = alias.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = segments.last else { return nil }
        let lowered = last.lowercased()
        guard lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") else { return ItemPaths.normalized(alias) }
        guard !lowered.hasPrefix("index.htm"), lowered != "404.html",
            let name = ItemPaths.normalized("x/" + last).map({ String($0.dropFirst(2).dropLast()) })
        else { return nil }
        segments.removeLast()
        if segments.isEmpty { return name }
        return ItemPaths.normalized(segments.joined(separator: "/")).map { $0 + name }
    }
}
