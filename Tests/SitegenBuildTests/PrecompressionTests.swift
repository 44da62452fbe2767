import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenSource
@testable import SitegenWrite

/// Precompressed siblings: each text file's `.gz` and `.br` decompress to its very bytes
/// (checked with Node's zlib, a decoder independent of the encoders under test).
@Suite("Precompressed siblings")
struct PrecompressionTests {
    /// Decompresses files with Node: `gunzipSync` for .gz, `brotliDecompressSync` for .br; prints
    /// one hex SHA-256 per file, in order.
    static func decompressedDigests(_ files: [String], in folder: URL) async throws -> [String] {
        let script = """
            const z = require('zlib'), fs = require('fs'), c = require('crypto');
            for (const f of process.argv.slice(1)) {
              const b = fs.readFileSync(f);
              const d = f.endsWith('.gz') ? z.gunzipSync(b) : f.endsWith('.br') ? z.brotliDecompressSync(b) : b;
              console.log(c.createHash('sha256').update(d).digest('hex'));
            }
            """
        let result = try await SitegenExecutable.run(URL(fileURLWithPath: "/usr/bin/node"), ["-e", script] + files, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("every HTML, JSON, CSS and JS file has .gz and .br siblings that decompress to its bytes")
    func siblingsDecompressToTheFile() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            _ = try await Build.run(
                BuildRequest(source: SampleSource(count: 200), output: output, options: SiteOptions(precompress: true)))
            let files = filesUnder(output)
            let texts = files.filter { Precompression.applies(to: $0) }
            #expect(
                texts.contains("index.html") && texts.contains { $0.hasPrefix("s/") } && texts.contains { $0.hasSuffix(".js") })
            var checked: [String] = []
            for file in texts
            where file.hasPrefix("s/") || file.hasPrefix("assets/") || file.hasPrefix("m/") || file.hasSuffix("index.html") {
                #expect(files.contains(file + ".gz"), "\(file).gz")
                #expect(files.contains(file + ".br"), "\(file).br")
                checked += [file, file + ".gz", file + ".br"].map { output + "/" + $0 }
            }
            let digests = try await Self.decompressedDigests(checked, in: folder.url)
            #expect(digests.count == checked.count)
            for i in stride(from: 0, to: digests.count - 2, by: 3) {
                #expect(digests[i] == digests[i + 1] && digests[i] == digests[i + 2], "\(checked[i])")
            }
            #expect(!files.contains { $0.hasSuffix(".txt.gz") || $0.hasSuffix(".gz.gz") }, "only text kinds get siblings")
        }
    }

    @Test("siblings are deterministic, smaller than their file, and left out when they would not be")
    func siblingRules() {
        let text = Array(String(repeating: "<article class=row>hello</article>\n", count: 200).utf8)
        let siblings = Precompression.siblings(of: text)
        #expect(siblings.map(\.suffix) == [".gz", ".br"])
        #expect(siblings.allSatisfy { $0.bytes.count < text.count / 10 })
        #expect(Precompression.siblings(of: text).map(\.bytes) == siblings.map(\.bytes))
        #expect(Precompression.siblings(of: Array("{}".utf8)).isEmpty, "two bytes do not shrink")
        // gzip's header carries no time: bytes 4…7 (MTIME) are zero.
        #expect(Array(siblings[0].bytes[4..<8]) == [0, 0, 0, 0])
    }

    @Test("without --precompress no sibling is written, and turning it on adds them to files that did not change")
    func switchedOff() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            _ = try await Build.run(
                BuildRequest(source: SampleSource(count: 50), output: output, options: SiteOptions(precompress: false)))
            #expect(!filesUnder(output).contains { isSibling($0) })
            let report = try await Build.run(
                BuildRequest(source: SampleSource(count: 50), output: output, options: SiteOptions(precompress: true)))
            #expect(report.filesWritten == 0)
            let files = filesUnder(output)
            #expect(files.contains("index.html.gz") && files.contains("index.html.br"))
        }
    }
}
