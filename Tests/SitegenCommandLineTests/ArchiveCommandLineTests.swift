import Foundation
import SitegenTestSupport
import Testing

/// `sitegen build --list all`, the real binary against an HN-shaped server on 127.0.0.1, killed
/// with SIGKILL while it fetches: the store survives every kill, the next build resumes where
/// the last stopped, and nothing the store held is asked for again.
@Suite("sitegen build --list all, killed and resumed")
struct ArchiveCommandLineTests {
    static let items = 3_000
    static let concurrency = 8

    /// `sitegen build` started, and killed with SIGKILL once `ready()` says so; false when it
    /// ended first.
    static func buildKilled(_ exe: URL, _ arguments: [String], in folder: URL, when ready: () -> Bool) async throws -> Bool {
        let process = Process()
        process.executableURL = exe
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning && !ready() { try await Task.sleep(for: .milliseconds(2)) }
        let running = process.isRunning
        if running { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return running
    }

    @Test("killed at six moments of a fetch, the archive loses nothing it stored and the last build completes it")
    func killedAndResumed() async throws {
        let exe = try CommandLineTests.sitegen()
        let world = HNWorld(through: Self.items)
        try await withTemporaryFolder { folder in
            try await LoopbackServer.with(world.route(delay: .milliseconds(2))) { server in
                let arguments = [
                    "build", "--source", server.base + "/v0", "--list", "all", "--backfill", String(Self.items),
                    "--store", folder.path("hn.sqlite"), "--output", folder.path("site"), "--concurrency",
                    String(Self.concurrency), "--quiet",
                ]
                // Killed at six moments of the fetch: when the server has answered a random
                // number of items more (up to 450) since the kill before, whatever the machine's speed.
                var generator = SystemRandomNumberGenerator()
                var kills = 0
                for _ in 0..<6 {
                    let at = server.totalAsks + Int.random(in: 50...450, using: &generator)
                    if try await Self.buildKilled(exe, arguments, in: folder.url, when: { server.totalAsks >= at }) { kills += 1 }
                }
                #expect(kills >= 5, "the fetch ended before most kills: make it longer")
                let asksBefore = server.totalAsks
                let last = try await SitegenExecutable.run(exe, arguments, in: folder.url)
                #expect(last.status == 0, "stderr: \(last.stderr)")
                let stories = (1...Self.items).count { $0 % 3 != 0 && $0 % 10 != 1 }
                #expect(last.stdout.hasPrefix("\(stories) stories from \(server.base)/v0 (all, kept in "), "\(last.stdout)")
                // Each kill loses at most the batch in flight (100 items) and the requests open:
                // everything stored before it was not asked for again.
                let asked = (1...Self.items).map { server.asks("/v0/item/\($0).json") }
                #expect(asked.allSatisfy { $0 >= 1 })
                let again = asked.count { $0 > 1 }
                #expect(again <= kills * (100 + Self.concurrency), "\(again) items asked for more than once")
                // The final build had most of it already.
                #expect(server.totalAsks - asksBefore < Self.items)
            }
        }
    }
}
