import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenConfig
@testable import SitegenModel

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
        #expect(settings.options.pageSize == defaults[.pageSize] && settings.output == defaults[.output])
        #expect(settings.remote.fetch.concurrency == defaults[.concurrency] && settings.port == defaults[.port])
        #expect(settings.remote.fetch.timeout == defaults[.timeout] && settings.remote.fetch.cacheTTL == defaults[.cacheTTL])
        // Fetching and deploying are two settings, not one.
        #expect(defaults[.concurrency] == 32 && defaults[.deployConcurrency] == 16)
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

    /// A key declared once, in a table with one more entry than sitegen's: each reader and
    /// writer of settings given that table takes it, with nothing else written for it.
    @Test("a key added to the table is a flag, a --help line, a sitegen.toml key, in sitegen init's file and the guide's page")
    func addedKey() throws {
        let added = ConfigKey.string(
            "colour_scheme", default: .value(.string("dusk")), help: "The theme's colours.", valueName: "name"
        ) { ["dusk", "dawn"].contains($0) ? nil : "must be dusk or dawn (got \($0))" }
        let keys = SiteConfig.keys + [added]
        let scheme = SettingKey<String>("colour_scheme")
        // A flag of build and serve, checked by its own rule.
        #expect(try SiteConfig(flags: ["--colour-scheme", "dawn"], command: .serve, keys: keys)[scheme] == "dawn")
        #expect(throws: FlagError.self) { try SiteConfig(flags: ["--colour-scheme", "dawn"], command: .build) }
        #expect(throws: ConfigError.invalidOption(name: "colour-scheme", reason: "must be dusk or dawn (got noon)")) {
            try SiteConfig(flags: ["--colour-scheme=noon"], command: .build, keys: keys).check(keys: keys)
        }
        // --help.
        let help = SiteConfig.flagsHelp(for: .build, keys: keys)
        #expect(help.contains("--colour-scheme <name>") && help.contains("The theme's colours. Default: dusk."))
        // sitegen.toml, with its line for errors.
        let file = try SiteConfig(toml: "title = \"t\"\ncolour_scheme = \"noon\"\n", path: "s.toml", keys: keys)
        #expect(file[scheme] == "noon")
        #expect(
            throws: ConfigError.config(
                path: "s.toml", line: 2, column: nil, reason: "colour_scheme: must be dusk or dawn (got noon)")
        ) {
            try file.check(keys: keys)
        }
        // sitegen init's file names it at its default, and reads back.
        let scaffold = SiteScaffold.config(title: "t", keys: keys)
        #expect(scaffold.contains("# The theme's colours. Default: dusk.\n# colour_scheme = \"dusk\"\n"))
        // The guide's page of every setting.
        #expect(
            SiteConfig.reference(keys: keys).contains(
                "| `colour_scheme` | `--colour-scheme <name>` | `dusk` | build, serve | The theme's colours. |"))
    }

    @Test("sitegen init's sitegen.toml names every key, and its commented values are the defaults")
    func scaffoldFile() throws {
        let text = SiteScaffold.config(title: "My \"site\"")
        let set = try SiteConfig(toml: text, path: "sitegen.toml")
        #expect(set[.title] == "My \"site\"" && set[.source] == "content" && set[.output] == "Public")
        // Every commented key with a value, uncommented, reads back as the table's default.
        let uncommented = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("# "), let equals = line.firstIndex(of: "="), !line.contains("<") else { return nil }
            let key = line.dropFirst(2)[..<equals].trimmingCharacters(in: .whitespaces)
            return SiteConfig.keys.contains { $0.name == key } ? String(line.dropFirst(2)) : nil
        }
        let defaults = try SiteConfig(toml: uncommented.joined(separator: "\n"), path: "defaults.toml")
        for key in SiteConfig.keys where !["title", "source", "output"].contains(key.name) {
            #expect(text.contains("# \(key.name) = ") || text.contains("# [\(key.name)]"), "init's file lacks \(key.name)")
            if let value = key.defaultConfigValue { #expect(defaults.values[key.name] == value, "\(key.name)") }
        }
    }

    @Test("the guide's page of every setting is what sitegen settings prints from the table")
    func referencePage() throws {
        let page = try readText(SitegenExecutable.packageRoot.appendingPathComponent("docs/guides/settings.md").path)
        #expect(page == SiteConfig.reference(), "run: swift run sitegen settings > docs/guides/settings.md")
    }
}
