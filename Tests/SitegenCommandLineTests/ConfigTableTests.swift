import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenConfig

/// `SiteConfig.keys` is the one table of settings: a key's name, default, range and help are
/// written there once, and `--help`, `sitegen.toml`, the defaults a build takes and the
/// guide's tables (docs/guides/guide.md, docs/guides/fetching.md) follow it.
@Suite("The table of settings")
struct ConfigTableTests {
    /// The guide's pages: where the flags and keys are written for users.
    static func guide() throws -> String {
        try ["docs/guides/guide.md", "docs/guides/fetching.md"].map {
            try readText(SitegenExecutable.packageRoot.appendingPathComponent($0).path)
        }.joined(separator: "\n")
    }

    /// The guide's flag tables: each row's flags (`--items-key`, `--total-key`) and its defaults,
    /// as the row writes them, backticks dropped.
    static func readmeRows() throws -> [(flag: String, defaultText: String)] {
        let readme = try guide()
        var rows: [(String, String)] = []
        for line in readme.split(separator: "\n") where line.hasPrefix("| `--") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let flags = cells[1].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            }
            let defaults = cells[2].replacingOccurrences(of: "`", with: "")
            let split =
                flags.count > 1 ? defaults.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [defaults]
            for (flag, value) in zip(flags, split) { rows.append((String(flag.dropFirst(2)), value)) }
        }
        return rows
    }

    @Test("the guide's flag tables give each build flag with its key's default, and name every key")
    func readme() throws {
        let rows = try Self.readmeRows()
        let byFlag = Dictionary(rows.map { ($0.flag, $0.defaultText) }, uniquingKeysWith: { a, _ in a })
        for key in SiteConfig.keys where !key.isDeployOnly && key.name != "port" {
            let written = try #require(byFlag[key.flag], "the guide has no row for --\(key.flag)")
            #expect(
                written == (key.defaultText ?? ""),
                "--\(key.flag): the guide says \(written), the table \(key.defaultText ?? "none")")
        }
        let guide = try Self.guide()
        for key in SiteConfig.keys { #expect(guide.contains("`\(key.name)`"), "the guide's sitegen.toml keys lack \(key.name)") }
    }

    @Test("the defaults a build takes are the table's, and --help shows each key's help and default")
    func defaults() async throws {
        let settings = try BuildSettings.resolve(flags: SiteConfig(), exists: { _ in false })
        let defaults = SiteConfig.defaults
        #expect(settings.options.pageSize == defaults.pageSize && settings.output == defaults.output)
        #expect(settings.remote.fetch.concurrency == defaults.concurrency && settings.port == defaults.port)
        #expect(settings.remote.fetch.timeout == defaults.timeout && settings.remote.fetch.cacheTTL == defaults.cacheTTL)
        // Fetching and deploying are two settings, not one.
        #expect(defaults.concurrency == 32 && defaults.deployConcurrency == 16)
        // Every key with a value default has it; every default that is words has none.
        for key in SiteConfig.keys {
            #expect(key.help.hasSuffix(".") || key.help.hasSuffix(")"), "\(key.name): \(key.help)")
            #expect(key.helpText.contains(key.help))
            if let text = key.defaultText { #expect(key.helpText.hasSuffix("Default: \(text).")) }
        }
        // --help is the table's: each flag's help and default, as written there.
        let flat = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let exe = try CommandLineTests.sitegen()
        for (command, keys) in [
            ("build", SiteConfig.keys.filter { !$0.isDeployOnly && $0.name != "port" }),
            ("deploy", SiteConfig.keys.filter { $0.isDeployOnly }),
        ] {
            let help = flat(try await SitegenExecutable.run(exe, [command, "--help"], in: SitegenExecutable.packageRoot).stdout)
            for key in keys { #expect(help.contains(flat(key.helpText)), "\(command) --help lacks \(key.name)'s") }
        }
    }
}
