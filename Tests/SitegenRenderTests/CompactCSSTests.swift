import SitegenAssets
import SitegenModel
import SitegenTestSupport
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
            // A comment between two tokens keeps them apart, as nothing else would: `a .b`
            // is another selector, `a.b` another still.
            ("a/**/b{}", "a/**/b{}"),
            ("a/* x */.b, .c/* y */:hover{}", "a/**/.b,.c/**/:hover{}"),
            ("a{margin:1px/* top */2px; width: calc(1px/**/+/**/2px)}", "a{margin:1px/**/2px;width: calc(1px/**/+/**/2px)}"),
            ("a /* x */b{}", "a b{}"),
            ("a/* x */ /* y */b{}", "a b{}"),
            ("a{/* x */color:red/* y */}", "a{color:red}"),
            // A custom property of one space stays one.
            ("a { --x: ; --y: }", "a{--x: ;--y: }"),
            // A hex escape ends with one whitespace of its own; a second is a combinator.
            (".a\\31  .b{}", ".a\\31  .b{}"),
            (".a\\31 , .b{}", ".a\\31 ,.b{}"),
            (".a\\31/**/2{}", ".a\\31/**/2{}"),
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
            ("a { background: url(x\\)/*y*/z) }", "a{background: url(x\\)/*y*/z)}"),
            // An escaped name may spell url: its unquoted argument is copied too.
            ("a { background: \\75 rl(/*x*/a  b.png) }", "a{background: \\75 rl(/*x*/a  b.png)}"),
            // `a\(url(` is a function named `a(url`: the string after it is a string.
            ("a { b: a\\(url(x \"p  q)\" ) }", "a{b: a\\(url(x \"p  q)\" )}"),
            ("a { background: URL( \"x  y.png\" ) }", "a{background: URL( \"x  y.png\" )}"),
            // An escaped comma is part of a name: the space after it is a descendant combinator.
            (".a\\, .b { }", ".a\\, .b{}"),
            // Broken input: an unclosed comment runs to the end, an unclosed string is copied.
            ("a { color: red } /* unclosed", "a{color: red}"),
            ("a { content: \"open", "a{content: \"open"),
            // A string unclosed on its line ends there, as a browser ends it.
            ("a{content:\"x\n}\nb::before{content:\"a  b\"}", "a{content:\"x\n}b::before{content:\"a  b\"}"),
            // A comment ahead of @charset leaves it where a browser ignored it.
            ("/* x */@charset \"utf-8\";", " @charset \"utf-8\";"),
            ("", ""),
        ])
    func compacts(css: String, expected: String) {
        #expect(CompactCSS.compact(css) == expected)
    }

    /// `count` random stylesheets of up to `longest` - 1 characters of `alphabet`.
    static func stylesheets(_ count: Int, seed: UInt64, longest: UInt64, of alphabet: String) -> [String] {
        var rng = SplitMix64(seed: seed)
        let alphabet = Array(alphabet)
        return (0..<count).map { _ in
            String((0..<Int(rng.next() % longest)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
    }

    @Test("compacting what was compacted changes nothing, for 20,000 random stylesheets of CSS's hard bytes")
    func idempotent() {
        // A second pass reads the first's output: any place where the first changed which
        // bytes are strings, comments, escapes or urls shows as a difference.
        for css in Self.stylesheets(20_000, seed: 5, longest: 24, of: "ab.:;{}()\"'\\/* \n\t1f-url,#+") {
            let once = CompactCSS.compact(css)
            #expect(CompactCSS.compact(once) == once, "\(css.debugDescription) → \(once.debugDescription)")
        }
    }

    @Test("a browser's tokens of 50,000 random stylesheets of CSS's hard bytes are the compacted ones' (CSS Syntax 3)")
    func sameTokens() {
        for css in Self.stylesheets(50_000, seed: 6, longest: 32, of: "ab.:;{}()\"'\\/* \n\t\r\u{C}1fe-url,#+@%!>é") {
            let compact = CompactCSS.compact(css)
            #expect(CSSTokens.meaning(compact) == CSSTokens.meaning(css), "\(css.debugDescription) → \(compact.debugDescription)")
        }
        let theme = EmbeddedAssets.stylesheet
        #expect(CSSTokens.meaning(CompactCSS.compact(theme)) == CSSTokens.meaning(theme))
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
