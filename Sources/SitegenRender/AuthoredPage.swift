import SitegenModel

/// What a build learns of a page it rendered from Markdown: its links and ids, for the link
/// check, and what its raw HTML lost as unsafe and the bounds it met (`AuthoredHTML`), for the
/// summary.
package struct AuthoredPage: Sendable, Equatable {
    package var links: LinkCheck.Page
    package var removed: [String]
    package var capped: [String]

    package init(links: LinkCheck.Page, removed: [String], capped: [String] = []) {
        self.links = links
        self.removed = removed
        self.capped = capped
    }
}
