import SitegenAssets
import Testing

@testable import SitegenRender

@Suite("CompactCSS")
struct CompactCSSTests {
    @Test(
        "comments go and whitespace shrinks, but never where it means something",
        arguments: [
            ("a { color : red ; }", "a{color : red;}"),
            ("/* theme */\n:root {\n  --x: 1px;\n}\n", ":root{--x: 1px;}"),
            ("h1, h2 ,\n h3 { margin: 0 }", "h1,h2,h3{margin: 0}"),
            // A comment between two tokens still separates them.
            ("a/**/b{}", "a b{}"),
            ("a{margin:1px/* top */2px}", "a{margin:1px 2px}"),
            // The space before `(` of a media feature, before `:` of a descendant's pseudo-class,
            // around `+` in calc(): meaning.
            (
                "@media screen and (max-width: 40rem) { a :hover { width: calc(1px + 2px) } }",
                "@media screen and (max-width: 40rem){a :hover{width: calc(1px + 2px)}}"
            ),
            // Strings and unquoted urls are copied as they are.
            ("a::before { content: \"/* not a comment */  x\" }", "a::before{content: \"/* not a comment */  x\"}"),
            ("a { content: 'it\\'s  ;  }' }", "a{content: 'it\\'s  ;  }'}"),
            ("a { background: url(data:image/svg+xml,a/*b*/c) }", "a{background: url(data:image/svg+xml,a/*b*/c)}"),
            ("a { background: URL( \"x  y.png\" ) }", "a{background: URL( \"x  y.png\" )}"),
            // An escaped comma is part of a name: the space after it is a descendant combinator.
            (".a\\, .b { }", ".a\\, .b{}"),
            // Broken input: an unclosed comment runs to the end, an unclosed string is copied.
            ("a { color: red } /* unclosed", "a{color: red}"),
            ("a { content: \"open", "a{content: \"open"),
            ("", ""),
        ])
    func compacts(css: String, expected: String) {
        #expect(CompactCSS.compact(css) == expected)
    }

    @Test("the built-in theme loses its comments, and compacting again changes nothing")
    func builtInTheme() {
        let source = EmbeddedAssets.stylesheet
        let compact = CompactCSS.compact(source)
        #expect(source.contains("/*"))
        #expect(!compact.contains("/*"))
        #expect(compact.utf8.count * 10 < source.utf8.count * 7)
        #expect(CompactCSS.compact(compact) == compact)
        // Every declaration is still there.
        #expect(compact.contains("--row:3.5rem;") || compact.contains("--row: 3.5rem;"))
        #expect(compact.contains("@media (prefers-color-scheme: dark)"))
    }
}
