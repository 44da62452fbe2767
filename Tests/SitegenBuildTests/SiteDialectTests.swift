import Testing

@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenSource

@Suite("a Markdown folder's dialect, read from its generator's config")
struct SiteDialectTests {
    @Test("Hugo lowercases paths unless told not to; Zola has its ids; Jekyll GitHub's unless its input is kramdown")
    func detected() {
        #expect(SiteDialect(jekyll: nil, hugo: "baseURL = 'https://x/'\n", config: nil) == .init(lowercasePaths: true))
        #expect(
            SiteDialect(jekyll: nil, hugo: "baseURL: https://x/\ndisablePathToLower: true\n", config: nil)
                == .init(lowercasePaths: false))
        // A config.toml is Hugo's or Zola's by its keys.
        #expect(SiteDialect(jekyll: nil, hugo: nil, config: "baseURL = \"https://x/\"\n") == .init(lowercasePaths: true))
        #expect(SiteDialect(jekyll: nil, hugo: nil, config: "base_url = \"https://x/\"\n") == .init(headingIDs: .zola))
        #expect(SiteDialect(jekyll: "title: Blog\n", hugo: nil, config: nil) == .init())
        #expect(
            SiteDialect(jekyll: "kramdown:\n  input: kramdown\n", hugo: nil, config: nil) == .init(headingIDs: .kramdown))
        #expect(SiteDialect(jekyll: nil, hugo: nil, config: nil) == .init())
    }

    @Test("a Hugo story's path is lowercased, its file's capitals and all")
    func lowercased() throws {
        let matter = try FrontMatter.parse("---\ntitle: QR\n---\nBody\n")
        let hugo = MarkdownStory(file: "functions/images/QR.md", matter: matter, dialect: .init(lowercasePaths: true))
        #expect(hugo.item.markdownExtras.itemPath == "functions/images/qr")
        let other = MarkdownStory(file: "functions/images/QR.md", matter: matter)
        #expect(other.item.markdownExtras.itemPath == "functions/images/QR")
        let zola = MarkdownStory(file: "a.md", matter: matter, dialect: .init(headingIDs: .zola))
        #expect(zola.item.markdownExtras.headingIDs == .zola)
    }
}
