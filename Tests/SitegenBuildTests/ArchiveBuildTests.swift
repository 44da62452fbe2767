import Foundation
import SitegenHTTP
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenSource

/// Sites built from `--list all` against an HN-shaped server on 127.0.0.1 that misbehaves
/// (429 with Retry-After, 503, cut-off bodies, dropped connections) and whose items change
/// between builds: the site shows each change, and a build that found nothing stops at the stamp.
@Suite("sites built from the archive")
struct ArchiveBuildTests {
    static func settings() -> FetchSettings {
        FetchSettings(
            concurrency: 8, timeout: .seconds(5), deadline: .seconds(300),
            retry: RetryPolicy(attempts: 5, baseDelay: .milliseconds(10), maxDelay: .milliseconds(100)), cacheFolder: nil)
    }

    /// The list's rows' titles, page by page, as the static pages have them.
    static func titles(_ output: String) throws -> [String] {
        let site = try BuiltSite(root: output)
        return site.pages.flatMap { page in
            page.articles.compactMap { article in
                HTMLScan.elements("h2", in: article.inner).first?.inner.replacing(/<[^>]+>/, with: "")
            }
        }
    }

    @Test("faults are retried; an edit, a dead and a deleted story, new stories and scores show at the next build")
    func changesShow() async throws {
        try await withTemporaryFolder { folder in
            let world = HNWorld(through: 400)
            // Every 17th item answers 503 first, every 23rd is cut off, every 29th dropped, and
            // every 31st says 429 with Retry-After: 0 (asked again at once).
            let route: LoopbackServer.Route = { target, previous in
                if previous == 0, target.hasPrefix("/v0/item/"), let id = Int(target.dropFirst(9).dropLast(5)) {
                    if id % 17 == 0 { return .status(503) }
                    if id % 23 == 0 { return .cutOff(body: #"{"id":\#(id),"type":"story","title":"Story \#(id)"}"#) }
                    if id % 29 == 0 { return .drop }
                    if id % 31 == 0 { return .status(429, headers: ["Retry-After": "0"]) }
                }
                return world.route(target, previous)
            }
            try await LoopbackServer.with(route) { server in
                let output = folder.path("out")
                let request = BuildRequest(
                    source: HNArchiveSource(
                        base: server.base + "/v0", store: folder.path("hn.sqlite"), backfill: 400, refresh: .seconds(60),
                        settings: Self.settings(), now: { HNWorld.time(400) }),
                    output: output)
                let stories = (1...400).filter { $0 % 3 != 0 && $0 % 10 != 1 }
                let first = try await Build.run(request)
                #expect(first.stories == stories.count, "\(first.summary)")
                #expect(try Self.titles(output) == stories.reversed().map { "Story \($0)" })

                world.add(through: 410)
                world.set(398, #"{"id":398,"type":"story","time":1700398000,"title":"Story 398, edited","score":7}"#)
                world.set(397, #"{"id":397,"type":"story","time":1700397000,"title":"Story 397","dead":true}"#)
                world.set(395, #"{"id":395,"type":"story","time":1700395000,"deleted":true}"#)
                let second = try await Build.run(request)
                let titles = try Self.titles(output)
                #expect(titles.first == "Story 410")
                #expect(titles.contains("Story 398, edited") && !titles.contains("Story 398"))
                #expect(!titles.contains("Story 397") && !titles.contains("Story 395"))
                #expect(second.stories == stories.count + (401...410).count { $0 % 3 != 0 && $0 % 10 != 1 } - 2)
                #expect(try readText(output + "/index.html").contains("7 points"))

                // Nothing new, nothing changed: the stamp stops the build.
                let third = try await Build.run(request)
                #expect(third.unchanged, "\(third.summary)")

                // Read seven stories at a time, the store builds the very site it builds in one window.
                var offline = Self.settings()
                offline.offline = true
                var windows = [7, 65_536].map { size in
                    var source = HNArchiveSource(
                        base: server.base + "/v0", store: folder.path("hn.sqlite"), settings: offline,
                        now: { HNWorld.time(410) })
                    source.windowStories = size
                    return BuildRequest(source: source, output: folder.path("out-\(size)"))
                }
                windows[0].spillRowsFrom = 100
                for request in windows { _ = try await Build.run(request) }
                try StreamedBuildTests.sameFiles(windows[0].output, windows[1].output)
            }
        }
    }
}
