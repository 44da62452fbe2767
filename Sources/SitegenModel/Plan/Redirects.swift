/// Redirect pages for the old URLs a Markdown story names (Hugo's and Zola's `aliases`,
/// Jekyll's `redirect_from`), so links to where a page used to be still land. Pure.
///
/// An old URL gets a page when it is a plain folder path (`ItemPaths.normalized`) that no page
/// of the site has (an item page, a site page, the site's own folders) and no earlier story
/// asked for; a redirect never replaces a page.
public enum Redirects {
    /// A redirect page: its folder under the site (`releases/1.88.0/`) and the story it sends to.
    public struct Redirect: Sendable, Equatable {
        public var folder: String
        public var story: Int
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
                guard let folder = ItemPaths.normalized(alias),
                    !ItemPaths.isReserved(folder.prefix { $0 != "/" }, reserved),
                    claims.claim(file: folder + "index.html")
                else { continue }
                redirects.append(Redirect(folder: folder, story: i))
            }
        }
        return redirects
    }
}
