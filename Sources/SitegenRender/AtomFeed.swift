import SitegenModel

/// The site's feed: an Atom 1.0 document of the newest stories. Atom rather than RSS 2.0 because
/// Atom allows relative links (resolved against the feed's own URL), so a site built with a base
/// path only (`--base-url /news/`) still has a valid feed; with a full base URL every link is
/// absolute. Deterministic while it has a dated story: its `updated` is its newest entry's, so an
/// unchanged list gives an unchanged file; a feed of no dated story says when it was built
/// (Atom requires a date, and 1970 would tell a reader it is dead).
package enum AtomFeed {
    /// Entries in the feed.
    package static let limit = 20

    /// The newest stories by `time` (rank order breaks ties). A story without a time is never
    /// an entry: a feed reader places entries by their date, and the only date to give it
    /// would be a made-up one (1970, or the build's, which would make it new at every build).
    package static func newest(_ stories: [Story]) -> [Story] {
        // One pass keeping the best `limit` indices, sorted: sorting a million stories (or
        // copying them to sort) to take twenty cost a few hundred megabytes at a million.
        var best: [(time: Int, index: Int)] = []
        best.reserveCapacity(limit + 1)
        // By index: `for story in stories` would copy each story (a retain and a release of
        // every string it holds) to read its time.
        for index in stories.indices {
            guard let time = stories[index].time else { continue }
            guard best.count < limit || time > best[best.count - 1].time else { continue }
            // Among equal times the earlier rank stays ahead: insert after them.
            let at = best.firstIndex { time > $0.time } ?? best.count
            best.insert((time, index), at: at)
            if best.count > limit { best.removeLast() }
        }
        return best.map { stories[$0.index] }
    }

    /// - Parameter hasItemPage: whether the build gives a story its own page (the row
    ///   renderer's rule, so the feed links where the row does).
    ///   - built: when the build ran (Unix seconds): the date of a feed of no dated story.
    package static func xml(
        stories: [Story], title: String, paths: SitePaths, built: Int, hasItemPage: (Story) -> Bool
    ) -> String {
        let entries = newest(stories)
        let updated = DateText.iso(entries.compactMap(\.time).max() ?? built)
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <title>\(XMLText.escape(title))</title>
            <link rel="alternate" type="text/html" href="\(XMLText.escape(paths.base))"/>
            <link rel="self" type="application/atom+xml" href="\(XMLText.escape(paths.base + SitePaths.feedFile))"/>
            <id>\(XMLText.escape(id(paths.base)))</id>
            <updated>\(updated)</updated>
            <author><name>\(XMLText.escape(title))</name></author>
            <generator>sitegen</generator>

            """
        for story in entries {
            // As its row links: the story's own URL, else its item page, else (a story with
            // neither) the site.
            let link =
                story.url.flatMap { SafeURL.link($0, allowRelative: false) }
                ?? (hasItemPage(story) ? paths.item(story) : paths.base)
            xml += "<entry>\n<title>\(XMLText.escape(story.title))</title>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escape(link))\"/>\n"
            xml += "<id>\(XMLText.escape(id(paths.item(story))))</id>\n"
            xml += "<updated>\(DateText.iso(story.time!))</updated>\n"
            if let by = story.by, !by.isEmpty { xml += "<author><name>\(XMLText.escape(by))</name></author>\n" }
            xml += "</entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// An Atom id must be an absolute IRI: the URL itself when the base is a full URL, else a
    /// URN made of the path (stable from build to build, which is what readers key on).
    package static func id(_ url: String) -> String {
        url.hasPrefix("http://") || url.hasPrefix("https://") ? url : "urn:sitegen:" + url
    }
}
