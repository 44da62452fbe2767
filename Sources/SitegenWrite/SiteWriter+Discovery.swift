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
    ///   - built: when the build ran (Unix seconds), for a feed of no dated story.
    package func writeDiscovery(
        feed: [Story], built: Int, pageCount: Int, itemURLs: [String], itemFolders: [String], sandboxed: [String],
        sitePages: [SitePage], terms: [Term] = []
    )
        throws
    {
        let paths = renderer.paths
        let feed = AtomFeed.xml(
            stories: feed, title: renderer.options.title, paths: paths, built: built, hasItemPage: rows.hasItemPage)
        try output.write(feed, to: SitePaths.feedFile)
        // Each kind in the order it grows in (`Sitemap`): the front, then the list's pages from
        // page 1 (the oldest), then what changes anywhere (site pages, terms) last, so that it
        // moves the last file alone; the item pages from the oldest story's.
        let pages =
            [paths.list("")] + (1..<max(pageCount, 1)).map { paths.page($0, of: pageCount) }
            + sitePages.map { paths.sitePage($0.slug) } + Set(terms.map(\.taxonomy)).sorted().map(paths.taxonomy)
            + terms.flatMap { term in
                Self.pageURLs(count: Paginator.pageCount(total: term.stories.count, pageSize: renderer.options.pageSize)) {
                    paths.list(term.folder, page: $0, of: $1)
                }
            }
        for file in Sitemap.files(pages: pages, items: itemURLs.reversed(), paths: paths) {
            try output.write(file.xml, to: file.name)
        }
        try output.write(HostingFiles.robots(paths: paths), to: SitePaths.robotsFile)
        try output.write(
            HostingFiles.headers(paths: paths, folders: sitePages.map(\.slug) + itemFolders, sandboxed: sandboxed),
            to: SitePaths.headersFile)
        try output.write(renderer.notFoundPage(), to: SitePaths.notFoundFile)
    }

    /// A list's page URLs, its front first: `url(number, pageCount)` for each.
    package static func pageURLs(count: Int, _ url: (Int, Int) -> String) -> [String] {
        let count = max(count, 1)
        return (1...count).reversed().map { url($0, count) }
    }
}
