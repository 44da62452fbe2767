import SitegenModel
import SitegenRender
import SitegenSystem
import SitegenWrite

extension Build {
    /// The authored pages' dead links (`LinkCheck`), against every URL the build wrote:
    /// list pages, item pages and their bundles' files (`itemPages`, their URLs), site pages, term lists, the search
    /// page, the assets and the discovery files. `themeIDs`: the ids the theme writes on those
    /// pages, which a fragment may name too.
    static func deadLinks(
        _ pages: [LinkCheck.Page], itemPages: [String], listPages: Int, sitePages: [SitePage],
        terms: [Term], termPages: [Int], search: Bool, assets: [Asset], redirects: [String], paths: SitePaths,
        themeIDs: Set<String>
    ) -> [LinkCheck.Dead] {
        guard !pages.isEmpty else { return [] }
        var known: Set<String> = [paths.base]
        known.formUnion(SiteWriter.pageURLs(count: listPages) { paths.page($0, of: $1) })
        known.formUnion(itemPages)
        for page in sitePages { known.insert(paths.sitePage(page.slug)) }
        for taxonomy in Set(terms.map(\.taxonomy)) { known.insert(paths.taxonomy(taxonomy)) }
        for (term, count) in zip(terms, termPages) {
            known.formUnion(SiteWriter.pageURLs(count: count) { paths.list(term.folder, page: $0, of: $1) })
        }
        if search { known.insert(paths.search) }
        for path in redirects { known.insert(paths.base + path) }
        for file in assets.map(\.file) + [SitePaths.feedFile, "sitemap.xml", SitePaths.robotsFile, SitePaths.notFoundFile] {
            known.insert(paths.base + file)
        }
        // Links are compared decoded (`/tags/zürich/`, as the check reads a link).
        let decoded = Set(known.map { LinkCheck.percentDecoded($0[...]) })
        return LinkCheck.dead(
            pages, known: decoded, origin: origin(of: paths.base), everywhere: themeIDs,
            map: { count, page in Parallel.array(count: count, page) })
    }

    /// `https://example.com` of `https://example.com/news/`; "" for a base that is a path.
    static func origin(of base: String) -> String {
        guard let scheme = base.range(of: "://") else { return "" }
        let host = base[scheme.upperBound...].firstIndex(of: "/") ?? base.endIndex
        return String(base[..<host])
    }
}
