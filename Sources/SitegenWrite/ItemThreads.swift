import SitegenModel

/// Writes a story's thread while its page is written. SitegenThreads implements it and the
/// build passes it to the writer, which asks it for each story that has a thread, on the core
/// writing that story's page, and puts the thread's first page inside the story's. This way
/// the writer sits below the thread slice, as it sits below search.
package protocol ItemThreads: Sendable {
    /// Writes the thread's files (its shards, manifest and pages 2 on) through `writer`.
    /// `rowHTML` is the story's row, which each thread page shows to go back by.
    func write(_ story: Story, rowHTML: [UInt8], with writer: SiteWriter) throws -> WrittenThread
}

/// A story's thread, written: its first page's section (for the story's own page), its
/// manifest's URL (nil for a thread with nothing to show), and what the summary counts.
package struct WrittenThread: Sendable {
    package var section: [UInt8]
    package var manifest: String?
    package var written: ThreadsWritten

    package init(section: [UInt8], manifest: String?, written: ThreadsWritten) {
        self.section = section
        self.manifest = manifest
        self.written = written
    }
}

/// What a build's threads came to, for its summary.
package struct ThreadsWritten: Sendable, Equatable {
    package var threads = 0
    package var comments = 0
    /// Comments the stories count that their pages do not show (`ThreadPlan.leftOut`).
    package var leftOut = 0
    /// Threads the cap cut short.
    package var capped = 0
    /// Thread pages after the first (which is the story's page).
    package var pages = 0
    /// The thread pages' URLs, and the shards' and manifests' files (`c/…`).
    package var urls: [String] = []
    package var fileNames: [String] = []

    package init() {}

    package static func += (a: inout ThreadsWritten, b: ThreadsWritten) {
        a.threads += b.threads
        a.comments += b.comments
        a.leftOut += b.leftOut
        a.capped += b.capped
        a.pages += b.pages
        a.urls += b.urls
        a.fileNames += b.fileNames
    }
}
