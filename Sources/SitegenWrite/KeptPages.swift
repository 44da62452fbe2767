import Foundation
import SitegenModel
import SitegenRender
import SitegenSystem

/// What a build keeps of its costly item pages, in `.<name>.pages` beside the output, so that
/// the next build leaves a page as it is, without making it, when nothing it was made from has
/// changed. Two kinds are kept: document pages (stories with a Markdown body, whose cmark,
/// highlighting and template are most of a blog's build) and pages with a thread (whose
/// comments, read, planned and rendered, are most of an archive's). A page is kept by:
///
/// - its **inputs**: the story (every field, `Story.fingerprint`), its row's HTML and its place
///   among the folder's pages, hashed. Everything else a page is made from (every setting, the
///   theme, the site pages, the sitegen binary: `Build`'s settings stamp) is the same for every
///   page and heads the file: when it differs, no page is kept;
/// - its **thread**, for a page with one: the thread reader's note heads the file
///   (`ThreadReader.changeNote`), and the next build asks the reader which stories' threads
///   changed since (`storiesChanged(since:)`, the archive's store knows what came in); those,
///   and every one when the reader cannot tell, are made again;
/// - the **answers** its body was given for its links to other Markdown files (which page
///   each one is, `LinkAnswer`), asked again: a post linking to `next.md` is made again when
///   `next.md` is added, moved or removed;
/// - its **files** (the page, its text, their compressed siblings), each with the version it
///   had when the build that made it ended (`FileVersion`): a file replaced, written or
///   removed since is made again. So a record left by a build that failed or was killed never
///   vouches for a file a later build wrote.
///
/// With the page it keeps what the build learns from making it (its links and ids, for the
/// dead-link check; what its HTML lost or was capped at; what its thread came to), so that a
/// kept page counts in the summary as a made one does. Other pages (a story of a list with
/// neither a body nor a thread) are not kept: they cost little more to make than to check, and
/// a million of them would cost memory.
package struct KeptPages: Sendable {
    /// A page as made by this build, before its files' versions are known (`write`).
    package struct Page: Sendable, Equatable {
        /// The page, then its other files (its text), relative to the output.
        package var files: [String]
        package var inputs: UInt64
        package var answers: [LinkAnswer]
        package var links: [String]
        /// Sorted.
        package var ids: [String]
        package var removed: [String]
        package var capped: [String]
        /// What the page's thread came to, its pages and files among `files`; nil for a page
        /// without one.
        package var thread: ThreadsWritten?
        /// Its files and their compressed siblings as the build that made them left them;
        /// empty until known (`write`).
        package var versions: [KeptFile] = []

        package init(
            files: [String], inputs: UInt64, answers: [LinkAnswer] = [], links: [String] = [], ids: [String] = [],
            removed: [String] = [], capped: [String] = [], thread: ThreadsWritten? = nil
        ) {
            self.files = files
            self.inputs = inputs
            self.answers = answers
            self.links = links
            self.ids = ids
            self.removed = removed
            self.capped = capped
            self.thread = thread
        }

        /// A page as made, with what the dead-link check and the summary take of its body
        /// (`authored`; nil for a page without a Markdown body).
        package init(
            files: [String], inputs: UInt64, answers: [LinkAnswer], authored: AuthoredPage?, thread: ThreadsWritten? = nil
        ) {
            self.init(
                files: files, inputs: inputs, answers: answers, links: authored?.links.links ?? [],
                ids: authored?.links.ids.sorted() ?? [], removed: authored?.removed ?? [], capped: authored?.capped ?? [],
                thread: thread)
        }

        /// What the dead-link check and the summary take of the kept page at `url`, as its
        /// making gave them.
        package func authored(url: String) -> AuthoredPage {
            AuthoredPage(links: LinkCheck.Page(url: url, links: links, ids: Set(ids)), removed: removed, capped: capped)
        }
    }

    /// A file as the build that made it left it: one of the page's files, or a compressed
    /// sibling of one (`which`: the file's index times 4, plus 1 + the index of the sibling's
    /// suffix in `Precompression.suffixes`, or 0 for the file itself).
    package struct KeptFile: Sendable, Equatable {
        package var which: Int
        package var path: String
        package var version: FileVersion
    }

    /// What the last build left, for this build's settings.
    package enum Previous: Sendable {
        /// No kept pages (a first build, or one whose last build kept none).
        case none
        /// The last build's settings, theme or binary were others: every page is made again.
        case settingsChanged
        case pages(KeptPages)
    }

    private let output: String
    /// The file as read (its checksum checked), and where each page's record starts in it, by
    /// the page's first file: a record is read again when its page is asked for, rather than
    /// held read (an archive's, read, were twice the file's bytes in memory).
    private let file: KeptBytes.Reader
    private let records: [String: Int]
    /// The thread reader's note when the last build began (`ThreadReader.changeNote`).
    package let threadNote: String?
    /// The stories whose threads changed since `threadNote`, as the reader says; nil (the
    /// default) keeps no page with a thread.
    package var threadsChanged: Set<Int>?

    package static func file(of output: String) -> String { BesideOutput.path(of: output, "pages") }

    /// The inputs of a page made from `story`, its row and its place, hashed.
    package static func inputs(of story: Story, rowHTML: [UInt8], place: DocumentPlace?) -> UInt64 {
        var print = Fingerprint()
        story.fingerprint(into: &print)
        print.add(rowHTML)
        print.add(place) { print, place in place.fingerprint(into: &print) }
        return ContentHash.value(of: print.bytes)
    }

    /// The last build's pages, if it made them with `settings`. A file that cannot be read whole
    /// as written costs the pages, never the build: they are made again.
    package static func read(output: String, settings: String) -> Previous {
        guard let bytes = WholeRead.bytes(file(of: output)) else { return .none }
        var reader = KeptBytes.Reader(bytes)
        guard let stamp = try? reader.stamp(format: KeptPagesFile.format) else { return .none }
        guard stamp == settings else { return .settingsChanged }
        var records: [String: Int] = [:]
        let note: String?
        do {
            // Every record read once, so that a file not whole as written keeps nothing.
            note = try reader.optionalText()
            var start = reader.offset
            while let page = try KeptPagesFile.page(&reader) {
                records[page.files[0]] = start
                start = reader.offset
            }
            try reader.finish()
        } catch {
            return .none
        }
        return .pages(KeptPages(output: output, file: reader, records: records, threadNote: note))
    }

    /// The record of the page whose first file is `first`.
    private func record(_ first: String) -> Page? {
        guard let start = records[first] else { return nil }
        var reader = file
        guard (try? reader.seek(to: start)) != nil, case let page?? = try? KeptPagesFile.page(&reader) else { return nil }
        return page
    }

    /// The last build's page whose first file is `files[0]`, when it may be kept: the same
    /// files, made from the same inputs, the same answers to its links now (`answers` asks
    /// them), and its files, siblings included, as that build left them. nil: make it.
    package func page(files: [String], inputs: UInt64, answers: ([String]) -> [String?]) -> Page? {
        guard let first = files.first, let page = record(first), page.files == files, page.inputs == inputs,
            page.thread == nil
        else {
            return nil
        }
        return unchanged(page, answers: answers)
    }

    /// The last build's page with a thread at `file`, when it may be kept: made from the same
    /// inputs, story `story`'s thread unchanged since (`threadsChanged`), the same answers to
    /// its links (a Markdown body's), and its files as that build left them. Its other files
    /// (its text, its thread's pages and files) are the ones the same inputs and settings
    /// make. nil: make it.
    package func threadPage(at file: String, inputs: UInt64, story: Int, answers: ([String]) -> [String?]) -> Page? {
        guard let changed = threadsChanged, !changed.contains(story), let page = record(file), page.thread != nil,
            page.inputs == inputs
        else { return nil }
        return unchanged(page, answers: answers)
    }

    /// `page`, when its links get the answers they got (`answers` asks them again) and its
    /// files are as the build that made it left them: every one of them
    /// (`OutputFolder.keepChecked` takes them as found) and their siblings.
    private func unchanged(_ page: Page, answers: ([String]) -> [String?]) -> Page? {
        guard answers(page.answers.map(\.link)) == page.answers.map(\.page) else { return nil }
        guard page.files.allSatisfy({ file in page.versions.contains { $0.path == file } }) else { return nil }
        for file in page.versions where FileVersion.of(output + "/" + file.path) != file.version { return nil }
        return page
    }

    /// Writes `pages` with `settings` beside `output`, once the build is in place. A page
    /// made by this build gets its files' versions as they are now, and their compressed
    /// siblings' when the output has them (`precompress`), or is left out when one is missing;
    /// a page kept has them already, and its record is copied as encoded. Whole or not at all;
    /// a file that could not be written only costs the next build its pages.
    package static func write(_ pages: Records, settings: String, threadNote: String?, output: String, precompress: Bool) {
        // Written as it is encoded, a part of the records at a time: their files looked at on
        // both cores, encoded, and gone to the file.
        guard var spool = KeptBytes.Spool(path: file(of: output)) else { return remove(output: output) }
        var writer = KeptPagesFile.writer(settings: settings, threadNote: threadNote)
        // The stamp and note first: the records of kept pages go straight to the file.
        spool.take(&writer)
        pages.forEachPart { part in
            let known = Parallel.array(count: part.count) { i -> Page? in
                var page = part[i]
                for (index, file) in page.files.enumerated() {
                    let siblings = precompress && Precompression.applies(to: file) ? Precompression.suffixes : []
                    for (which, suffix) in zip(0..., [""] + siblings) {
                        guard let version = FileVersion.of(output + "/" + file + suffix) else { return nil }
                        page.versions.append(KeptFile(which: index * 4 + which, path: file + suffix, version: version))
                    }
                }
                return page
            }
            for case let page? in known { KeptPagesFile.add(page, to: &writer) }
            spool.take(&writer)
        } kept: { records in
            spool.take(records)
        }
        KeptPagesFile.end(&writer)
        if !spool.finish(&writer) { remove(output: output) }
    }

    /// Removes the file: an output gone, or built without pages to keep.
    package static func remove(output: String) {
        unlink(file(of: output))
    }
}
