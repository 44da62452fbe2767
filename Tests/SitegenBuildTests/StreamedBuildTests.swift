import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenSource

/// A build that reads its source a window at a time (`EntryWindows`) and spills a big list's
/// rows to files beside the output (`BuildRequest.spillRowsFrom`) writes the very files of one
/// that reads it whole and keeps every row in memory. (The two also break the index's words
/// on their two paths: beside the rows' rendering from the stories of the one window, and
/// from the fields kept window by window.)
@Suite("Streamed builds")
struct StreamedBuildTests {
    /// A source read whole: `inner`'s entries, without its windows.
    struct Whole: StorySource {
        var inner: any StorySource
        var name: String { inner.name }
        func entries() async throws -> [SourceEntry] { try await inner.entries() }
    }

    /// Every file under both outputs, the same bytes.
    static func sameFiles(_ a: String, _ b: String) throws {
        let differences = try DriftTests.differences(a, b)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test("a JSON Lines file read a few kilobytes at a time builds the very site of one read whole")
    func windowsAreTheWhole() async throws {
        try await withTemporaryFolder { folder in
            // Stories with text (item pages), duplicates across windows, bad and blank lines.
            var lines = SampleGenerator(seed: 3).items(count: 2_000).map { item in
                String(decoding: try! JSONEncoder().encode(item), as: UTF8.self)
            }
            lines.insert(lines[10], at: 1_500)
            lines.insert("{not json", at: 700)
            lines.insert("", at: 300)
            lines.insert("null", at: 1_200)
            let path = try folder.write(lines.joined(separator: "\n") + "\n", to: "stories.jsonl")
            var source = JSONLinesSource(path: path)
            source.windowBytes = 4_096
            #expect(try await source.windows()!.next()!.count < 100, "windows of a few dozen lines")
            var whole = BuildRequest(source: Whole(inner: source), output: folder.path("whole/out"))
            whole.spillRowsFrom = .max
            var streamed = BuildRequest(source: source, output: folder.path("streamed/out"))
            streamed.spillRowsFrom = 500
            let a = try await Build.run(whole)
            let b = try await Build.run(streamed)
            #expect(a.itemPages > 100 && a.searchFiles > 10 && a.stories == 2_000)
            #expect(a.skipped == b.skipped, "the same skips, named by the same lines")
            #expect(a.summary.replacingOccurrences(of: "whole/out", with: "streamed/out") == b.summary)
            try Self.sameFiles(whole.output, streamed.output)
        }
    }

    @Test("a build with its rows spilled writes the very bytes of one without, and leaves no spill file")
    func spilledBuildIsTheSame() async throws {
        try await withTemporaryFolder { folder in
            var kept = BuildRequest(source: SampleSource(count: 3_000), output: folder.path("kept/out"))
            kept.spillRowsFrom = .max
            var spilled = kept
            spilled.output = folder.path("spilled/out")
            spilled.spillRowsFrom = 0
            let a = try await Build.run(kept)
            let b = try await Build.run(spilled)
            #expect(a.itemPages > 100 && a.searchFiles > 10, "the build reads rows everywhere they are used")
            try Self.sameFiles(kept.output, spilled.output)
            let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path("spilled"))
            #expect(!beside.contains { $0.contains("spill") }, "\(beside)")
        }
    }

    @Test("a Markdown folder whose text passes the bound spills, and writes the very bytes of one kept in memory")
    func spilledByTextIsTheSame() async throws {
        try await withTemporaryFolder { folder in
            for n in 0..<40 {
                let body = (0..<30).map { "Paragraph \($0) of post \(n): 한국어, العربية, `1.88.0`." }.joined(separator: "\n\n")
                try folder.write("---\ntitle: Post \(n)\ndate: 2024-01-\(n % 28 + 1)\n---\n\(body)\n", to: "site/p\(n).md")
            }
            var kept = BuildRequest(source: MarkdownStorySource(path: folder.path("site")), output: folder.path("kept/out"))
            kept.spillTextFrom = .max
            var spilled = kept
            spilled.output = folder.path("spilled/out")
            spilled.spillTextFrom = 1_000
            let a = try await Build.run(kept)
            _ = try await Build.run(spilled)
            #expect(a.itemPages == 40 && a.searchFiles > 3)
            try Self.sameFiles(kept.output, spilled.output)
        }
    }
}
