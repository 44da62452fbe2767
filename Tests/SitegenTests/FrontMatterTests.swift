import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource
@testable import SitegenSystem
@testable import SitegenWrite

@Suite("FrontMatter and its dates")
struct FrontMatterTests {
    @Test("key: value lines, quotes, comments and blank lines; the rest is the body")
    func parses() throws {
        let text = "---\ntitle: \"Hello: \\\"you\\\"\"\n# a comment\n\nauthor:  ada \nscore: '12'\n---\nBody *here*\n"
        let matter = try FrontMatter.parse(text)
        #expect(matter["title"] == "Hello: \"you\"")
        #expect(matter["author"] == "ada")
        #expect(matter["score"] == "12")
        #expect(matter.fields["score"]?.line == 6)
        #expect(matter.body == "Body *here*\n")
    }

    @Test("CRLF line endings and a byte order mark read the same")
    func crlf() throws {
        let matter = try FrontMatter.parse("\u{FEFF}---\r\ntitle: x\r\n---\r\nbody")
        #expect(matter["title"] == "x")
        #expect(matter.body == "body")
    }

    @Test("no opening --- means no front matter: all of it is the body")
    func none() throws {
        let matter = try FrontMatter.parse("# Just Markdown\n---\n")
        #expect(matter.fields.isEmpty)
        #expect(matter.body == "# Just Markdown\n---\n")
    }

    @Test(
        "malformed front matter names its line",
        arguments: [
            ("---\ntitle: a\nno colon here\n---\n", 3, "expected 'key: value'"),
            ("---\ntitle: a\n  nested: b\n---\n", 3, "is not a key"),
            ("---\ntitle: a\ntitle: b\n---\n", 3, "given twice"),
            ("---\ntitle: \"open\n---\n", 2, "not closed"),
            ("---\ntitle: a\n", 1, "never closed"),
        ])
    func malformed(text: String, line: Int, reason: String) {
        #expect {
            try FrontMatter.parse(text)
        } throws: { error in
            guard let error = error as? FrontMatter.Error else { return false }
            return error.line == line && error.reason.contains(reason)
        }
    }

    @Test("dates: day, minutes, seconds, Z and offsets, Unix seconds; anything else is nil")
    func dates() {
        #expect(FrontMatterDate.unixSeconds("1970-01-01") == 0)
        #expect(FrontMatterDate.unixSeconds("2026-11-20") == 1_795_132_800)
        #expect(FrontMatterDate.unixSeconds("2026-11-20 14:05") == 1_795_132_800 + 14 * 3600 + 5 * 60)
        #expect(FrontMatterDate.unixSeconds("2026-11-20T14:05:09Z") == 1_795_132_800 + 14 * 3600 + 5 * 60 + 9)
        #expect(FrontMatterDate.unixSeconds("2026-11-20T14:05+02:00") == 1_795_132_800 + 12 * 3600 + 5 * 60)
        #expect(FrontMatterDate.unixSeconds("2024-02-29") == 1_709_164_800)
        #expect(FrontMatterDate.unixSeconds("1700000000") == 1_700_000_000)
        for bad in [
            "", "yesterday", "2026-13-01", "2023-02-29", "2026-11-20T25:00", "2026-11-20Zx", "2026-11-20T10:00Zjunk", "-5",
        ] {
            #expect(FrontMatterDate.unixSeconds(bad) == nil, "\(bad)")
        }
    }
}
