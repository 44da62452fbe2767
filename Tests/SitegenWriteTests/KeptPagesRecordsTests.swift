import Foundation
import SitegenRender
import SitegenSystem
import SitegenTestSupport
import Testing

@testable import SitegenWrite

/// What a build gathers of its pages for the next (`KeptPages.Records`) comes back whole and in
/// order, spilled to a file or not; the file written from it (`KeptPages.write`, a part at a
/// time through `KeptBytes.Spool`) reads back as the pages it was given.
@Suite("Kept pages' records")
struct KeptPagesRecordsTests {
    /// Pages shaped like an archive's: a page, a text, thread pages and content-named files,
    /// some with a Markdown body's links, in several scripts.
    static func pages(_ count: Int) -> [KeptPages.Page] {
        (0..<count).map { n in
            let files =
                ["item/\(n)/index.html", "t/\(n).txt"] + (n % 3 == 0 ? ["item/\(n)/2/index.html"] : [])
                + ["c/\(String(repeating: "a", count: 12))\(n).json"]
            var thread = ThreadsWritten()
            thread.threads = 1
            thread.comments = n * 7
            thread.leftOut = n % 5
            thread.capped = n % 2
            thread.pages = n % 3 == 0 ? 1 : 0
            thread.fileNames = [files.last!]
            return KeptPages.Page(
                files: files, inputs: UInt64(n) &* 0x9E37_79B9_7F4A_7C15,
                answers: n % 4 == 0 ? [LinkAnswer(link: "next.md", page: "/next/"), LinkAnswer(link: "gone.md", page: nil)] : [],
                links: n % 4 == 0 ? ["/next/#中文", "https://example.com/1.88.0"] : [], ids: ["한국어-\(n)"],
                removed: [], capped: n % 7 == 0 ? ["a table of 5,000 rows"] : [], thread: thread)
        }
    }

    @Test("past a mebibyte the records go to a file; every page comes back, in order, as added from two threads")
    func spilled() throws {
        try withTemporaryFolder { folder in
            let records = KeptPages.Records(folder: folder.path)
            let pages = Self.pages(12_000)
            // Added as a window's writer adds them: from both cores, each page whole.
            let halves = [Array(pages[..<6_000]), Array(pages[6_000...])]
            try Parallel.forEach(halves) { half in for page in half { try records.add(page) } }
            var back: [KeptPages.Page] = []
            var parts = 0
            records.forEachPart { part in
                back += part
                parts += 1
            } kept: { _ in
                Issue.record("no page here has its versions")
            }
            #expect(parts > 2, "more than a mebibyte of records: parts spilled, and the rest")
            #expect(back.count == pages.count)
            let order = { (a: KeptPages.Page, b: KeptPages.Page) in a.files[0] < b.files[0] }
            #expect(back.sorted(by: order) == pages.sorted(by: order))
            // Each half's pages in the order that half added them.
            let first = back.filter { Int($0.files[0].split(separator: "/")[1])! < 6_000 }
            #expect(first == halves[0])
        }
    }

    @Test("the file written a part at a time reads back: each page with its thread and its files' versions")
    func roundTrip() throws {
        try withTemporaryFolder { folder in
            let output = folder.path("out")
            let pages = Self.pages(3_000)
            for page in pages {
                for file in page.files { try folder.write("bytes of \(file)", to: "out/" + file) }
            }
            let records = KeptPages.Records(folder: folder.path)
            for page in pages { try records.add(page) }
            KeptPages.write(records, settings: "settings", threadNote: "store x 7", output: output, precompress: false)
            guard case .pages(var kept) = KeptPages.read(output: output, settings: "settings") else {
                Issue.record("the kept pages did not read back")
                return
            }
            #expect(kept.threadNote == "store x 7")
            kept.threadsChanged = [3]
            for page in pages.prefix(50) {
                let story = Int(page.files[0].split(separator: "/")[1])!
                let found = kept.threadPage(at: page.files[0], inputs: page.inputs, story: story) { _ in
                    page.answers.map(\.page)
                }
                if story == 3 {
                    #expect(found == nil, "its thread changed")
                    continue
                }
                #expect(found?.files == page.files && found?.thread == page.thread && found?.links == page.links)
                #expect(found?.versions.map(\.path) == page.files, "a version for each file, by its place")
                #expect(kept.threadPage(at: page.files[0], inputs: page.inputs &+ 1, story: story) { _ in [] } == nil)
            }
            // Kept pages (their versions known) written again as they were encoded, beside a
            // page made anew, in any order: each reads back as it was.
            var kepts: [KeptPages.Page] = []
            for page in pages.dropFirst(10) {
                let story = Int(page.files[0].split(separator: "/")[1])!
                kepts.append(
                    try #require(
                        kept.threadPage(at: page.files[0], inputs: page.inputs, story: story) { _ in page.answers.map(\.page) }))
            }
            let looked = KeptPages.Records(folder: folder.path)
            for page in kepts + [pages[4]] { try looked.add(page) }
            var (madeBack, keptBytes) = (0, 0)
            looked.forEachPart {
                madeBack += $0.count
            } kept: {
                keptBytes += $0.count
            }
            #expect(madeBack == 1 && keptBytes > 100 * kepts.count, "only the page without versions is read back")
            let again = KeptPages.Records(folder: folder.path)
            for page in kepts + [pages[4]] { try again.add(page) }
            KeptPages.write(again, settings: "settings", threadNote: nil, output: output, precompress: false)
            guard case .pages(var rewritten) = KeptPages.read(output: output, settings: "settings") else {
                Issue.record("the kept pages did not read back after a rewrite")
                return
            }
            #expect(rewritten.threadNote == nil)
            rewritten.threadsChanged = []
            for page in kepts.prefix(200) + kepts.suffix(200) {
                let story = Int(page.files[0].split(separator: "/")[1])!
                #expect(
                    rewritten.threadPage(at: page.files[0], inputs: page.inputs, story: story) { _ in page.answers.map(\.page) }
                        == page)
            }
            #expect(
                rewritten.threadPage(at: pages[4].files[0], inputs: pages[4].inputs, story: 4) { _ in pages[4].answers.map(\.page)
                }
                    != nil, "the page made anew, its versions looked up")
            #expect(rewritten.threadPage(at: pages[3].files[0], inputs: pages[3].inputs, story: 3) { _ in [] } == nil)

            // A file touched since: its page is made again.
            try folder.write("changed", to: "out/" + pages[1].files[1])
            #expect(kept.threadPage(at: pages[1].files[0], inputs: pages[1].inputs, story: 1) { _ in [] } == nil)
            guard case .settingsChanged = KeptPages.read(output: output, settings: "other") else {
                Issue.record("another settings stamp keeps nothing")
                return
            }
        }
    }
}
