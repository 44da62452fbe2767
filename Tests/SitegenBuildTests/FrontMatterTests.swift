import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenConfig
@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource

@Suite("FrontMatter and its dates")
struct FrontMatterTests {
    @Test("a YAML alias bomb and deep nesting are refused fast, with the key's line and why")
    func bounded() {
        var lines = ["---", "title: bomb", "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ",") + "]")
            previous = name
        }
        // Nine lines stand for 387,420,489 values: the budget stops it at its key, line 5 or so.
        #expect(throws: FrontMatter.Error.self) { try FrontMatter.parse((lines + ["---", "body"]).joined(separator: "\n")) }
        do {
            _ = try FrontMatter.parse((lines + ["---", "body"]).joined(separator: "\n"))
        } catch {
            #expect(error.reason.contains("more than 10000 values") && (4...11).contains(error.line), "\(error)")
        }
        let deep =
            "---\ntitle: deep\nx: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n---\n"
        #expect(throws: FrontMatter.Error.self) { try FrontMatter.parse(deep) }
        // Real front matter, lists and maps in it, is far inside the bounds.
        let nested =
            "---\nparams:\n  a: [1, [2, [3, {b: c}]]]\ntags: [" + (0..<500).map { "t\($0)" }.joined(separator: ", ") + "]\n---\n"
        #expect((try? FrontMatter.parse(nested))?.texts("tags").count == 500)
    }

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

    @Test("the body after a block: as written when it has no CR; CRLF and a line's last CR as LF; its line counted")
    func bodyAfterBlock() throws {
        let plain = try FrontMatter.parse("---\ntitle: x\n---\n# Head\n\ntext\n")
        #expect(plain.body == "# Head\n\ntext\n" && plain.bodyLine == 4)
        let crlf = try FrontMatter.parse("+++\r\ntitle = \"x\"\r\n+++\r\none\r\ntwo\rstill two\r\r\nthree\r")
        #expect(crlf["title"] == "x")
        #expect(crlf.body == "one\ntwo\rstill two\nthree" && crlf.bodyLine == 4)
        // A block closed on the file's last line leaves an empty body.
        #expect(try FrontMatter.parse("---\ntitle: x\n---").body == "")
    }

    @Test("no opening --- means no front matter: all of it is the body")
    func none() throws {
        let matter = try FrontMatter.parse("# Just Markdown\n---\n")
        #expect(matter.fields.isEmpty)
        #expect(matter.body == "# Just Markdown\n---\n")
    }

    @Test(
        "malformed front matter names its line in the file",
        arguments: [
            ("---\ntitle: a\nno colon here\n---\n", 3, "invalid YAML"),
            ("---\ntitle: a\n  nested: b\n---\n", 3, "invalid YAML"),
            ("---\ntitle: a\ntitle: b\n---\n", 2, "given twice"),
            ("---\n- a\n- b\n---\n", 2, "'key: value' lines"),
            ("---\ntitle: a\n", 1, "never closed"),
            ("+++\ntitle = 'a'\ntitle = 'b'\n+++\n", 3, "invalid TOML"),
            ("+++\ntitle = \n+++\n", 2, "invalid TOML"),
            ("{\"title\": a}\nbody", 1, "invalid JSON"),
            ("{\"title\": \"a\"\nbody", 1, "never closed"),
        ])
    func malformed(text: String, line: Int, reason: String) {
        #expect {
            try FrontMatter.parse(text)
        } throws: { error in
            guard let error = error as? FrontMatter.Error else { return false }
            return error.line == line && error.reason.contains(reason)
        }
    }

    @Test("YAML as Jekyll and Hugo write it: lists, maps, block lists, anchors, comments")
    func yaml() throws {
        let text = """
            ---
            layout: news_item
            title: "Jekyll 4.4.1 Released"
            date: 2025-01-29 18:15:32 +0530
            author: [ada, grace]
            categories: release
            tags: jekyll ruby
            filters_linked_to:
              - jsonify
              - where_exp
            params:
              toc: true
            draft: no
            empty:
            ---
            Body
            """
        let matter = try FrontMatter.parse(text)
        #expect(matter.format == .yaml)
        #expect(matter["title"] == "Jekyll 4.4.1 Released")
        #expect(matter["date"] == "2025-01-29 18:15:32 +0530")
        #expect(matter["author"] == "ada")
        #expect(matter.texts("tags") == ["jekyll", "ruby"])
        #expect(matter.texts("filters_linked_to") == ["jsonify", "where_exp"])
        #expect(matter.fields["params"]?.value == .map(["toc": .text("true")]))
        #expect(matter.flag("draft") == false)
        #expect(matter["empty"] == nil && matter.fields["empty"]?.value == .null)
        #expect(matter.fields["filters_linked_to"]?.line == 8)
        #expect(matter.body == "Body")
    }

    @Test("TOML between +++ lines, its dates written back as text; JSON at the top")
    func tomlAndJSON() throws {
        let toml = try FrontMatter.parse(
            "+++\ntitle = 'Hugo'\ndate = 2025-01-29T18:15:32+05:30\ndraft = true\ntags = ['a', 'b']\nweight = 3\n+++\nbody\n")
        #expect(toml.format == .toml)
        #expect(toml["title"] == "Hugo")
        #expect(toml["date"] == "2025-01-29T18:15:32+05:30")
        #expect(FrontMatterDate.unixSeconds(toml["date"]!) == FrontMatterDate.unixSeconds("2025-01-29T12:45:32Z"))
        #expect(toml.flag("draft") == true)
        #expect(toml.texts("tags") == ["a", "b"])
        #expect(toml["weight"] == "3")
        #expect(toml.fields["weight"]?.line == 6)
        #expect(toml.body == "body\n")
        let json = try FrontMatter.parse("{\n  \"title\": \"J\",\n  \"draft\": false,\n  \"tags\": [\"x\"]\n}\nbody")
        #expect(json.format == .json)
        #expect(json["title"] == "J")
        #expect(json.flag("draft") == false)
        #expect(json.texts("tags") == ["x"])
        #expect(json.fields["tags"]?.line == 4)
        #expect(json.body == "body")
    }

    @Test("a body that opens with Liquid or a shortcode is a body, not JSON front matter")
    func notJSON() throws {
        for text in ["{% raw %}\n{{ x }}\n{% endraw %}\n", "{{< figure src=\"a.png\" >}}\n", "{ not json"] {
            let matter = try FrontMatter.parse(text)
            #expect(matter.format == .none && matter.body == text)
        }
        #expect(try FrontMatter.parse("{}\nbody").format == .json)
    }

    @Test("yes and no in YAML's spellings")
    func flags() throws {
        for (word, value) in [("true", true), ("yes", true), ("True", true), ("on", true), ("false", false), ("No", false)] {
            #expect(try FrontMatter.parse("---\ndraft: \(word)\n---\n").flag("draft") == value, "\(word)")
        }
        #expect(try FrontMatter.parse("---\ndraft: maybe\n---\n").flag("draft") == nil)
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
        // As Jekyll, Hugo and Eleventy write them.
        let jekyll = 1_738_154_732  // 2025-01-29 12:45:32 UTC
        #expect(FrontMatterDate.unixSeconds("2025-01-29 18:15:32 +0530") == jekyll)
        #expect(FrontMatterDate.unixSeconds("2025-01-29T18:15:32+05:30") == jekyll)
        #expect(FrontMatterDate.unixSeconds("2025-01-29T18:15:32+0530") == jekyll)
        #expect(FrontMatterDate.unixSeconds("2025-01-29T12:45:32.250Z") == jekyll)
        #expect(FrontMatterDate.unixSeconds("2025-01-29 13:45:32 +01") == jekyll)
        #expect(FrontMatterDate.unixSeconds("2025-01-29 07:45:32 -05:00") == jekyll)
        for bad in [
            "", "yesterday", "2025-01-29 18:15:32 +5", "2025-01-29T18:15:32.Z", "2025-01-29 18:15:32 +05:30x", "2026-13-01",
            "2023-02-29", "2026-11-20T25:00", "2026-11-20Zx", "2026-11-20T10:00Zjunk", "-5",
        ] {
            #expect(FrontMatterDate.unixSeconds(bad) == nil, "\(bad)")
        }
    }

    @Test("any instant, written in each style these tools use, reads back as itself", arguments: 0..<4)
    func datesRoundTrip(batch: UInt64) {
        var random = TestRandom(seed: 0xDA7E + batch)
        for _ in 0..<500 {
            let instant = random.int(in: 86_400...4_102_444_799)  // 1970 to 2099
            let offset = random.int(in: -12...14) * 3600 + [0, 1800, 2700][random.int(in: 0...2)]
            let local = instant + offset
            // DateText's days-to-civil, the inverse of the days-from-civil under test.
            let (year, month, day, _, _, _) = DateText.civil(local)
            let seconds = local % 86_400
            let date = "\(year)-\(Self.two(month))-\(Self.two(day))"
            let time = "\(Self.two(seconds / 3600)):\(Self.two(seconds / 60 % 60)):\(Self.two(seconds % 60))"
            let sign = offset < 0 ? "-" : "+"
            let zone = (Self.two(abs(offset) / 3600), Self.two(abs(offset) / 60 % 60))
            for text in [
                "\(date) \(time) \(sign)\(zone.0)\(zone.1)", "\(date)T\(time)\(sign)\(zone.0):\(zone.1)",
                "\(date)T\(time).5\(sign)\(zone.0)\(zone.1)",
            ] {
                #expect(FrontMatterDate.unixSeconds(text) == instant, "\(text)")
            }
        }
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

}

@Suite("the site's time zone")
struct SiteTimeZoneTests {
    @Test("a date without a zone is in the site's zone, summer time included; a date with one keeps it")
    func zoneless() throws {
        let berlin = try #require(SiteTimeZone(identifier: "Europe/Berlin"))
        func read(_ text: String) -> Int? { FrontMatterDate.unixSeconds(text, offsetOfLocal: berlin.offset(ofLocal:)) }
        #expect(read("2025-07-01 12:00") == FrontMatterDate.unixSeconds("2025-07-01T10:00:00Z"))
        #expect(read("2025-01-01 12:00") == FrontMatterDate.unixSeconds("2025-01-01T11:00:00Z"))
        #expect(read("2025-01-01") == FrontMatterDate.unixSeconds("2024-12-31T23:00:00Z"))
        #expect(read("2025-07-01T12:00:00+05:30") == FrontMatterDate.unixSeconds("2025-07-01T06:30:00Z"))
        #expect(SiteTimeZone(identifier: "Mars/Olympus_Mons") == nil)
        #expect(SiteTimeZone.utc.offset(ofLocal: 1_700_000_000) == 0)
    }

    @Test("timezone in sitegen.toml: a name the system does not know is refused at its line")
    func configured() throws {
        let config = try SiteConfig(toml: "title = 'x'\ntimezone = 'Mars/Olympus_Mons'\n", path: "s.toml")
        #expect(
            throws: ConfigError.config(
                path: "s.toml", line: 2, column: nil,
                reason: "timezone: must be a time zone name such as Europe/Berlin (got Mars/Olympus_Mons)")
        ) {
            try BuildSettings.resolve(flags: SiteConfig(), config: config)
        }
        let berlin = try SiteConfig(toml: "timezone = 'Europe/Berlin'\n", path: "s.toml")
        #expect(try BuildSettings.resolve(flags: SiteConfig(), config: berlin).zone.identifier == "Europe/Berlin")
    }
}

@Suite("front matter readers, property")
struct FrontMatterPropertyTests {
    /// Texts with what trips hand-written readers: colons, quotes, backslashes, #, brackets,
    /// leading spaces, non-ASCII.
    static let alphabet = Array("ab Zé:#\"\\'[]{},-—✓ 12")

    static func text(_ random: inout TestRandom) -> String {
        String((0..<random.int(in: 1...12)).map { _ in alphabet[random.int(in: 0...(alphabet.count - 1))] })
    }

    /// A double-quoted string, valid as such in YAML, TOML and JSON alike.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    @Test("any keys and texts, written as YAML, TOML or JSON front matter, read back as written", arguments: 0..<4)
    func roundTrip(batch: UInt64) throws {
        var random = TestRandom(seed: 0xF417 + batch)
        for _ in 0..<150 {
            var fields: [(String, [String], Bool)] = []  // key, texts, written as a list
            for k in 0..<random.int(in: 1...6) {
                let list = random.int(in: 0...2) == 0
                fields.append(("key_\(k)", (0..<(list ? random.int(in: 0...3) : 1)).map { _ in Self.text(&random) }, list))
            }
            func value(_ field: (String, [String], Bool)) -> String {
                field.2 ? "[" + field.1.map(Self.quoted).joined(separator: ", ") + "]" : Self.quoted(field.1[0])
            }
            let body = "Body: " + Self.text(&random)
            let yaml = "---\n" + fields.map { "\($0.0): \(value($0))" }.joined(separator: "\n") + "\n---\n" + body
            let toml = "+++\n" + fields.map { "\($0.0) = \(value($0))" }.joined(separator: "\n") + "\n+++\n" + body
            let json = "{\n" + fields.map { "\"\($0.0)\": \(value($0))" }.joined(separator: ",\n") + "\n}\n" + body
            for document in [yaml, toml, json] {
                let matter = try FrontMatter.parse(document)
                for (index, field) in fields.enumerated() {
                    let expected: MetaValue = field.2 ? .list(field.1.map { .text($0) }) : .text(field.1[0])
                    #expect(matter.fields[field.0]?.value == expected, "\(document.debugDescription)")
                    #expect(matter.fields[field.0]?.line == index + 2, "\(document.debugDescription)")
                }
                #expect(matter.body == body)
            }
        }
    }
}
