import Testing

@testable import SitegenRender

/// A document's text for search (`t/<id>.txt`): what its page shows, without the markup.
@Suite("DocumentText")
struct DocumentTextTests {
    func plain(_ html: String) -> String { String(decoding: DocumentText.plain(html: html), as: UTF8.self) }

    @Test("tags out, blocks on lines of their own, runs of white space one space, references decoded")
    func plainText() {
        let html = """
            <h2 id="install">Install <code>rustc</code></h2>
            <p>It's <strong>fast</strong> &amp; small:\n  don&#x27;t   wait.</p>
            <pre><code class="language-sh"><span class="kw">cargo</span> build
            --release</code></pre>
            <table><tr><th>key</th><th>value</th></tr><tr><td>a</td><td>1.88.0</td></tr></table>
            <p>한국어 العربية 中文<sup class="footnote-ref"><a href="#fn-1">1</a></sup></p>
            """
        #expect(
            plain(html) == """
                Install rustc
                It's fast & small: don't wait.
                cargo build --release
                key value
                a 1.88.0
                한국어 العربية 中文1
                """)
    }

    @Test("nothing at either end; an empty body is an empty text")
    func ends() {
        #expect(plain("") == "")
        #expect(plain("<p>  one  </p>\n\n") == "one")
    }

    @Test("a text past the limit is cut at the start of a character, never inside one")
    func limit() {
        // Three-byte characters put the limit inside one unless the cut backs up to its start.
        let long = "<p>" + String(repeating: "中", count: DocumentText.limit / 3 + 10) + "</p>"
        let text = DocumentText.plain(html: long)
        #expect(text.count <= DocumentText.limit && text.count > DocumentText.limit - 3)
        #expect(String(validating: text, as: UTF8.self) != nil)
    }
}
