import SitegenModel
import SitegenRender

/// Writes the files around the pages: the Atom feed, the sitemap, robots.txt, 404.html and the
/// `_headers` file for Netlify and Cloudflare Pages.
extension SiteWriter {
    /// - Parameters:
    ///   - feed: the stories the feed may hold (`AtomFeed.newest` picks them).
    ///   - itemURLs: every item page's URL.
    ///   - itemFolders: the first folders of item pages at paths of their own (the site's
    ///     rules do not name them).
    ///   - sandboxed: bundle files copied beside item pages that could run script when opened.
    package func writeDiscovery(
        feed: [Story], pageCount: Int, itemURLs: [String], itemFolders: [String], sandboxed: [String],
        sitePages: [SitePage], terms: [Term] = []
    )
        throws
    {
        let paths = renderer.paths
        let feed = AtomFeed.xml(stories: feed, title: renderer.options.title, paths: paths, hasItemPage: rows.hasItemPage)
        try output.write(feed, to: SitePaths.feedFile)
        let urls =
            (1...max(pageCount, 1)).map(paths.page) + sitePages.map { paths.sitePage($0.slug) }
            + itemURLs
            + Set(terms.map(\.taxonomy)).sorted().map(paths.taxonomy)
            + terms.flatMap { term in
                (1...Paginator.pages(total: term.stories.count, pageSize: renderer.options.pageSize).count).map {
                    paths.list(term.folder, page: $0)
                }
            }
        for file in Sitemap.files(urls: urls, paths: paths) { try output.write(file.xml, to: file.name) }
        try output.write(HostingFiles.robots(paths: paths), to: SitePaths.robotsFile)
        try output.write(
            HostingFiles.headers(paths: paths, folders: sitePages.map(\.slug) + itemFolders, sandboxed: sandboxed),
            to: SitePaths.headersFile)
        try output.write(renderer.notFoundPage(), to: SitePaths.notFoundFile)
    }
}
