import Foundation
import SitegenTestSupport
import Testing

/// The deploy flags as a user types them: `--keep-generations`, `--precompress`.
@Suite("sitegen command line: deploy flags")
struct DeployCommandLineTests {
    @Test("--keep-generations below 0 is refused, naming the flag")
    func negativeKeep() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            let result = try await SitegenExecutable.run(exe, ["build", "--keep-generations=-1"], in: folder.url)
            #expect(result.status != 0)
            #expect(result.stderr.contains("error: --keep-generations: must be at least 0 (got -1)"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("Public")))
        }
    }

    @Test("--keep-generations 0 keeps only the current build; siblings only with --precompress")
    func flagsReachTheBuild() async throws {
        let exe = try CommandLineTests.sitegen()
        try await withTemporaryFolder { folder in
            // Two different lists, so two different builds; with the default, both would stay.
            for (count, keep) in [("50", "0"), ("60", "0"), ("70", "3")] {
                _ = try await SitegenExecutable.run(exe, ["generate", "--count", count, "--output", "s.json"], in: folder.url)
                let result = try await SitegenExecutable.run(
                    exe, ["build", "--source", "s.json", "--keep-generations", keep], in: folder.url)
                #expect(result.status == 0, "\(result.stderr)")
                let builds = try FileManager.default.contentsOfDirectory(atPath: folder.path("Public/m"))
                #expect(builds.count == (keep == "0" ? 2 : 3) && builds.contains("builds.txt"), "\(builds)")
            }
            #expect(!filesUnder(folder.path("Public")).contains { isSibling($0) })
            let result = try await SitegenExecutable.run(exe, ["build", "--source", "s.json", "--precompress"], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            let files = filesUnder(folder.path("Public"))
            #expect(files.contains("index.html.gz") && files.contains("index.html.br"))
        }
    }
}
