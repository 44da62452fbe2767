import Foundation
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource
@testable import SitegenSystem
@testable import SitegenWrite

@Suite("Markdown story folder")
struct MarkdownStorySourceTests {
    static func entries(_ files: [String: String]) async throws -> [SourceEntry] {
        try await withTemporaryFolder { folder in
            for (name, text) in files { try folder.write(text, to: "content/" + name) }
            return try await MarkdownStorySource(path: folder.path("content")).entries()
        }
    }

    @Test("a folder of .md files without topstories.json is a Markdown story source")
    func located() throws {
        try withTemporaryFolder { folder in
            try folder.write("---\ntitle: a\n---\n", to: "content/a.md")
            #expect(try SourceLocator.source(for: folder.path("content")) is MarkdownStorySource)
            try folder.makeFolder("empty")
            #expect(throws: SitegenError.self) { try SourceLocator.source(for: folder.path("empty")) }
        }
    }

    @Test("front matter becomes the row's fields, the body the item page's Markdown")
    func fields() async throws {
        let entries = try await Self.entries([
            "hello.md":
                "---\ntitle: Hello\nurl: https://example.com/\nauthor: ada\ndate: 2026-11-20\nscore: 7\nimage: /i.png\nid: 42\n---\nThe *body*.\n"
        ])
        let stories = ItemFilter.stories(from: entries).stories
        #expect(
            stories == [
                Story(
                    id: 42, title: "Hello", url: "https://example.com/", by: "ada", time: 1_795_132_800, score: 7,
                    image: ItemImage(url: "/i.png"), markdown: "The *body*.\n")
            ])
        #expect(stories[0].hasItemPage)
    }

    @Test("order: weight ascending, then newest date, then file name; unweighted and undated last")
    func order() async throws {
        let entries = try await Self.entries([
            "a.md": "---\ntitle: a\n---\n",
            "b.md": "---\ntitle: b\ndate: 2020-01-01\n---\n",
            "c.md": "---\ntitle: c\ndate: 2024-01-01\n---\n",
            "d.md": "---\ntitle: d\nweight: 2\n---\n",
            "e.md": "---\ntitle: e\nweight: -1\ndate: 2000-01-01\n---\n",
            "f.md": "---\ntitle: f\nweight: 2\ndate: 2001-01-01\n---\n",
        ])
        let titles = ItemFilter.stories(from: entries).stories.map(\.title)
        #expect(titles == ["e", "f", "d", "c", "b", "a"])
    }

    @Test("ids: a stable 53-bit hash of the file name unless front matter gives a valid id")
    func ids() async throws {
        let entries = try await Self.entries([
            "one.md": "---\ntitle: one\n---\n", "two.md": "---\ntitle: two\nid: abc\n---\n",
            "three.md": "---\ntitle: three\nid: 9007199254740993\n---\n",
        ])
        let ids = Dictionary(uniqueKeysWithValues: ItemFilter.stories(from: entries).stories.map { ($0.title, $0.id) })
        #expect(ids["one"] == MarkdownStory.id(forFile: "one.md"))
        #expect(ids["two"] == MarkdownStory.id(forFile: "two.md"))
        #expect(ids["three"] == MarkdownStory.id(forFile: "three.md"))
        #expect(MarkdownStory.id(forFile: "one.md") == MarkdownStory.id(forFile: "one.md"))
        #expect(Set(ids.values).count == 3)
        #expect(ids.values.allSatisfy { $0 > 0 && $0 < 1 << 53 })
    }

    @Test("wrong-typed optional fields are left out and the story kept; broken front matter skips the file, named with its line")
    func faults() async throws {
        let entries = try await Self.entries([
            "typed.md": "---\ntitle: kept\nscore: many\ndate: someday\nweight: heavy\n---\nbody",
            "broken.md": "---\ntitle: x\nthis is not a field\n---\n",
            "untitled.md": "---\nauthor: nobody\n---\nbody",
        ])
        let (stories, skipped) = ItemFilter.stories(from: entries)
        #expect(stories.map(\.title) == ["kept"])
        #expect(stories[0].score == nil && stories[0].time == nil)
        #expect(skipped.map(\.reason).sorted() == [.malformed, .noTitle])
        let malformed = try #require(skipped.first { $0.reason == .malformed })
        #expect(malformed.location == "broken.md line 3")
        let report = BuildReport(
            sourceName: "content/", output: "out", stories: 1, pages: 1, shards: 1, manifestParts: 1, itemPages: 1,
            skipped: skipped)
        #expect(report.summary.contains("1 malformed (broken.md line 3)"))
    }

    @Test("a built Markdown folder: the body on the item page, rendered safely")
    func built() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "---\ntitle: \"<script>alert(1)</script>\"\nurl: javascript:alert(1)\n---\n# Hi\n\n<img src=x onerror=alert(1)>\n\n| a |\n| - |\n| 1 |\n",
                to: "content/post.md")
            let report = try await Build.run(
                BuildRequest(source: MarkdownStorySource(path: folder.path("content")), output: folder.path("out")))
            #expect(report.stories == 1 && report.itemPages == 1)
            let id = MarkdownStory.id(forFile: "post.md")
            let item = try readText(folder.path("out/item/\(id)/index.html"))
            #expect(item.contains("<h1>Hi</h1>"))
            #expect(item.contains("<table>"))
            #expect(item.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!item.contains("onerror") && !item.contains("javascript:") && !item.contains("<script>alert"))
        }
    }
}
