import Foundation
import SitegenAssets
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource

@Suite("Theme")
struct ThemeTests {
    /// Loads a folder holding `files` and returns the template error it throws.
    func templateError(
        _ files: [String: String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> (path: String, line: Int, column: Int, reason: String, folder: String, error: ThemeError)?
    {
        try withTemporaryFolder { folder in
            for (name, text) in files { try folder.write(text, to: name) }
            let error = #expect(throws: ThemeError.self, sourceLocation: sourceLocation) { try Theme.load(from: folder.path) }
            guard case .template(let path, let line, let column, let reason) = error else {
                Issue.record("expected a template error, got \(String(describing: error))", sourceLocation: sourceLocation)
                return nil
            }
            return (path, line, column, reason, folder.path, error!)
        }
    }

    @Test("a section never closed throws a template error naming the file and a line")
    func unclosedSection() throws {
        let result = try #require(try templateError(["row.mustache": "<h2>{{title}}</h2>\n{{#a}}\n<p>never closed</p>\n"]))
        #expect(result.path == result.folder + "/row.mustache")
        #expect(result.line >= 1)
        #expect(result.column >= 1)
        #expect(!result.reason.isEmpty)
        #expect(result.error.description.hasPrefix(result.folder + "/row.mustache:\(result.line):"))
    }

    @Test("a mismatched closing tag throws a template error at its line")
    func mismatchedClose() throws {
        let result = try #require(try templateError(["page.mustache": "line one\nline two\n{{#a}}x{{/b}}\nline four\n"]))
        #expect(result.path == result.folder + "/page.mustache")
        #expect(result.line == 3)
        #expect(result.reason.contains("different name"))
    }

    @Test("an unfinished tag is a template error too")
    func unfinishedTag() throws {
        let result = try #require(try templateError(["layout.mustache": "<html>{{title</html>"]))
        #expect(result.path == result.folder + "/layout.mustache")
        #expect(result.line >= 1)
    }

    @Test("a template error stops the build before anything is written")
    func buildStopsOnTemplateError() async throws {
        try await withTemporaryFolder { folder in
            let templates = try folder.makeFolder("templates")
            try folder.write("{{#a}}", to: "templates/item.mustache")
            let output = folder.path("out")
            let error = await #expect(throws: ThemeError.self) {
                try await Build.run(BuildRequest(source: SampleSource(count: 10), output: output, templates: templates))
            }
            guard case .template(let path, _, _, _) = error else {
                Issue.record("expected a template error, got \(String(describing: error))")
                return
            }
            #expect(path == templates + "/item.mustache")
            #expect(!FileManager.default.fileExists(atPath: output))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["templates"])
        }
    }

    @Test("a folder with only row.mustache overrides the row and keeps the built-in others")
    func partialOverride() throws {
        try withTemporaryFolder { folder in
            try folder.write("<b>{{title}}</b> #{{id}}", to: "row.mustache")
            let theme = try Theme.load(from: folder.path)
            let builtIn = try Theme.builtIn()
            let story = Story.fixture(id: 5, title: "A & B")
            let paths = SitePaths(base: "/")
            #expect(RowRenderer(theme: theme, paths: paths).html(story) == "<b>A &amp; B</b> #5")
            #expect(RowRenderer(theme: builtIn, paths: paths).html(story) != "<b>A &amp; B</b> #5")
            // The others render exactly as the built-in theme does.
            let layout: TemplateValue = .object([
                "pageTitle": "T", "siteTitle": "S", "base": "/", "styleHref": "/s.css", "content": "<p>c</p>",
            ])
            #expect(theme.render("layout", layout) == builtIn.render("layout", layout))
            let page: TemplateValue = .object([
                "rows": "<article>r</article>", "hasRows": true, "links": .list([]), "heading": "H",
            ])
            #expect(theme.render("page", page) == builtIn.render("page", page))
            #expect(theme.stylesheet == builtIn.stylesheet)
            #expect(theme.scripts == builtIn.scripts)
            #expect(theme.favicon == builtIn.favicon)
        }
    }

    @Test("style.css in the folder replaces the built-in stylesheet")
    func stylesheetOverride() throws {
        try withTemporaryFolder { folder in
            try folder.write("body { color: red }", to: "style.css")
            #expect(try Theme.load(from: folder.path).stylesheet == "body { color: red }")
        }
    }

    @Test("favicon.svg in the folder replaces the built-in favicon; every page links it as a content-named asset")
    func faviconOverride() async throws {
        try await withTemporaryFolder { folder in
            let own = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><circle r="1"/></svg>"#
            let templates = try folder.makeFolder("templates")
            try folder.write(own, to: "templates/favicon.svg")
            #expect(try Theme.load(from: templates).favicon == own)
            try folder.write("---\ntitle: About\n---\nHello.\n", to: "pages/about.md")
            let output = folder.path("out")
            let report = try await Build.run(
                BuildRequest(
                    source: SampleSource(count: 64), output: output, templates: templates, options: SiteOptions(baseURL: "/sub/"),
                    pages: folder.path("pages")))
            #expect(report.pages == 2 && report.itemPages > 0)
            let item = try #require(try FileManager.default.contentsOfDirectory(atPath: output + "/item").first)
            let icons = try FileManager.default.contentsOfDirectory(atPath: output + "/assets").filter {
                $0.hasPrefix("favicon.")
            }
            #expect(icons.count == 1 && icons[0].hasSuffix(".svg"), "\(icons)")
            let icon = try #require(icons.first)
            #expect(try String(contentsOfFile: output + "/assets/" + icon, encoding: .utf8) == own)
            for page in ["index.html", "page/1/index.html", "item/\(item)/index.html", "about/index.html", "404.html"] {
                let html = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
                let links = HTMLScan.openingTags("link", in: html).filter { $0["rel"] == "icon" }
                #expect(links.count == 1, "\(page)")
                #expect(links.first?["href"] == "/sub/assets/" + icon, "\(page)")
                #expect(links.first?["type"] == "image/svg+xml", "\(page)")
            }
        }
    }

    @Test("the item page shows the overridden row, whether it inserts the rendered row or the row partial")
    func itemUsesRowPartial() throws {
        try withTemporaryFolder { folder in
            try folder.write("ROW({{title}})", to: "row.mustache")
            let theme = try Theme.load(from: folder.path)
            let row = RowRenderer(theme: theme, paths: SitePaths(base: "/")).html(Story.fixture(id: 1, title: "T"))
            let html = theme.render(
                "item", .object(["id": 1, "title": "T", "row": .html(Array(row.utf8)), "text": .html(Array("<p>x</p>".utf8))]))
            #expect(html.contains("ROW(T)"))
            #expect(html.contains("<p>x</p>"))
            try folder.write("<div>{{> row}}</div>{{{text}}}", to: "item.mustache")
            let partial = try Theme.load(from: folder.path).render("item", .object(["id": 1, "title": "T", "text": "<p>x</p>"]))
            #expect(partial == "<div>ROW(T)</div><p>x</p>")
        }
    }

    @Test("nil or a missing folder gives the built-in theme")
    func missingFolder() throws {
        let builtIn = try Theme.builtIn()
        let story = Story.fixture(id: 1, title: "T", url: "https://e.com")
        for folder in [nil, "/nonexistent/sitegen-templates"] {
            let theme = try Theme.load(from: folder)
            #expect(
                RowRenderer(theme: theme, paths: SitePaths(base: "/")).html(story)
                    == RowRenderer(theme: builtIn, paths: SitePaths(base: "/")).html(story))
            #expect(theme.stylesheet == builtIn.stylesheet)
        }
    }

    @Test("the built-in templates all parse")
    func builtInParses() throws {
        let theme = try Theme.builtIn()
        #expect(!theme.stylesheet.isEmpty)
        #expect(!theme.favicon.isEmpty)
        for strategy in LoadingStrategy.allCases { #expect(!theme.script(for: strategy).isEmpty, "\(strategy)") }
    }

    @Test("a theme's own row.mustache is rendered by the engine, not the built-in row")
    func ownRowUsesEngine() throws {
        try withTemporaryFolder { folder in
            try folder.write(EmbeddedAssets.templates["row"]! + "<!-- mine -->", to: "row.mustache")
            let theme = try Theme.load(from: folder.path)
            #expect(!theme.rowIsBuiltIn)
            #expect(
                RowRenderer(theme: theme, paths: SitePaths(base: "/")).html(Story(id: 1, title: "T")).hasSuffix("<!-- mine -->"))
        }
    }
}
