import Foundation
import SitegenTestSupport
import Testing

/// `sitegen build --source http://…`, the real binary against a real server on 127.0.0.1.
@Suite("sitegen build from HTTP sources")
struct FetchCommandLineTests {
    /// Every 10th item answers 503 the first time; items 7 and 33 answer truncated JSON.
    static let flaky = APIRoutes.hn(ids: Array(1...60)) { id, previous in
        if id == 7 || id == 33 { return .json(String(APIRoutes.hnItem(id).prefix(25))) }
        return id % 10 == 0 && previous == 0 ? .status(503) : nil
    }

    static func rows(in site: String) throws -> Int {
        var count = 0
        let pages = [site + "/index.html"] + (1...60).map { site + "/page/\($0)/index.html" }
        for page in pages where FileManager.default.fileExists(atPath: page) {
            count += try String(contentsOfFile: page, encoding: .utf8).components(separatedBy: "<article").count - 1
        }
        return count
    }

    @Test("an HN API with 503s and truncated items builds every good story and names both bad ids")
    func flakyHN() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            try await LoopbackServer.with(Self.flaky) { server in
                let result = try await SitegenExecutable.run(
                    exe, ["build", "--source", server.base + "/v0", "--output", folder.path("site"), "--page-size", "10"],
                    in: folder.url)
                #expect(result.status == 0, "stderr: \(result.stderr)")
                #expect(result.stdout.hasPrefix("58 stories from \(server.base)/v0 (topstories) → 5 pages"))
                #expect(result.stdout.contains("Skipped 2: 2 malformed (id 7, id 33)."))
                // Not a terminal: plain lines, then the fetch's summary.
                #expect(result.stderr.hasPrefix("Fetching 60 items\n"), "stderr: \(result.stderr)")
                #expect(result.stderr.contains("Fetched 60 items in "))
                #expect(result.stderr.contains("6 retried, 2 failed"))
                #expect(try Self.rows(in: folder.path("site")) == 58)
                // Fetched items are cached in the working folder for the next build.
                #expect(
                    FileManager.default.fileExists(atPath: folder.path(".sitegen-cache/127.0.0.1_\(server.port)/v0/item/1.json")))
                #expect(
                    !FileManager.default.fileExists(atPath: folder.path(".sitegen-cache/127.0.0.1_\(server.port)/v0/item/7.json"))
                )
            }
        }
    }

    @Test("--quiet prints the summary alone; --verbose names each retry")
    func quietAndVerbose() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            try await LoopbackServer.with(Self.flaky) { server in
                let quiet = try await SitegenExecutable.run(
                    exe, ["build", "--source", server.base + "/v0", "--output", folder.path("q"), "--quiet", "--cache-ttl", "0"],
                    in: folder.url)
                #expect(quiet.status == 0)
                #expect(quiet.stderr.isEmpty, "stderr: \(quiet.stderr)")
            }
            // A new server, so its items answer 503 the first time again.
            try await LoopbackServer.with(Self.flaky) { server in
                let verbose = try await SitegenExecutable.run(
                    exe,
                    ["build", "--source", server.base + "/v0", "--output", folder.path("v"), "--verbose", "--cache-dir", "c2"],
                    in: folder.url)
                #expect(verbose.status == 0)
                #expect(
                    verbose.stderr.contains("\(server.base)/v0/item/10.json: HTTP 503; attempt 2 of 4 in "),
                    "stderr: \(verbose.stderr)")
            }
        }
    }

    @Test("a list that can't be fetched: one error line naming the URL, and the previous site as it was")
    func listFailureKeepsSite() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            let first = try await SitegenExecutable.run(exe, ["build", "--output", folder.path("site")], in: folder.url)
            #expect(first.status == 0)
            let before = try Data(contentsOf: folder.url.appendingPathComponent("site/index.html"))
            try await LoopbackServer.with({ _, _ in .status(503) }) { server in
                let result = try await SitegenExecutable.run(
                    exe,
                    ["build", "--source", server.base + "/v0", "--output", folder.path("site"), "--retries", "1", "--quiet"],
                    in: folder.url)
                #expect(result.status == 1)
                #expect(
                    result.stderr
                        == "error: \(server.base)/v0/topstories.json: cannot fetch: HTTP 503 after 2 attempts; the previous output was left as it was\n"
                )
            }
            #expect(try Data(contentsOf: folder.url.appendingPathComponent("site/index.html")) == before)
        }
    }

    @Test("a paged API of 500 items at 25 a page builds all 500 rows")
    func pagedBeers() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            try await LoopbackServer.with(APIRoutes.beers(total: 500, perPage: 25)) { server in
                let result = try await SitegenExecutable.run(
                    exe,
                    [
                        "build", "--source", server.base + "/beers?page={page}&per_page=25", "--items-key", "data",
                        "--total-key", "totalResults", "--output", folder.path("site"), "--page-size", "50", "--quiet",
                    ],
                    in: folder.url)
                #expect(result.status == 0, "stderr: \(result.stderr)")
                #expect(result.stdout.hasPrefix("500 stories from \(server.base)/beers?page={page}&per_page=25 → 10 pages"))
                #expect(try Self.rows(in: folder.path("site")) == 500)
            }
        }
    }

    @Test(
        "bad fetch flags are refused before anything is fetched",
        arguments: [
            (["--concurrency", "0"], "error: --concurrency: must be at least 1 (got 0)"),
            (["--timeout", "soon"], "--timeout"),
            (["--field", "colour=hue"], "'colour' is not a story field"),
            (["--list", "../etc"], "error: --list: must be a list name"),
        ])
    func badFlags(flags: [String], message: String) async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(
                exe, ["build", "--source", "http://127.0.0.1:9/v0", "--output", folder.path("site")] + flags, in: folder.url)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
        }
    }
}
