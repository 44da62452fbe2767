import Foundation
import SitegenModel
import SitegenRender
import SitegenTestSupport
import Testing

@testable import SitegenMarkdown

@Suite("Code highlighted at build time (KDE's syntax-highlighting engine)")
struct CodeHighlightTests {
    /// The text of highlighted HTML: its tags out, its three entities back.
    func text(_ html: String) -> String {
        html.replacing(/<[^>]*>/, with: "").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// A few lines each of the languages real blogs and docs sites fence, by the names their
    /// authors write on the fence, each with a token of a style worth a colour.
    static let samples: [(fence: String, code: String, style: String)] = [
        ("sh", "# install\nsudo apt-get install -y nginx && echo \"done\"", "co"),
        ("bash", "for f in *.md; do echo \"$f\"; done", "kw"),
        ("console", "$ export PATH=\"$HOME/bin:$PATH\"", "st"),
        ("python", "def greet(name):\n    return f\"hello {name}\"  # greet", "kw"),
        ("py", "import os\nprint(os.getcwd())", "im"),
        ("javascript", "const x = await fetch('/a'); // load", "kw"),
        ("js", "function f() { return 42; }", "dv"),
        ("typescript", "interface Row { id: number; title: string }", "kw"),
        ("ts", "let n: number = 1.5;", "fl"),
        ("go", "package main\n\nfunc main() { fmt.Println(\"hi\") }", "kw"),
        ("rust", "fn main() {\n    let v: Vec<u8> = Vec::new(); // 1.88.0\n}", "kw"),
        ("rust,ignore", "struct Point { x: i32 }", "kw"),
        ("swift", "let answer: Int = 42 // six times seven", "kw"),
        ("c", "#include <stdio.h>\nint main(void) { return 0; }", "pp"),
        ("cpp", "template <typename T> class Box { T value; };", "kw"),
        ("c++", "std::vector<int> v{1, 2, 3};", "dv"),
        ("java", "public final class App { public static void main(String[] a) {} }", "kw"),
        ("ruby", "def hello\n  puts \"hi\" # say\nend", "cf"),
        ("php", "<?php echo \"hello\"; ?>", "st"),
        ("toml", "[package]\nname = \"sitegen\"\nversion = \"1.88.0\"", "st"),
        ("yaml", "title: Hello\ntags: [a, b] # two", "co"),
        ("json", "{\"id\": 8863, \"title\": \"My YC app\"}", "st"),
        ("html", "<!doctype html>\n<p class=\"x\">Hi &amp; bye</p>", "kw"),
        ("css", "body { color: #333; margin: 0 }", "kw"),
        ("sql", "SELECT id, title FROM stories WHERE score > 10;", "kw"),
        ("diff", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new", "kw"),
        ("dockerfile", "FROM debian:bookworm\nRUN apt-get update", "kw"),
        ("markdown", "# Title\n\n*emphasis* and `code`", "fu"),
        ("kotlin", "fun main() { val x = 1 }", "kw"),
        ("c#", "public class A { int x = 1; }", "kw"),
        ("haskell", "main :: IO ()\nmain = putStrLn \"hi\"", "st"),
        ("lua", "local t = {} -- a table", "kw"),
        ("elixir", "defmodule A do\n  def f, do: :ok\nend", "kw"),
        ("zig", "const std = @import(\"std\");", "st"),
    ]

    @Test("Thirty languages and their common fence names get coloured tokens")
    func languages() throws {
        var missing: [String] = []
        for sample in Self.samples {
            guard let html = CodeHighlight.html(sample.code, language: sample.fence) else {
                missing.append("\(sample.fence): unknown")
                continue
            }
            #expect(text(html) == sample.code, "\(sample.fence) changed the code's text")
            if !html.contains("<span class=\"\(sample.style)\">") {
                missing.append("\(sample.fence): no \(sample.style) in \(html)")
            }
        }
        #expect(missing.isEmpty, "\(missing)")
        #expect(Set(Self.samples.map { CodeHighlight.definitionName($0.fence) }).count >= 25)
    }

    @Test("The code's text is escaped and kept whole, lines and non-Latin scripts included")
    func escaping() throws {
        let code = "let s = \"<script>&amp;</script>\" // 한국어 中文 العربية\n\n\tx < y && y > z\n"
        let html = try #require(CodeHighlight.html(code, language: "swift"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;&amp;amp;"))
        #expect(text(html) == code)
    }

    @Test("Plain text, unknown names and empty blocks are left to cmark")
    func plain() {
        #expect(CodeHighlight.html("a < b", language: "text") == nil)
        #expect(CodeHighlight.html("a < b", language: "no-such-language-here") == nil)
        #expect(CodeHighlight.html("", language: "swift") == nil)
        #expect(CodeHighlight.html("x", language: "") == nil)
        #expect(CodeHighlight.definitionName("{.python}") == "python")
        #expect(CodeHighlight.definitionName("rust,ignore") == "rust")
        #expect(CodeHighlight.definitionName("Shell session") == "bash")
    }

    @Test("Both cores highlight at once, each with its own engine, to the same bytes")
    func concurrent() async {
        let expected = Self.samples.map { CodeHighlight.html($0.code, language: $0.fence) }
        let runs = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await Task.detached { Self.samples.map { CodeHighlight.html($0.code, language: $0.fence) } }.value
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run == expected) }
    }

    @Test("A page's fenced code is highlighted inside cmark's own pre and code; a summary's is not")
    func inMarkdown() {
        let markdown = "Intro.\n\n```rust,ignore\nfn main() { println!(\"hi <b>\"); }\n```\n\n```text\na < b\n```\n"
        let page = Markdown.page(markdown).html
        #expect(page.contains("<pre><code class=\"language-rust,ignore\"><span class=\"kw\">fn</span>"))
        #expect(page.contains("&lt;b&gt;"))
        #expect(page.contains("<pre><code class=\"language-text\">a &lt; b\n</code></pre>"))
        #expect(!Markdown.html(markdown).contains("<span"))
    }

    @Test("Highlighted code placed past the sanitizer makes the page the sanitizer would have made of it")
    func pastTheSanitizer() {
        // Every language's tokens, entities, non-Latin scripts, markup-like code, and raw HTML
        // around the blocks that the sanitizer does change.
        let blocks = [
            ("swift", "let s = \"<script>alert(1)</script>\" // 한국어 & العربية"),
            ("python", "def f(x: int) -> str:\n    return f\"{x!r} 中文\"  # done"), ("html", "<div class=\"a\">&amp;</div>"),
            ("sh", "curl -sSf https://sh.rustup.rs | sh -s -- -y"), ("diff", "- old\n+ new"), ("json", "{\"v\": 1.88}"),
            ("rust", "fn main() { println!(\"{}\", 1.88); }"), ("css", ".a::before { content: \"<\"; }"),
        ]
        let markdown =
            "<p onclick=\"x()\">Intro.</p>\n\n"
            + blocks.map { "```\($0.0)\n\($0.1)\n```\n\n<script>bad()</script>\n" }.joined(separator: "\n")
        let placed = Markdown.page(markdown, highlightPastSanitizer: true)
        let through = Markdown.page(markdown, highlightPastSanitizer: false)
        #expect(placed.html == through.html)
        #expect(placed.html.components(separatedBy: "<span class=").count > 20, "highlighted")
        #expect(placed.removed == through.removed && !placed.removed.isEmpty)
    }

    @Test("SitegenMarkdown/Render/CodeHighlight.swift is the only Swift file that imports the engine's C interface")
    func oneFile() throws {
        let sources = SitegenExecutable.packageRoot.appendingPathComponent("Sources").path
        let importers = filesUnder(sources).filter { $0.hasSuffix(".swift") }.filter { file in
            ((try? readText(sources + "/" + file)) ?? "").contains("import CHighlight")
        }
        #expect(importers == ["SitegenMarkdown/Render/CodeHighlight.swift"])
        // And the one C++ file that calls KSyntaxHighlighting and Qt.
        let cxx = filesUnder(sources).filter { $0.hasSuffix(".cpp") || $0.hasSuffix(".h") }.filter { file in
            ((try? readText(sources + "/" + file)) ?? "").contains("KSyntaxHighlighting/")
        }
        #expect(cxx == ["CHighlight/Highlight.cpp"])
    }
}
