import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenSource

/// A big list's rows are spilled to files beside the output (`BuildRequest.spillRowsFrom`):
/// every file the build writes from them (shards, list pages, search packs, item pages) is the
/// same as when they are kept in memory.
@Suite("Spilled rows")
struct SpilledRowsBuildTests {
    @Test("a build with its rows spilled writes the very bytes of one without, and leaves no spill file")
    func spilledBuildIsTheSame() async throws {
        try await withTemporaryFolder { folder in
            var kept = BuildRequest(source: SampleSource(count: 3_000), output: folder.path("kept/out"))
            kept.spillRowsFrom = .max
            var spilled = kept
            spilled.output = folder.path("spilled/out")
            spilled.spillRowsFrom = 0
            let a = try await Build.run(kept)
            let b = try await Build.run(spilled)
            #expect(a.itemPages > 100 && a.searchFiles > 10, "the build reads rows everywhere they are used")
            let files = filesUnder(kept.output)
            #expect(files == filesUnder(spilled.output))
            let differing = try files.filter {
                try readBytes(kept.output + "/" + $0) != readBytes(spilled.output + "/" + $0)
            }
            #expect(differing.isEmpty, "\(differing.prefix(5))")
            let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path("spilled"))
            #expect(!beside.contains { $0.contains("spill") }, "\(beside)")
        }
    }
}
