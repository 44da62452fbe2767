import SitegenModel
import SitegenRender
import Testing

@testable import SitegenMarkdown

/// What a Markdown file's front matter gives the story, field by field (whole folders are read
/// in SitegenBuildTests' MarkdownStorySourceTests).
@Suite("Front matter read into a story")
struct MarkdownStoryTests {
    @Test("front matter terms: YAML lists, Jekyll's space-separated words, TOML arrays, and `category` as one term")
    func frontMatterTerms() throws {
        func terms(_ text: String) throws -> [Taxonomy: [String]] {
            MarkdownStory(file: "a.md", matter: try FrontMatter.parse(text)).item.markdownExtras.terms
        }
        #expect(
            try terms("---\ntags: [Swift, web]\ncategories:\n  - News\n---\n") == [
                .tags: ["Swift", "web"], .categories: ["News"],
            ])
        #expect(
            try terms("---\ntags: swift web\ncategory: Release Notes\n---\n") == [
                .tags: ["swift", "web"], .categories: ["Release Notes"],
            ])
        #expect(try terms("+++\ntags = [\"a\", \"b\"]\ncategories = [\"c\"]\n+++\n") == [.tags: ["a", "b"], .categories: ["c"]])
        #expect(try terms("{\"tags\": [\"j\"]}\nbody") == [.tags: ["j"]])
        #expect(try terms("---\ntitle: none\n---\n").isEmpty)
        // One term however its accent is typed: composed (NFC), so its folder and links agree.
        #expect(try terms("---\ntags: [\"Zu\u{308}rich\"]\n---\n")[.tags]?.first?.unicodeScalars.count == 6)
    }
}
