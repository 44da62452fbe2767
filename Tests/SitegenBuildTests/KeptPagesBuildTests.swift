import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenWrite

/// A rebuild keeps a document page as the last build left it, without making it, while nothing
/// it is made from has changed (`KeptPages`); whatever it keeps, its output is a fresh build's.
@Suite("Kept pages")
struct KeptPagesBuildTests {
    /// Posts shaped like a real blog's: code, a footnote, other scripts, and links between them.
    static func writeSite(_ folder: TemporaryFolder) throws {
        for n in 1...6 {
            let link = n == 1 ? "See [the next one](later.md) and [two](post-2.md#usage)." : "Back to [one](post-1.md)."
            try folder.write(
                """
                ---
                title: "Post \(n): rustc 1.88.0"
                date: 2024-01-0\(n)
                tags: [swift, 검색]
                ---
                \(link)

                ## Usage

                ```swift
                let doubled = [\(n), 2, 3].map { $0 * 2 }
                ```

                中文段落，한국어 문단.[^1]

                [^1]: A footnote.

                """, to: "site/posts/post-\(n).md")
        }
    }

    static func request(_ folder: TemporaryFolder, output: String = "out") -> BuildRequest {
        BuildRequest(
            source: MarkdownStorySource(path: folder.path("site")), output: folder.path(output),
            options: SiteOptions(pageSize: 3, keepGenerations: 0))
    }

    /// A fresh build of the same input beside, and the files that differ.
    static func differencesFromFresh(_ folder: TemporaryFolder) async throws -> [String] {
        try? FileManager.default.removeItem(atPath: folder.path("fresh"))
        _ = try await Build.run(request(folder, output: "fresh"))
        return try DriftTests.differences(folder.path("out"), folder.path("fresh"))
    }

    @Test("one post edited: the other pages are kept, not made, and the output is a fresh build's")
    func oneEdit() async throws {
        try await withTemporaryFolder { folder in
            try Self.writeSite(folder)
            let first = try await Build.run(Self.request(folder))
            #expect(first.itemPagesKept == 0 && first.itemPages == 6)
            let page = try readText(folder.path("out/posts/post-3/index.html"))
            try folder.write(
                try readText(folder.path("site/posts/post-3.md")) + "\nOne more paragraph.\n", to: "site/posts/post-3.md")
            let second = try await Build.run(Self.request(folder))
            #expect(second.itemPagesKept == 5, "\(second.summary)")
            #expect(second.summary.contains("5 item pages kept from the last build"))
            #expect(try readText(folder.path("out/posts/post-3/index.html")) != page)
            // A kept page counts in the dead-link check as a made one does.
            #expect(second.deadLinks == first.deadLinks && second.linksChecked == first.linksChecked)
            #expect(try await Self.differencesFromFresh(folder).isEmpty)
        }
    }

    @Test("a post links to a file not there yet: when it is added, the linking page is made again, to its page")
    func linkTargetAdded() async throws {
        try await withTemporaryFolder { folder in
            try Self.writeSite(folder)
            let first = try await Build.run(Self.request(folder))
            #expect(try readText(folder.path("out/posts/post-1/index.html")).contains("href=\"later.md\""))
            try folder.write("---\ntitle: Later\ndate: 2024-02-01\n---\nLater.\n", to: "site/posts/later.md")
            let second = try await Build.run(Self.request(folder))
            // Post 1 (its link now has a page), post 6 (the new post is its next) and the new
            // one are made; the other four kept.
            #expect(second.itemPagesKept == 4, "\(second.summary)")
            #expect(second.deadLinks == first.deadLinks - 1)
            #expect(try readText(folder.path("out/posts/post-1/index.html")).contains("href=\"/posts/later/\""))
            #expect(try await Self.differencesFromFresh(folder).isEmpty)
        }
    }

    @Test("a kept page's file changed or removed by hand, or its text: made again, as a fresh build makes it")
    func outputTouched() async throws {
        try await withTemporaryFolder { folder in
            try Self.writeSite(folder)
            _ = try await Build.run(Self.request(folder))
            // The same size, so only its version (mtime, ctime) tells.
            let page = folder.path("out/posts/post-2/index.html")
            let bytes = try readBytes(page)
            try Data(bytes.reversed()).write(to: URL(fileURLWithPath: page))
            try FileManager.default.removeItem(atPath: folder.path("out/posts/post-4/index.html"))
            // Post 5's text (its page names its id).
            let five = try readText(folder.path("out/posts/post-5/index.html"))
            let id = try #require(five.firstMatch(of: /data-id="([0-9]+)"/)?.1)
            try folder.write("changed", to: "out/t/\(id).txt")
            // The source's stamp says nothing changed, which skips the build: without it, it runs.
            BuildStamp.remove(output: folder.path("out"))
            let second = try await Build.run(Self.request(folder))
            #expect(second.itemPagesKept == 3, "\(second.summary)")
            #expect(try readBytes(page) == bytes)
            #expect(try await Self.differencesFromFresh(folder).isEmpty)
        }
    }

    @Test("a setting changed: no page is kept, and the summary says why; the kept pages' file cut short: none kept, no failure")
    func settingsAndDamage() async throws {
        try await withTemporaryFolder { folder in
            try Self.writeSite(folder)
            _ = try await Build.run(Self.request(folder))
            var retitled = Self.request(folder)
            retitled.options.title = "Another title"
            let changed = try await Build.run(retitled)
            #expect(changed.settingsChanged && changed.itemPagesKept == 0)
            #expect(changed.summary.contains("Settings, theme or sitegen changed since the last build"))
            #expect(try await Build.run(retitled).itemPagesKept == 0, "the stamp: nothing changed, nothing built")
            // Damaged in every way a cut can damage it: each build reads what it can, or nothing.
            let file = KeptPages.file(of: folder.path("out"))
            let whole = try readBytes(file)
            for cut in stride(from: 0, to: whole.count, by: max(1, whole.count / 40)) {
                try whole.prefix(cut).write(to: URL(fileURLWithPath: file))
                BuildStamp.remove(output: folder.path("out"))
                let report = try await Build.run(retitled)
                #expect(report.itemPagesKept == 0, "cut at \(cut) of \(whole.count)")
            }
            BuildStamp.remove(output: folder.path("out"))
            #expect(try await Build.run(retitled).itemPagesKept == 6)
            #expect(try await Self.differencesFromFresh(folder).isEmpty == false, "fresh has the default title")
        }
    }
}
