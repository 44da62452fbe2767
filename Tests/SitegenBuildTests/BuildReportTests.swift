import SitegenConfig
import SitegenRender
import SitegenWrite
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenSource

@Suite("BuildReport and the errors' wording")
struct BuildReportTests {
    func report(stories: Int = 300, pages: Int = 10, shards: Int = 9, itemPages: Int = 31, skipped: [Skip] = []) -> BuildReport {
        BuildReport(
            sourceName: "src", output: "Public", stories: stories, pages: pages, shards: shards, manifestParts: 1,
            itemPages: itemPages, skipped: skipped)
    }

    @Test("the summary counts stories, pages, shards and item pages, in the singular where it is one")
    func summary() {
        #expect(report().summary == "300 stories from src → 10 pages, 9 shards, 31 item pages in Public. Skipped none.")
        #expect(
            report(stories: 1, pages: 1, shards: 1, itemPages: 1).summary
                == "1 story from src → 1 page, 1 shard, 1 item page in Public. Skipped none.")
    }

    @Test("skips are grouped by reason in a fixed order; malformed and no-id ones are named, three at most")
    func skippedGroups() {
        let skipped = [
            Skip(reason: .dead, location: "a", id: 1), Skip(reason: .null, location: "b"),
            Skip(reason: .malformed, location: "f line 3"), Skip(reason: .malformed, location: "f line 9"),
            Skip(reason: .dead, location: "c", id: 2), Skip(reason: .noID, location: "f line 12"),
        ]
        #expect(
            report(skipped: skipped).summary.hasSuffix(
                "Skipped 6: 1 null, 2 malformed (f line 3, f line 9), 1 no id (f line 12), 2 dead."))
        let many = (1...5).map { Skip(reason: .malformed, location: "line \($0)") }
        #expect(report(skipped: many).summary.hasSuffix("Skipped 5: 5 malformed (line 1, line 2, line 3, +2 more)."))
    }

    @Test("every error reads as one line naming where")
    func errorDescriptions() {
        #expect(SourceError.unreadable(path: "p", reason: "gone").description == "p: cannot read: gone")
        #expect(
            SourceError.invalidJSON(path: "p", line: 3, column: 10, reason: "bad").description == "p:3:10: invalid JSON: bad")
        #expect(SourceError.invalidJSON(path: "p", line: nil, column: nil, reason: "bad").description == "p: invalid JSON: bad")
        #expect(SourceError.invalidField(path: "p", field: "[2]", reason: "r").description == "p: field '[2]': r")
        #expect(ThemeError.template(path: "t", line: 2, column: 5, reason: "r").description == "t:2:5: template error: r")
        #expect(ConfigError.invalidOption(name: "page-size", reason: "r").description == "--page-size: r")
        #expect(ConfigError.config(path: "c.toml", line: 3, column: nil, reason: "r").description == "c.toml:3: r")
        #expect(WriteError.writeFailed(path: "o", reason: "r").description.hasPrefix("o: cannot write: r"))
        let all: [any Error & CustomStringConvertible] = [
            SourceError.unreadable(path: "p", reason: "r"), SourceError.invalidJSON(path: "p", line: 1, column: 1, reason: "r"),
            SourceError.invalidField(path: "p", field: "f", reason: "r"), SourceError.fetchFailed(url: "u", reason: "r"),
            SourceError.sitePage(path: "p", line: 2, reason: "r"),
            ThemeError.template(path: "p", line: 1, column: 1, reason: "r"),
            ConfigError.invalidOption(name: "n", reason: "r"), WriteError.writeFailed(path: "p", reason: "r"),
            WriteError.outputLocked(path: "p"),
            FlagError.unknown(flag: "x", command: .build, likely: nil), BuildError.strict(["a"]),
        ]
        for error in all { #expect(!error.description.contains("\n")) }
    }
}
