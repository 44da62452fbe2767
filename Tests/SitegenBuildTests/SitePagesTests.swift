import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenSource

@Suite("Site pages (--pages)")
struct SitePagesTests {
    @Test("about.md becomes /about/, in the layout, linked from every page's navigation in weight order")
    func built() async throws {
        try await withTemporaryFolder { folder in
            try folder.write(
                "---\ntitle: About us\nweight: 2\n---\nWe *write* [code](https://example.com). [FAQ](faq.md#top)\n",
                to: "pages/about.md")
            try folder.write("---\ntitle: Colophon\nweight: 1\n---\n<script>alert(1)</script>\n", to: "pages/colophon.md")
            try folder.write("No front matter.\n", to: "pages/faq.md")
            let report = try await Build.run(
                BuildRequest(
                    source: StubSource([.story(1), .story(2)]), output: folder.path("out"),
                    options: SiteOptions(baseURL: "/sub/"),
                    pages: folder.path("pages")))
            #expect(report.sitePages == 3)
            #expect(report.summary.contains("3 site pages"))
            let about = try readText(folder.path("out/about/index.html"))
            #expect(about.contains("<title>About us · sitegen</title>"))
            // A link to another site page's file is that page's link.
            #expect(
                about.contains(
                    "<p>We <em>write</em> <a href=\"https://example.com\">code</a>. <a href=\"/sub/faq/#top\">FAQ</a></p>"))
            #expect(report.deadLinks == 0 && report.linksChecked == 2, "\(report.summary)")
            #expect(about.contains("Content-Security-Policy"))
            #expect(about.contains("<a href=\"/sub/about/\" aria-current=\"page\">About us</a>"))
            let colophon = try readText(folder.path("out/colophon/index.html"))
            #expect(!colophon.contains("<script>alert"))
            #expect(try readText(folder.path("out/faq/index.html")).contains("<h1>faq</h1>"))
            let index = try readText(folder.path("out/index.html"))
            let nav = try #require(HTMLScan.elements("nav", in: index).first { $0.attributes["class"] == "site-nav" })
            let hrefs = HTMLScan.openingTags("a", in: nav.inner).compactMap { $0["href"] }
            #expect(hrefs == ["/sub/colophon/", "/sub/about/", "/sub/faq/"])
        }
    }

    @Test("no pages folder, no navigation")
    func none() async throws {
        try await withTemporaryFolder { folder in
            _ = try await Build.run(BuildRequest(source: StubSource([.story(1)]), output: folder.path("out")))
            #expect(!(try readText(folder.path("out/index.html"))).contains("site-nav"))
        }
    }

    @Test(
        "a bad page fails the build with its file (and line)",
        arguments: [
            ("page.md", "---\ntitle: x\n---\n", "a name the site itself uses"),
            ("About Us.md", "x", "lowercase letters"),
            ("about.md", "---\ntitle: x\nbad line\n---\n", "about.md:3: front matter: invalid YAML"),
            ("about.md", "---\nweight: heavy\n---\n", "about.md:2: weight must be an integer"),
        ])
    func bad(file: String, text: String, message: String) throws {
        try withTemporaryFolder { folder in
            try folder.write(text, to: "pages/" + file)
            #expect {
                try SitePagesFolder.load(folder.path("pages"))
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}
