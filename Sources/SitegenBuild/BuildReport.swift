import SitegenSource

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable, Equatable {
    public var sourceName: String
    public var output: String
    public var stories: Int
    public var pages: Int
    public var shards: Int
    public var manifestParts: Int
    public var itemPages: Int
    /// Item pages with a Markdown body kept as the last build left them, nothing they are made
    /// from having changed (`KeptPages`), rather than made again.
    public var itemPagesKept = 0
    /// The last build's settings, theme or sitegen binary were others: no page was kept.
    public var settingsChanged = false
    public var skipped: [Skip]
    /// Pages from `--pages` (about.md → /about/).
    public var sitePages = 0
    /// Files written, and files kept as they were because their bytes did not change.
    public var filesWritten = 0
    public var filesUnchanged = 0
    /// Files of Markdown page bundles copied beside their item pages, and those not copied
    /// because their page has no item page (no body, or `--no-item-pages`).
    public var bundleFiles = 0
    public var bundleFilesLeft = 0
    /// Item page paths asked for (`slug`, `permalink`) and not taken (`ItemPaths`), and bundle
    /// files not copied because their place was taken or their path too long: a line each,
    /// naming the story's file and the reason.
    public var pathsRefused: [String] = []
    public var bundleFilesRefused: [String] = []
    /// Tags and categories with a list of their own, and the pages of those lists.
    public var terms = 0
    public var termPages = 0
    /// Files of the search index (0 without search).
    public var searchFiles = 0
    /// Links of Markdown bodies and site pages that reach no page or file of the site, or no
    /// id on the page they reach (`LinkCheck`), of all those checked.
    public var deadLinks = 0
    public var linksChecked = 0
    /// Parts of Markdown pages' raw HTML removed as unsafe (scripts, event handlers, refused
    /// URLs, frames: `AuthoredHTML`), and the pages they were on.
    public var unsafeHTML = 0
    public var unsafeHTMLPages = 0
    /// Bounds Markdown pages met (an attribute value too long, a word too long to wrap quickly,
    /// nesting too deep: `AuthoredHTML`), and the pages they were on.
    public var capped = 0
    public var cappedPages = 0
    /// Lines of Markdown bodies holding another generator's template code, left as text, and
    /// the files they are in (`MarkdownExtras.templateLines`).
    public var templateLines = 0
    public var templateFiles = 0
    /// Redirect pages written for old URLs (`aliases`, `redirect_from`).
    public var redirectPages = 0
    /// Stories' threads shown on their pages, their comments, the comments their stories
    /// count that are not shown (past the cap, or not read), the threads the cap cut, and the
    /// thread pages after each story's own.
    public var threads = 0
    public var comments = 0
    public var commentsLeftOut = 0
    public var threadsCapped = 0
    public var threadPages = 0
    /// Nothing was read or written: the source's stamp and every setting were the last
    /// build's (`StorySource.stamp`), so the output already is this build's.
    public var unchanged = false

    /// "300 stories → 10 pages, 9 shards, 31 item pages in Public/. Skipped 4: 1 null, 1 deleted, …"
    public var summary: String {
        if unchanged {
            return "Nothing changed since the last build from \(sourceName): \(output) left as it was (0 files written)."
        }
        var line =
            "\(plural(stories, "story", "stories")) from \(sourceName) → \(plural(pages, "page")), "
            + "\(plural(shards, "shard")), \(plural(itemPages, "item page"))"
            + (sitePages > 0 ? ", \(plural(sitePages, "site page"))" : "")
            + (terms > 0 ? ", \(plural(terms, "term")) on \(plural(termPages, "list page"))" : "")
            + (searchFiles > 0 ? ", a search index of \(plural(searchFiles, "file"))" : "") + " in \(output)"
            + (filesWritten + filesUnchanged > 0
                ? " (\(plural(filesWritten, "file")) written, \(filesUnchanged) unchanged)." : ".")
        // Every file of a Markdown folder is in one place the line counts: a story, a draft, an
        // ignored file, or a skipped one with its reason.
        let drafts = skipped.count { $0.reason == .draft }
        let ignored = skipped.count { $0.reason == .ignored }
        if itemPagesKept > 0 {
            line += " \(plural(itemPagesKept, "item page")) kept from the last build, nothing they are made from changed."
        }
        if settingsChanged { line += " Settings, theme or sitegen changed since the last build: every page made again." }
        if bundleFiles > 0 { line += " \(plural(bundleFiles, "bundle file")) copied beside item pages." }
        if bundleFilesLeft > 0 {
            line += " \(plural(bundleFilesLeft, "bundle file")) not copied (their page has no item page)."
        }
        if !pathsRefused.isEmpty {
            line += " \(plural(pathsRefused.count, "item path")) not taken, item/<id>/ instead: \(named(pathsRefused))."
        }
        if !bundleFilesRefused.isEmpty {
            line += " \(plural(bundleFilesRefused.count, "bundle file")) not copied: \(named(bundleFilesRefused))."
        }
        if redirectPages > 0 { line += " \(plural(redirectPages, "redirect page")) for old URLs." }
        if threads > 0 {
            line +=
                " \(plural(comments, "comment")) in \(plural(threads, "thread"))"
                + (threadPages > 0 ? " (and \(plural(threadPages, "page")) of later comments)" : "") + "."
        }
        if commentsLeftOut > 0 {
            line +=
                " \(plural(commentsLeftOut, "comment")) not shown"
                + (threadsCapped > 0
                    ? ": \(plural(threadsCapped, "thread")) past the cap of comments (--comments)" : ": not read") + "."
        }
        if deadLinks > 0 {
            line += " \(plural(deadLinks, "dead link")) of \(linksChecked) checked in Markdown pages (--verbose lists them)."
        }
        if unsafeHTML > 0 {
            line +=
                " \(plural(unsafeHTML, "unsafe part")) of raw HTML removed from \(plural(unsafeHTMLPages, "Markdown page")) (--verbose names them)."
        }
        if capped > 0 {
            line +=
                " \(plural(capped, "bound")) met in \(plural(cappedPages, "Markdown page")) (a long attribute dropped, a long word broken, deep nesting flattened; --verbose names them)."
        }
        if templateLines > 0 {
            line +=
                " \(plural(templateLines, "line")) of template code (Liquid, shortcodes) left as text in \(plural(templateFiles, "file")) (--verbose names them)."
        }
        if drafts > 0 { line += " \(plural(drafts, "draft")) left out (--drafts builds them)." }
        if ignored > 0 {
            line +=
                " \(plural(ignored, "file")) ignored (not Markdown, under _ or ., or of a page not built; --verbose lists them)."
        }
        let faults = skipped.filter { $0.reason != .draft && $0.reason != .ignored }
        guard !faults.isEmpty else { return line + " Skipped none." }
        let groups = Dictionary(grouping: faults, by: \.reason).sorted { $0.key < $1.key }
        let parts = groups.map { reason, skips -> String in
            var part =
                reason == .notFollowed
                ? plural(skips.count, "symbolic link") + " not followed" : "\(skips.count) \(reason.rawValue)"
            // Faults in the data are named, so they can be found and fixed.
            if reason == .malformed || reason == .unfetched || reason == .noID || reason == .notFollowed {
                let named = skips.prefix(3).map { skip in
                    skip.id.map { "id \($0)" } ?? skip.location
                }
                part += " (" + named.joined(separator: ", ") + (skips.count > 3 ? ", +\(skips.count - 3) more" : "") + ")"
            }
            return part
        }
        line += " Skipped \(faults.count): " + parts.joined(separator: ", ") + "."
        return line
    }

    /// The first three lines, and how many more.
    private func named(_ lines: [String]) -> String {
        lines.prefix(3).joined(separator: "; ") + (lines.count > 3 ? "; +\(lines.count - 3) more (--verbose lists them)" : "")
    }

    private func plural(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : many ?? one + "s")
    }
}

extension BuildReport {
    /// The report of a build that found nothing changed. (An extension, so the memberwise
    /// initializer stays.)
    init(unchangedFrom sourceName: String, output: String) {
        self.init(
            sourceName: sourceName, output: output, stories: 0, pages: 0, shards: 0, manifestParts: 0, itemPages: 0, skipped: [])
        unchanged = true
    }
}
