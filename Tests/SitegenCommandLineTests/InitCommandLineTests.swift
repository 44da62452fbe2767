import Foundation
import SitegenTestSupport
import Testing

/// `sitegen init` and `sitegen.toml`, through the real binary.
@Suite("sitegen init and sitegen.toml, command line")
struct InitCommandLineTests {
    @Test("init makes a site that builds at once, from its folder, with its config and theme")
    func initThenBuild() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            let made = try await SitegenExecutable.run(exe, ["init", "blog", "--title", "My \"blog\""], in: folder.url)
            #expect(made.status == 0, "stderr: \(made.stderr)")
            #expect(made.stdout.contains("sitegen serve"))
            for file in [
                "sitegen.toml", "Templates/layout.mustache", "Templates/style.css", "Templates/favicon.svg", "content/welcome.md",
                "pages/about.md", ".gitignore",
            ] {
                #expect(FileManager.default.fileExists(atPath: folder.path("blog/" + file)), "\(file)")
            }
            let built = try await SitegenExecutable.run(exe, ["build"], in: folder.url.appendingPathComponent("blog"))
            #expect(built.status == 0, "stderr: \(built.stderr)")
            #expect(built.stdout.contains("3 stories from content"), "stdout: \(built.stdout)")
            let page = try readText(folder.path("blog/Public/index.html"))
            #expect(page.contains("<title>My &quot;blog&quot;</title>"))
            #expect(page.contains("Welcome to your new site"))
            #expect(page.contains("href=\"/about/\""))
            #expect(FileManager.default.fileExists(atPath: folder.path("blog/Public/feed.xml")))
            // A second init into the same folder writes nothing and says what is in the way.
            let again = try await SitegenExecutable.run(exe, ["init", "blog"], in: folder.url)
            #expect(again.status != 0)
            #expect(again.stderr.contains("already holds sitegen.toml"))
        }
    }

    @Test("the config file sets the build; a flag wins over it")
    func configAndFlags() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            try folder.write(
                "title = \"From TOML\"\npage_size = 50\noutput = \"site\"\nbase_url = \"/news/\"\n", to: "sitegen.toml")
            let first = try await SitegenExecutable.run(exe, ["build"], in: folder.url)
            #expect(first.status == 0, "stderr: \(first.stderr)")
            #expect(first.stdout.contains("6 pages"))
            let page = try readText(folder.path("site/index.html"))
            #expect(page.contains("<title>From TOML</title>"))
            #expect(page.contains("href=\"/news/page/5/\""))
            let second = try await SitegenExecutable.run(exe, ["build", "--page-size", "100", "--title", "Flag"], in: folder.url)
            #expect(second.stdout.contains("3 pages"))
            #expect(try readText(folder.path("site/index.html")).contains("<title>Flag</title>"))
        }
    }

    @Test("a config error is one line with the file and line; nothing is built")
    func configErrors() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            try folder.write("title = \"x\"\npage-size = 10\n", to: "sitegen.toml")
            let result = try await SitegenExecutable.run(exe, ["build", "--output", "site"], in: folder.url)
            #expect(result.status != 0)
            #expect(result.stderr == "error: sitegen.toml:2: unknown key 'page-size' (did you mean page_size?)\n")
            try folder.write("title = \"x\"\n\nlimit = \"all\"\n", to: "other.toml")
            let typed = try await SitegenExecutable.run(
                exe, ["build", "--config", "other.toml", "--output", "site"], in: folder.url)
            #expect(typed.stderr == "error: other.toml:3: limit: expected an integer, got a string\n")
            #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
        }
    }
}
