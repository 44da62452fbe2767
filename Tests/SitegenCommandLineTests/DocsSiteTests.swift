import Foundation
import SitegenTestSupport
import Testing

/// The project's own documentation is a sitegen site (`docs/sitegen.toml`): the real binary
/// builds it with every link and fragment alive.
@Suite("the docs are a sitegen site")
struct DocsSiteTests {
    @Test("sitegen build --config docs/sitegen.toml: every doc a page, in its weight's order, in sections, no dead link")
    func docsBuild() async throws {
        let exe = try CommandLineTests.sitegen()
        let root = SitegenExecutable.packageRoot
        // The docs are two sections, each a folder with its own page (`_index.md`).
        let docs = try ["guides", "internals"].flatMap { section in
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs/" + section).path)
                .filter { $0.hasSuffix(".md") }
        }
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(
                exe, ["build", "--config", "docs/sitegen.toml", "--output", folder.path("site"), "--verbose"], in: root)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(!result.stdout.contains("dead link"), "\(result.stdout)")
            #expect(!result.stdout.contains("not taken"), "\(result.stdout)")
            #expect(result.stdout.contains("\(docs.count) stories from"), "\(result.stdout)")
            let front = try readText(folder.path("site/index.html"))
            let titles = HTMLScan.elements("h2", in: front).map { $0.inner.replacing(/<[^>]+>/, with: "") }
            #expect(titles.first == "Guides" && titles.last == "Performance log", "\(titles)")
            // A document page: its title once, its contents listed, its neighbours linked, its
            // section's pages beside it and its section above it.
            let format = try readText(folder.path("site/internals/format/index.html"))
            #expect(format.contains("<h1>sitegen&#39;s output format</h1>") && format.contains(#"class="toc""#))
            #expect(format.contains(#"rel="prev""#) && format.contains(#"rel="next""#))
            let section = try #require(HTMLScan.elements("nav", in: format).first { $0.inner.contains("aria-current") })
            #expect(section.inner.contains(#"<a href="/internals/">Internals</a>"#), "\(section.inner)")
            #expect(section.inner.contains(#"href="/internals/benchmarks/""#) && !section.inner.contains("/guides/"))
            #expect(format.contains(#"<li><a href="/internals/">Internals</a></li>"#), "breadcrumbs")
        }
    }
}
