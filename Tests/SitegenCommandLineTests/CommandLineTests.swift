import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenConfig
@testable import SitegenSource

/// The real `sitegen` binary, run as a user would, in an empty temporary working folder (so a
/// ./Templates folder somewhere else cannot change what it builds).
@Suite("sitegen command line")
struct CommandLineTests {
    static func sitegen(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(
            SitegenExecutable.url,
            "no built sitegen executable; looked at \(SitegenExecutable.candidates.map(\.path))",
            sourceLocation: sourceLocation)
    }

    @Test("the executable is found next to the test binary, in the same scratch path")
    func locatesExecutable() throws {
        let url = try Self.sitegen()
        let products = try #require(SitegenExecutable.testProductsFolder)
        #expect(url.deletingLastPathComponent().resolvingSymlinksInPath() == products.resolvingSymlinksInPath())
    }

    @Test("each command's --help lists the flags of the keys the table gives it, and no other")
    func keysAreFlags() async throws {
        let exe = try Self.sitegen()
        func flags(_ command: String) async throws -> Set<String> {
            let help = try await SitegenExecutable.run(exe, [command, "--help"], in: SitegenExecutable.packageRoot).stdout
            let words = help.split(whereSeparator: { !($0.isLetter || $0 == "-") })
            return Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map { String($0.dropFirst(2)) })
        }
        // What a command is told that is not a setting of the site: where the settings are, how
        // much to print, and serve's reload switch. `--no-…` are the negative spellings of keys.
        let commandOnly: Set = ["config", "help", "quiet", "verbose", "no-reload"]
        for command in ConfigKey.Command.allCases {
            // Deploy's `--dry-run` and `--full` say how, once; they are not settings.
            let own: Set = command == .deploy ? ["dry-run", "full"] : []
            let given = try await flags(command.rawValue).subtracting(commandOnly.union(own)).filter { !$0.hasPrefix("no-") }
            #expect(given == Set(SiteConfig.keys.filter { $0.commands.contains(command) }.map(\.flag)), "\(command)")
        }
        // The table says which command takes which: serve every build flag and its port; deploy
        // its own and the output's.
        let build = Set(SiteConfig.keys.filter { $0.commands.contains(.build) }.map(\.name))
        #expect(Set(SiteConfig.keys.filter { $0.commands.contains(.serve) }.map(\.name)) == build.union(["port"]))
        #expect(
            Set(SiteConfig.keys.filter { $0.commands.contains(.deploy) }.map(\.name))
                == [
                    "deploy_to", "deploy_endpoint", "deploy_region", "deploy_concurrency", "output", "keep_generations",
                    "precompress",
                ])
    }

    @Test("build with no source writes the 300-story sample and says so")
    func buildSample() async throws {
        let exe = try Self.sitegen()
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(exe, ["build", "--output", folder.path("site")], in: folder.url)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(result.stdout.contains("300 stories"))
            #expect(result.stdout.contains("10 pages"))
            #expect(result.stderr.isEmpty)
            #expect(FileManager.default.fileExists(atPath: folder.path("site/index.html")))
            // Pages 1 (the oldest) to 9, and the front.
            #expect(FileManager.default.fileExists(atPath: folder.path("site/page/9/index.html")))
            #expect(!FileManager.default.fileExists(atPath: folder.path("site/page/10")))
        }
    }

    @Test("a missing source fails with one 'error:' line naming the path, and writes nothing")
    func missingSource() async throws {
        let exe = try Self.sitegen()
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(
                exe, ["build", "--source", "/nonexistent", "--output", folder.path("site")], in: folder.url)
            #expect(result.status != 0)
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.count == 1, "stderr: \(result.stderr)")
            #expect(lines.first?.hasPrefix("error:") == true)
            #expect(lines.first?.contains("/nonexistent") == true)
            #expect(result.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
        }
    }

    @Test("a JSON syntax error fails with one 'error:' line giving file and line")
    func invalidJSONSource() async throws {
        let exe = try Self.sitegen()
        try await withTemporaryFolder { folder in
            let bad = try folder.write("[\n{\"id\": 1, \"title\": \"a\"},\n{\"id\": 2,, }\n]", to: "bad.json")
            let result = try await SitegenExecutable.run(
                exe, ["build", "--source", bad, "--output", folder.path("site")], in: folder.url)
            #expect(result.status != 0)
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.count == 1, "stderr: \(result.stderr)")
            #expect(lines.first?.hasPrefix("error: \(bad):3:") == true, "stderr: \(result.stderr)")
        }
    }

    @Test("page size 0 is refused with a non-zero exit and one line naming the flag", arguments: ["0", "-1"])
    func pageSizeZero(value: String) async throws {
        let exe = try Self.sitegen()
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(
                exe, ["build", "--page-size=\(value)", "--output", folder.path("site")], in: folder.url)
            #expect(result.status != 0)
            #expect(result.stderr == "error: --page-size: must be at least 1 (got \(value))\n", "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
        }
    }

    @Test("serve refuses a bad value with one line naming the flag, before it builds or listens")
    func serveRefuses() async throws {
        let exe = try Self.sitegen()
        try await withTemporaryFolder { folder in
            for (flags, message) in [
                (["--page-size=0"], "error: --page-size: must be at least 1 (got 0)\n"),
                (["--port", "70000"], "error: --port: must be from 0 to 65535 (got 70000)\n"),
            ] {
                let result = try await SitegenExecutable.run(
                    exe, ["serve", "--output", folder.path("site")] + flags, in: folder.url)
                #expect(result.status != 0)
                #expect(result.stderr == message)
                #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
            }
        }
    }

    @Test("generate, then build from what it wrote, in each format", arguments: ["json", "jsonl", "hn"])
    func generateThenBuild(format: String) async throws {
        let exe = try Self.sitegen()
        try await withTemporaryFolder { folder in
            let data = folder.path(format == "hn" ? "data" : "stories.\(format)")
            let generated = try await SitegenExecutable.run(
                exe, ["generate", "--count", "75", "--format", format, "--output", data], in: folder.url)
            #expect(generated.status == 0, "stderr: \(generated.stderr)")
            let built = try await SitegenExecutable.run(
                exe, ["build", "--source", data, "--output", folder.path("site"), "--page-size", "25"], in: folder.url)
            #expect(built.status == 0, "stderr: \(built.stderr)")
            #expect(built.stdout.contains("75 stories"))
            #expect(built.stdout.contains("3 pages"))
            let site = try BuiltSite(root: folder.path("site"))
            #expect(site.pageIDs == SampleGenerator(seed: 1).items(count: 75).compactMap(\.id))
        }
    }

    @Test("--base-url without a trailing slash gets one, and every link uses it")
    func baseURL() async throws {
        let exe = try Self.sitegen()
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(
                exe, ["build", "--base-url", "/news", "--output", folder.path("site")], in: folder.url)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let site = try BuiltSite(root: folder.path("site"))
            #expect(site.pages[0].config["base"] as? String == "/news/")
            #expect(site.pages[0].html.contains(#"<a rel="next" href="/news/page/9/">"#))
            let hrefs = HTMLScan.openingTags("a", in: site.pages[0].html).compactMap { $0["href"] }
            #expect(!hrefs.isEmpty)
            // (and "#pages", the skip link to the pager on the same page)
            #expect(hrefs.allSatisfy { $0.hasPrefix("/news/") || $0.hasPrefix("https://") || $0 == "#pages" })
        }
    }

    @Test("--base-url must start with / or http(s)://")
    func badBaseURL() async throws {
        let exe = try Self.sitegen()
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(
                exe, ["build", "--base-url", "news", "--output", folder.path("site")], in: folder.url)
            #expect(result.status != 0)
            #expect(result.stderr.contains("base-url"))
            #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
        }
    }
}
