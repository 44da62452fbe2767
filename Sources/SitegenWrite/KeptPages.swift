import Foundation
import SitegenModel
import SitegenRender
import SitegenSystem

/// What a build keeps of its document pages (the item pages of stories with a Markdown body,
/// whose cmark, highlighting and template are most of a blog's build), in `.<name>.pages` beside
/// the output, so that the next build leaves a page as it is, without making it, when nothing
/// it was made from has changed:
///
/// - its **inputs**: the story (every field, `Story.fingerprint`), its row's HTML and its place
///   among the folder's pages, hashed. Everything else a page is made from (every setting, the
///   theme, the site pages, the sitegen binary: `Build`'s settings stamp) is the same for every
///   page and heads the file: when it differs, no page is kept;
/// - the **answers** its body was given for its links to other Markdown files (which page
///   each one is, `LinkAnswer`), asked again: a post linking to `next.md` is made again when
///   `next.md` is added, moved or removed;
/// - its **files** (the page, its text, their compressed siblings), each with the version it
///   had when the build that made it ended (`FileVersion`): a file replaced, written or
///   removed since is made again. So a record left by a build that failed or was killed never
///   vouches for a file a later build wrote.
///
/// With the page it keeps what the build learns from making it (its links and ids, for the
/// dead-link check; what its HTML lost or was capped at), so that a kept page counts in the
/// summary as a made one does. Stories without a Markdown body (a list's, HN's) are not kept:
/// their pages cost little more to make than to check, and a million of them would cost memory.
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
        /// Its files and their compressed siblings as the build that made them left them;
        /// empty until known (`write`).
        package var versions: [KeptFile] = []

        package init(
            files: [String], inputs: UInt64, answers: [LinkAnswer], links: [String], ids: [String], removed: [String],
            capped: [String]
        ) {
            self.files = files
            self.inputs = inputs
            self.answers = answers
            self.links = links
            self.ids = ids
            self.removed = removed
            self.capped = capped
        }
    }

    /// A file as the build that made it left it.
    package struct KeptFile: Sendable, Equatable {
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
    private let records: [String: Page]

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
        guard let data = FileManager.default.contents(atPath: file(of: output)) else { return .none }
        var reader = KeptBytes.Reader(Array(data))
        guard let stamp = try? reader.stamp(format: KeptPagesFile.format) else { return .none }
        guard stamp == settings else { return .settingsChanged }
        var records: [String: Page] = [:]
        do {
            for page in try KeptPagesFile.pages(&reader) {
                guard let first = page.files.first else { throw KeptBytes.Malformed() }
                records[first] = page
            }
        } catch {
            return .none
        }
        return .pages(KeptPages(output: output, records: records))
    }

    /// The last build's page whose first file is `files[0]`, when it may be kept: the same
    /// files, made from the same inputs, the same answers to its links now (`answers` asks
    /// them), and its files, siblings included, as that build left them. nil: make it.
    package func page(files: [String], inputs: UInt64, answers: ([String]) -> [String?]) -> Page? {
        guard let first = files.first, let page = records[first], page.files == files, page.inputs == inputs else {
            return nil
        }
        guard answers(page.answers.map(\.link)) == page.answers.map(\.page) else { return nil }
        for file in page.versions where FileVersion.of(output + "/" + file.path) != file.version { return nil }
        return page
    }

    /// Writes `pages` with `settings` beside `output`, once the build is in place. A page
    /// made by this build gets its files' versions as they are now, and their compressed
    /// siblings' when the output has them (`precompress`), or is left out when one is missing;
    /// a page kept has them already. Whole or not at all; a file that could not be written
    /// only costs the next build its pages.
    package static func write(_ pages: [Page], settings: String, output: String, precompress: Bool) {
        let known = Parallel.array(count: pages.count) { i -> Page? in
            var page = pages[i]
            guard page.versions.isEmpty else { return page }
            for file in page.files {
                for path in [file]
                    + (precompress && Precompression.applies(to: file) ? Precompression.suffixes.map { file + $0 } : [])
                {
                    guard let version = FileVersion.of(output + "/" + path) else { return nil }
                    page.versions.append(KeptFile(path: path, version: version))
                }
            }
            return page
        }.compactMap { $0 }
        _ = WholeWrite.replace(file(of: output), with: KeptPagesFile.bytes(known, settings: settings))
    }

    /// Removes the file: an output gone, or built without pages to keep.
    package static func remove(output: String) {
        unlink(file(of: output))
    }
}
