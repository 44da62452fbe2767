import SitegenTestSupport
import Testing

@testable import SitegenRender
@testable import SitegenSource

@Suite("HTMLSanitizer")
struct HTMLSanitizerTests {
    static let rel = #" rel="nofollow noopener noreferrer""#

    func sanitize(_ html: String) -> String { HTMLSanitizer.sanitize(html) }

    @Test("allowed tags are kept", arguments: ["p", "i", "em", "b", "strong", "code", "pre"])
    func allowedKept(tag: String) {
        #expect(sanitize("<\(tag)>x</\(tag)>") == "<\(tag)>x</\(tag)>")
    }

    @Test("a pre ends an open paragraph, as a browser's parser does: HN's <p><pre><code>")
    func preEndsParagraph() {
        #expect(
            sanitize("Code:<p><i>see <pre><code>let x = 1\n</code></pre>\nafter")
                == "Code:<p><i>see </i></p><pre><code>let x = 1\n</code></pre>\nafter")
        #expect(sanitize("<pre>a</pre><p>b") == "<pre>a</pre><p>b</p>")
    }

    @Test("tag names are read case-insensitively and written lowercase")
    func caseInsensitive() {
        #expect(sanitize("<B>x</b><I>y</I>") == "<b>x</b><i>y</i>")
    }

    @Test("an http(s) link keeps its href, gets rel, and loses other attributes")
    func linkKept() {
        #expect(
            sanitize(#"<a href="https://example.com/a?b=1" title="t" onclick="evil()">x</a>"#)
                == #"<a href="https://example.com/a?b=1""# + Self.rel + ">x</a>")
        #expect(sanitize(#"<A HREF='http://example.com'>x</A>"#) == #"<a href="http://example.com""# + Self.rel + ">x</a>")
    }

    @Test("HN's encoded hrefs are decoded before checking, and written escaped")
    func encodedHref() {
        #expect(
            sanitize(#"<a href="https:&#x2F;&#x2F;example.com&#x2F;?a=1&amp;b=2">x</a>"#)
                == #"<a href="https://example.com/?a=1&amp;b=2""# + Self.rel + ">x</a>")
    }

    @Test("attributes of other allowed tags are dropped")
    func attributesDropped() {
        #expect(sanitize(#"<p class="x" style="color:red" onmouseover="evil()">t"#) == "<p>t</p>")
        #expect(sanitize(#"<b/onmouseover=alert(1)>t</b>"#) == "<b>t</b>")
    }

    @Test(
        "a javascript: link, however disguised, becomes an <a> without href",
        arguments: [
            #"<a href="javascript:alert(1)">x</a>"#, #"<a href="javascript&#58;alert(1)">x</a>"#,
            #"<a href="JAVASCRIPT:alert(1)">x</a>"#, #"<a href="&#106;avascript:alert(1)">x</a>"#,
            #"<a href="java&#x09;script:alert(1)">x</a>"#, #"<a href=javascript:alert(1)>x</a>"#,
            #"<a href=" javascript:alert(1)">x</a>"#, #"<a href="javascript&colon;alert(1)">x</a>"#,
            #"<a href="data:text/html,x">x</a>"#, #"<a href="vbscript:x">x</a>"#, #"<a href="/relative">x</a>"#,
            #"<a>x</a>"#,
        ])
    func unsafeLink(html: String) {
        let out = sanitize(html)
        #expect(out == "<a>x</a>")
        #expect(!out.lowercased().contains("javascript"))
    }

    @Test("a quote inside an href cannot break out of the attribute")
    func quoteInHref() {
        let out = sanitize(#"<a href='https://x.com/"onmouseover="alert(1)'>x</a>"#)
        #expect(!out.contains(#""onmouseover"#))
        #expect(out.hasPrefix(#"<a href="https://x.com/&quot;onmouseover=&quot;alert(1)""#))
    }

    @Test(
        "script, img and iframe are escaped so they show as text",
        arguments: [
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
            (
                #"<iframe src="https://evil.example"></iframe>"#,
                "&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt;"
            ),
            ("<svg onload=alert(1)>", "&lt;svg onload=alert(1)&gt;"),
            ("<!-- c -->", "&lt;!-- c --&gt;"),
        ])
    func escapedTags(html: String, expected: String) {
        let out = sanitize(html)
        #expect(out == expected)
        #expect(!out.contains("<script") && !out.contains("<img") && !out.contains("<iframe") && !out.contains("<svg"))
    }

    @Test("unclosed tags are closed at the end, innermost first")
    func balancesUnclosed() {
        #expect(sanitize("<b>bold") == "<b>bold</b>")
        #expect(sanitize("<i><b>x") == "<i><b>x</b></i>")
        #expect(sanitize(#"<a href="https://e.com">x"#) == #"<a href="https://e.com""# + Self.rel + ">x</a>")
    }

    @Test("HN's unclosed paragraphs: each <p> closes what came before")
    func paragraphs() {
        #expect(sanitize("<p>a<p>b") == "<p>a</p><p>b</p>")
        #expect(sanitize("first<p>second <i>it<p>third") == "first<p>second <i>it</i></p><p>third</p>")
    }

    @Test("stray closing tags are dropped; a misnested close closes through its opener")
    func strayClosing() {
        #expect(sanitize("</b>text") == "text")
        #expect(sanitize("a</p></i>b") == "ab")
        #expect(sanitize("<b><i>x</b>y</i>") == "<b><i>x</i></b>y")
    }

    @Test("a link inside a link ends the first")
    func nestedLinks() {
        let a = #"<a href="https://a.com""# + Self.rel + ">"
        let b = #"<a href="https://b.com""# + Self.rel + ">"
        #expect(sanitize(#"<a href="https://a.com">x<a href="https://b.com">y"#) == a + "x</a>" + b + "y</a>")
    }

    @Test("very deep nesting stays balanced")
    func deepNesting() {
        let out = sanitize(String(repeating: "<b>", count: 40) + "x" + String(repeating: "</b>", count: 40))
        #expect(HTMLScan.count(of: "<b>", in: out) == HTMLScan.count(of: "</b>", in: out))
        #expect(out.contains("x"))
    }

    @Test("valid character references are kept; a lone & is escaped")
    func entities() {
        #expect(
            sanitize("&amp; &lt; &gt; &quot; &#39; &#x27; &#x2F; &nbsp;") == "&amp; &lt; &gt; &quot; &#39; &#x27; &#x2F; &nbsp;")
        #expect(sanitize("AT&T") == "AT&amp;T")
        #expect(sanitize("a & b") == "a &amp; b")
        #expect(sanitize("&") == "&amp;")
        #expect(sanitize("&;") == "&amp;;")
        #expect(sanitize("&#;") == "&amp;#;")
        #expect(sanitize("&#xZZ;") == "&amp;#xZZ;")
    }

    @Test("text quotes and a stray > are escaped; a lone < that starts no tag is escaped")
    func textEscaping() {
        #expect(sanitize(#"say "hi" it's 1 < 2 > 0"#) == "say &quot;hi&quot; it&#39;s 1 &lt; 2 &gt; 0")
        #expect(sanitize("<p") == "&lt;p")
        #expect(sanitize("< b>") == "&lt; b&gt;")
    }

    @Test("HN-shaped text from the sample generator comes out well-formed")
    func sampleText() async throws {
        let texts = SampleGenerator(seed: 3).items(count: 200).compactMap(\.text)
        #expect(!texts.isEmpty)
        for text in texts {
            let out = sanitize(text)
            #expect(!out.contains("<script"))
            for tag in ["p", "a", "i", "code"] {
                #expect(
                    HTMLScan.count(of: "<\(tag)>", in: out) + HTMLScan.count(of: "<\(tag) ", in: out)
                        == HTMLScan.count(of: "</\(tag)>", in: out), "\(tag) balanced in \(out)")
            }
        }
    }

    @Test("bounds: a link over 4096 bytes loses its href; a word over 256 characters is broken, not in pre")
    func bounds() {
        let long = "https://example.com/" + String(repeating: "a", count: 4_080)
        #expect(sanitize("<a href=\"\(long)\">x</a>") == "<a>x</a>")
        let word = String(repeating: "y", count: 513)
        #expect(sanitize(word) == String(repeating: "y", count: 256) + "<wbr>" + String(repeating: "y", count: 256) + "<wbr>y")
        #expect(sanitize("<pre>\(word)</pre>") == "<pre>\(word)</pre>")
    }
}
