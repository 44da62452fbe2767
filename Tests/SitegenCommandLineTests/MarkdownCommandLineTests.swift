import Foundation
import SitegenTestSupport
import Testing

/// The real binary with a Markdown story folder and the default `./pages` folder.
@Suite("sitegen command line: Markdown stories and site pages")
struct MarkdownCommandLineTests {
    @Test("--source content/ builds its stories; ./pages is used by default and named in the summary")
    func contentAndDefaultPages() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: First\nweight: 1\n---\nBody **one**.\n", to: "content/first.md")
            try folder.write("---\ntitle: Second\nscore: x\n---\n", to: "content/second.md")
            try folder.write("---\ntitle: Bad\nnot a field\n---\n", to: "content/bad.md")
            try folder.write("---\ntitle: About\n---\nAbout.\n", to: "pages/about.md")
            let result = try await SitegenExecutable.run(
                exe, ["build", "--source", "content", "--output", "site"], in: folder.url)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(
                result.stdout.hasPrefix(
                    "2 stories from content/ → 1 page, 1 shard, 1 item page, 1 site page, a search index of 3 files in site (23 files written, 0 unchanged). Skipped 1: 1 malformed (bad.md line 3)."
                ),
                "\(result.stdout)")
            let index = try readText(folder.path("site/index.html"))
            let titles = HTMLScan.elements("h2", in: index).map(\.inner)
            #expect(titles.count == 2 && titles[0].contains("First") && titles[1].contains("Second"))
            #expect(index.contains("<a href=\"/about/\">About</a>"))
            #expect(FileManager.default.fileExists(atPath: folder.path("site/about/index.html")))
        }
    }

    @Test("a broken site page fails the build with one 'error:' line naming file and line")
    func brokenPage() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: About\noops\n---\n", to: "p/about.md")
            let result = try await SitegenExecutable.run(exe, ["build", "--pages", "p", "--output", "site"], in: folder.url)
            #expect(result.status != 0)
            #expect(result.stderr == "error: p/about.md:3: front matter: invalid YAML: could not find expected ':'\n")
            #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
        }
    }

    /// Foundation's `deletingLastPathComponent` traps on `.` on Linux: `--source .` crashed the
    /// build where the folder's site config is looked for (`FolderAbove`).
    @Test("--source . and ./ from inside a Markdown folder build it, as its name from outside does")
    func sourceIsWorkingFolder() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: First\n---\nBody **one**.\n", to: "content/first.md")
            try folder.write("---\ntitle: Second\n---\nBody two.\n", to: "content/second.md")
            let named = try await SitegenExecutable.run(
                exe, ["build", "--source", "content", "--output", "named", "--no-search"], in: folder.url)
            #expect(named.status == 0, "stderr: \(named.stderr)")
            for (n, source) in [".", "./"].enumerated() {
                let result = try await SitegenExecutable.run(
                    exe, ["build", "--source", source, "--output", "../dot\(n)", "--no-search"],
                    in: folder.url.appendingPathComponent("content"))
                #expect(result.status == 0, "\(source): stderr: \(result.stderr.prefix(300))")
                #expect(result.stdout.hasPrefix("2 stories from ./ → 1 page"), "\(result.stdout)")
                #expect(try readText(folder.path("dot\(n)/index.html")) == readText(folder.path("named/index.html")))
            }
        }
    }
}
