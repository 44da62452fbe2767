import Foundation
import SitegenTestSupport
import Testing

/// The project's own documentation is a sitegen site (`docs/sitegen.toml`): the real binary
/// builds it with every link and fragment alive.
@Suite("the docs are a sitegen site")
struct DocsSiteTests {
    @Test("sitegen build --config docs/sitegen.toml: every doc a page, in its weight's order, no dead link")
    func docsBuild() async throws {
        let exe = try CommandLineTests.sitegen()
        let root = SitegenExecutable.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(
                exe, ["build", "--config", "docs/sitegen.toml", "--output", folder.path("site"), "--verbose"], in: root)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(!result.stdout.contains("dead link"), "\(result.stdout)")
            #expect(!result.stdout.contains("not taken"), "\(result.stdout)")
            #expect(result.stdout.contains("\(docs.count) stories from"), "\(result.stdout)")
            let front = try readText(folder.path("site/index.html"))
            let titles = HTMLScan.elements("h2", in: front).map { $0.inner.replacing(/<[^>]+>/, with: "") }
            #expect(titles.first == "Using sitegen" && titles.last == "Performance log", "\(titles)")
            // A document page: its title once, its contents listed, its neighbours linked.
            let format = try readText(folder.path("site/format/index.html"))
            #expect(format.contains("<h1>sitegen&#39;s output format</h1>") && format.contains(#"class="toc""#))
            #expect(format.contains(#"rel="prev""#) && format.contains(#"rel="next""#))
        }
    }
}
