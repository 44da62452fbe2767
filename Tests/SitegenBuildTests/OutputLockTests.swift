import Foundation
import SitegenTestSupport
import SitegenWrite
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenSource
@testable import SitegenWrite

/// One build at a time per output, and what a killed build leaves is cleared by the next.
@Suite("The output's lock and staging")
struct OutputLockTests {
    @Test("a second build into an output being built stops at once with a clear error, and runs once the first is done")
    func secondBuildStops() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            let first = try OutputFolder(path: output)
            await #expect(throws: WriteError.outputLocked(path: output)) {
                try await Build.run(BuildRequest(source: SampleSource(count: 10), output: output))
            }
            #expect(
                WriteError.outputLocked(path: output).description
                    == "\(output): another sitegen build is writing this output; try again when it is done")
            first.discard()
            _ = try await Build.run(BuildRequest(source: SampleSource(count: 10), output: output))
            #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
        }
    }

    @Test("the command line names the locked output and exits non-zero")
    func commandLine() async throws {
        let sitegen = try #require(SitegenExecutable.url, "build the sitegen product first")
        try await withTemporaryFolder { folder in
            let held = try OutputFolder(path: folder.path("Public"))
            defer { held.discard() }
            let result = try await SitegenExecutable.run(sitegen, ["build"], in: folder.url)
            #expect(result.status != 0)
            #expect(result.stderr.contains("another sitegen build is writing this output"), "\(result.stderr)")
        }
    }

    @Test("staging folders, stamps and lists that killed builds left beside the output are removed by the next build")
    func staleStagingRemoved() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            try folder.write("half", to: ".out.staging-999999/index.html")
            try folder.write("half", to: ".out.staging-999998.old/index.html")
            try folder.write("half", to: ".out.stamp.new")
            try folder.write("half", to: ".out.changed.new")
            _ = try await Build.run(BuildRequest(source: SampleSource(count: 10), output: output))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                    ".out.changed", ".out.lock", ".out.stamp", "out",
                ])
        }
    }

    @Test("an output whose parent folders do not exist yet is made, with them")
    func missingParents() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("deploy/site/Public")
            _ = try await Build.run(BuildRequest(source: SampleSource(count: 10), output: output))
            #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
            #expect(FileManager.default.fileExists(atPath: folder.path("deploy/site/.Public.lock")))
        }
    }
}
