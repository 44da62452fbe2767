import Foundation
import SitegenModel
import SitegenRender
import SitegenTestSupport
import Testing

@testable import SitegenMarkdown

@Suite("Markdown through libcmark-gfm")
struct MarkdownTests {
    func html(_ markdown: String) -> String { Markdown.html(markdown) }

    @Test("a summary's line: its words split at any white space, joined by one space, cut at a word after the limit")
    func summaryLine() {
        // The line as splitting the whole text made it, against which the word-at-a-time one is held.
        func whole(_ text: String, _ limit: Int) -> String {
            var line = ""
            var length = 0
            for word in text.split(whereSeparator: \.isWhitespace) {
                if length + word.count > limit, !line.isEmpty { return line + "…" }
                if !line.isEmpty {
                    line += " "
                    length += 1
                }
                line += word
                length += word.count
            }
            return line
        }
        var rng = SplitMix64(seed: 12)
        let pieces = ["word", "1.88.0", "한국어", "中文", "العربية", " ", "  ", "\n", "\t", "\u{3000}", "\u{A0}", "e\u{301}", "👩‍💻"]
        for _ in 0..<2_000 {
            let text = (0..<Int(rng.next() % 40)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let limit = Int(rng.next() % 30)
            #expect(Markdown.line(of: text, limit: limit) == whole(text, limit), "\(text.debugDescription) at \(limit)")
        }
    }

    @Test("CommonMark: paragraphs, emphasis, headings, code")
    func commonMark() {
        #expect(html("Hello *world*") == "<p>Hello <em>world</em></p>\n")
        #expect(html("# Title\n\ntext") == "<h1>Title</h1>\n<p>text</p>\n")
        #expect(html("```swift\nlet a = 1 < 2\n```") == "<pre><code class=\"language-swift\">let a = 1 &lt; 2\n</code></pre>\n")
        #expect(html("") == "")
    }

    @Test("GFM extensions: table, strikethrough, autolink, tasklist")
    func extensions() {
        let table = html("| a | b |\n| --- | :-: |\n| 1 | 2 |")
        #expect(table.contains("<table>") && table.contains("<th>a</th>") && table.contains("<td align=\"center\">2</td>"))
        #expect(html("~~gone~~") == "<p><del>gone</del></p>\n")
        #expect(
            html("see https://example.com/a now")
                == "<p>see <a href=\"https://example.com/a\">https://example.com/a</a> now</p>\n")
        let tasks = html("- [x] done\n- [ ] todo")
        #expect(tasks.contains("checked=\"\"") && tasks.contains("disabled=\"\""))
    }

    @Test("footnotes: a reference links to its note, the note back to the reference, notes at the end")
    func footnotes() {
        let out = html("Text with a note[^1] and another[^long].\n\n[^1]: The first note.\n[^long]: A longer one, with `code`.\n")
        #expect(
            out.contains("<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a></sup>"), "\(out)")
        #expect(out.contains("<section class=\"footnotes\" data-footnotes>"), "\(out)")
        #expect(out.contains("<li id=\"fn-long\">") && out.contains("<code>code</code>"), "\(out)")
        #expect(out.contains("href=\"#fnref-long\""), "\(out)")
        #expect(!out.contains("[^1]") && !out.contains("[^long]"), "\(out)")
        // A reference without its note stays text.
        #expect(html("no such[^x] note") == "<p>no such[^x] note</p>\n")
    }

    @Test("a page's headings get ids by GitHub's rules, unique, never one the theme takes or a footnote's")
    func headingIDs() {
        let page = Markdown.page(
            """
            # Getting started

            Intro with a footnote[^1].

            ## Install `sitegen` on *Linux*

            ## Install `sitegen` on Linux

            ## Sitegen config

            ## Pages

            ## fn 1

            ## 日本語の見出し — Überblick

            ## 🎉

            [^1]: The note.
            """, taken: ["sitegen-config", "pages"])
        #expect(
            page.headings.map(\.id) == [
                "getting-started", "install-sitegen-on-linux", "install-sitegen-on-linux-1", "sitegen-config-1", "pages-1",
                "h-fn-1", "日本語の見出し--überblick", nil,
            ])
        #expect(page.headings.map(\.level) == [1, 2, 2, 2, 2, 2, 2, 2])
        #expect(page.headings[1].text == "Install sitegen on Linux")
        #expect(page.html.contains("<h1 id=\"getting-started\">Getting started</h1>"), "\(page.html)")
        #expect(page.html.contains("<h2 id=\"install-sitegen-on-linux\">Install <code>sitegen</code> on <em>Linux</em></h2>"))
        #expect(page.html.contains("<h2>🎉</h2>") && page.html.contains("id=\"fn-1\""))
        // Each id once on the page.
        let ids = page.html.matches(of: /id="([^"]+)"/).map { String($0.output.1) }
        #expect(Set(ids).count == ids.count, "\(ids)")
        // A row's summary (many on a page) has no ids.
        #expect(html("## Install") == "<h2>Install</h2>\n")
        // GitHub's slugger, case by case: punctuation goes, `_` and `-` stay, spaces become `-`.
        #expect(HeadingIDs.slug("What's new in 1.88.0?") == "whats-new-in-1880")
        #expect(HeadingIDs.slug("snake_case & kebab-case") == "snake_case--kebab-case")
        var ids2 = HeadingIDs(taken: [])
        #expect(["a", "a", "a-1", "a"].map { ids2.name(.init(level: 2, text: $0, id: nil)).id } == ["a", "a-1", "a-1-1", "a-2"])
    }

    @Test("heading ids by each generator's rule: Zola's and kramdown's; a heading that names its own id")
    func headingDialects() {
        // Zola's slugify: every run of what is not a letter or digit is one dash.
        #expect(HeadingIDs.slug("I'd like TOML 1.1", .zola) == "i-d-like-toml-1-1")
        #expect(HeadingIDs.slug("What's in 1.88.0 stable?", .zola) == "what-s-in-1-88-0-stable")
        #expect(HeadingIDs.slug("Café & Über", .zola) == "cafe-uber")
        #expect(HeadingIDs.slug("中文 标题", .zola) == "zhong-wen-biao-ti")
        #expect(HeadingIDs.slug("--snake_case--", .zola) == "snake-case")
        // kramdown's own: from the first ASCII letter, punctuation and other scripts gone.
        #expect(HeadingIDs.slug("1. I'd like TOML 1.1", .kramdown) == "id-like-toml-11")
        #expect(HeadingIDs.slug("Über uns", .kramdown) == "ber-uns")
        #expect(HeadingIDs.slug("中文", .kramdown) == "section")
        #expect(HeadingIDs.slug("I'd like TOML 1.1", .github) == "id-like-toml-11")
        let zola = Markdown.page("## I'd like TOML 1.1\n\n## I'd like TOML 1.1\n", headingIDs: .zola)
        #expect(zola.headings.map(\.id) == ["i-d-like-toml-1-1", "i-d-like-toml-1-1-1"])
        // `{#id}` at a heading's end names its id, under every rule, and leaves its text.
        let named = Markdown.page("## Install it {#setup}\n\n## Usage {#use .wide}\n\n## Not {# bad id}\n")
        #expect(named.headings.map(\.id) == ["setup", "use", "not--bad-id"])
        #expect(named.headings.map(\.text) == ["Install it", "Usage", "Not {# bad id}"])
        #expect(named.html.contains("<h2 id=\"setup\">Install it</h2>"), "\(named.html)")
        #expect(Markdown.page("## A {#x}\n\n## B {#x}\n").headings.map(\.id) == ["x", "x-1"])
    }

    @Test("GitHub's alerts render as GitHub writes them; a quote that is not one stays a quote")
    func alerts() {
        let note = html("> [!NOTE]\n> Needs **Swift** 6.\n")
        #expect(
            note == "<div class=\"markdown-alert markdown-alert-note\">\n<p class=\"markdown-alert-title\">Note</p>\n"
                + "<p>Needs <strong>Swift</strong> 6.</p>\n</div>\n", "\(note)")
        let warning = html("> [!warning]\n>\n> Only a second paragraph.\n")
        #expect(warning.contains("markdown-alert-warning") && warning.contains("<p class=\"markdown-alert-title\">Warning</p>"))
        #expect(warning.contains("<p>Only a second paragraph.</p>") && !warning.contains("[!"), "\(warning)")
        for kind in ["TIP", "IMPORTANT", "CAUTION"] {
            #expect(html("> [!\(kind)]\n> x").contains("markdown-alert-\(kind.lowercased())"))
        }
        // Not alerts: the marker not alone on the first line, an unknown kind, a nested quote.
        #expect(html("> Just a quote [!TIP]\n") == "<blockquote>\n<p>Just a quote [!TIP]</p>\n</blockquote>\n")
        #expect(html("> [!NOTE] inline\n").hasPrefix("<blockquote>"))
        #expect(html("> [!HINT]\n> x\n").hasPrefix("<blockquote>"))
        #expect(html("- > [!NOTE]\n  > x\n").contains("<blockquote>"))
        // The alert's text keeps the safe mode: raw HTML in it is omitted.
        #expect(!html("> [!NOTE]\n> <script>x</script>\n").contains("<script>"))
    }

    @Test("raw HTML is omitted (safe mode), inline and as a block")
    func rawHTMLOmitted() {
        let out = html("<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)> <b onclick=x>b</b>")
        #expect(!out.contains("<script"))
        #expect(!out.contains("<img"))
        #expect(!out.contains("onerror"))
        #expect(!out.contains("onclick"))
        #expect(out.contains("raw HTML omitted"))
    }

    @Test(
        "links and images with a refused URL keep their text and lose the URL",
        arguments: [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>x</script>",
            "data:image/png;base64,iVBORw0KGgo=", "mailto:a@example.com", "//evil.example/x", "http://",
        ])
    func refusedURLs(url: String) {
        let link = html("[click](\(url))")
        #expect(link == "<p>click</p>\n", "\(url)")
        let image = html("![alt text](\(url))")
        #expect(image == "<p>alt text</p>\n", "\(url)")
    }

    @Test("http(s) and relative links stay; images need https or the site's own")
    func allowedURLs() {
        #expect(html("[a](https://example.com/x?y=1&z=2)") == "<p><a href=\"https://example.com/x?y=1&amp;z=2\">a</a></p>\n")
        #expect(html("[a](/about/)") == "<p><a href=\"/about/\">a</a></p>\n")
        #expect(html("![p](https://example.com/p.png)") == "<p><img src=\"https://example.com/p.png\" alt=\"p\" /></p>\n")
        #expect(html("![p](http://example.com/p.png)") == "<p>p</p>\n")
    }

    @Test("a refused link nested in an allowed one, and an autolinked javascript: text, leave no URL")
    func nested() {
        let out = html("[![x](javascript:a)](https://example.com) <javascript:alert(1)> www.example.com")
        #expect(!out.contains("href=\"javascript"), "\(out)")
        #expect(out.contains(" javascript:alert(1) "), "the refused autolink stays as its text")
        #expect(out.contains("<a href=\"https://example.com\">x</a>"))
        #expect(out.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
    }

    /// libcmark-gfm 0.29 keeps its table of special inline characters in one global: each
    /// parser adds its extensions' characters (`~` for strikethrough, `:` and `w` for autolinks)
    /// as it finishes, and removes them when done. Item pages render on both cores, so two
    /// parsers at once used to lose a strikethrough or an autolink now and then. The race needs
    /// two cores to show (one core runs the tasks in turn); on this project's two cores 20 to 40
    /// of the 1,600 renders came out wrong before the lock, in every run.
    @Test("on both cores at once, every document renders as it does alone")
    func concurrent() async {
        let documents = [
            "~~gone~~ and *kept*", "see https://example.com/a now", "www.example.com and ~x~",
            "| a | b |\n| --- | --- |\n| 1 | ~~2~~ |", "plain `code` text",
        ]
        let alone = documents.map(html)
        let rounds = 400
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<rounds {
                        let index = (round + worker) % documents.count
                        if Markdown.html(documents[index]) != alone[index] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0, "\(mismatches) of \(4 * rounds) renders differed from the document alone")
    }

    @Test("NUL bytes and invalid sequences do not end the document early")
    func nul() {
        #expect(html("a\u{0}b") == "<p>a\u{FFFD}b</p>\n")
    }

    @Test("SitegenMarkdown/Render/Markdown.swift is the only file that imports libcmark-gfm, and its API is String to String")
    func oneFile() throws {
        let sources = SitegenExecutable.packageRoot.appendingPathComponent("Sources").path
        let importers = filesUnder(sources).filter { $0.hasSuffix(".swift") }.filter { file in
            ((try? readText(sources + "/" + file)) ?? "").contains("import CCmarkGFM")
        }
        #expect(importers == ["SitegenMarkdown/Render/Markdown.swift"])
        let text = try readText(sources + "/SitegenMarkdown/Render/Markdown.swift")
        // Every C pointer is private to the file: the public entries take and give values.
        #expect(text.components(separatedBy: "public static func").count == 4)
        #expect(text.contains("public static func html(_ markdown: String) -> String"))
        #expect(text.contains("public static func summary(_ markdown: String, limit: Int = 240) -> MarkdownExtras.Summary"))
        #expect(
            text.contains(
                """
                    public static func page(
                        _ markdown: String, taken: Set<String> = [], link: ((String) -> String?)? = nil, title: String? = nil,
                        headingIDs: HeadingIDStyle = .github, highlightPastSanitizer: Bool = true
                    ) -> RenderedDocument
                """
            ))
        #expect(!text.contains("public static func dropUnsafeURLs"))
    }
}
