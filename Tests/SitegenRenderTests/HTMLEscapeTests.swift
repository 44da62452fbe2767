import Testing

@testable import SitegenRender

@Suite("HTMLEscape")
struct HTMLEscapeTests {
    @Test("the five special characters become references")
    func specials() {
        #expect(HTMLEscape.escape("&") == "&amp;")
        #expect(HTMLEscape.escape("<") == "&lt;")
        #expect(HTMLEscape.escape(">") == "&gt;")
        #expect(HTMLEscape.escape("\"") == "&quot;")
        #expect(HTMLEscape.escape("'") == "&#39;")
        #expect(
            HTMLEscape.escape(#"<a href="x" title='y'>&</a>"#) == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    @Test("an ampersand is escaped even when it already starts a reference")
    func doubleEscape() {
        #expect(HTMLEscape.escape("&amp;") == "&amp;amp;")
    }

    @Test("plain text, including non-ASCII, is unchanged", arguments: ["", "hello", "Ünïcödé – ≤ 日本 🎉", "a/b\\c=d"])
    func plain(text: String) {
        #expect(HTMLEscape.escape(text) == text)
    }

    @Test("non-ASCII next to special characters survives intact")
    func mixed() {
        #expect(HTMLEscape.escape("café <b> & 🎉") == "café &lt;b&gt; &amp; 🎉")
    }

    @Test("NUL becomes U+FFFD")
    func nul() {
        #expect(HTMLEscape.escape("a\u{0}b") == "a\u{FFFD}b")
    }

    @Test("XML text drops what XML 1.0 forbids (C0 controls, U+FFFE, U+FFFF) and keeps the rest")
    func xml() {
        #expect(
            XMLText.escape("a\u{0}\u{1}\u{1F}b\tc\nd\re\u{FFFE}\u{FFFF}\u{FFFD}é <&>") == "ab\tc\nd\re\u{FFFD}é &lt;&amp;&gt;")
        #expect(XMLText.escape("日本 🎉 \u{FFFC}") == "日本 🎉 \u{FFFC}")
    }
}
