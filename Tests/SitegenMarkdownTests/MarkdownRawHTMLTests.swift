import SitegenModel
import SitegenRender
import Testing

@testable import SitegenMarkdown

/// A Markdown page's raw HTML goes through `AuthoredHTML`'s rules (SitegenRenderTests'
/// AuthoredHTMLTests hold the rules themselves).
@Suite("Raw HTML in a Markdown page")
struct MarkdownRawHTMLTests {
    @Test("a Markdown page keeps its raw HTML through the same rules: links resolved and checked, ids kept, losses named")
    func inMarkdown() {
        let page = Markdown.page(
            """
            # Title

            <div class="goal"><a href="other.md#part">Other</a> <a href="javascript:x()">bad</a></div>

            A key: <kbd>Esc</kbd>, and a note[^1].

            <details>
            <summary>More</summary>

            Hidden *text*.

            </details>

            <h2>A heading of its own</h2>

            ## Title

            [^1]: The note.
            """, taken: ["list"], link: { $0.hasPrefix("other.md") ? "/other/" + $0.dropFirst("other.md".count) : nil })
        #expect(page.html.contains(#"<div class="goal"><a href="/other/#part">Other</a> <a>bad</a></div>"#), "\(page.html)")
        #expect(page.html.contains("<kbd>Esc</kbd>") && page.html.contains("<p>Hidden <em>text</em>.</p>\n</details>"))
        #expect(page.html.contains(#"<h1 id="title">Title</h1>"#) && page.html.contains(#"<h2 id="title-1">Title</h2>"#))
        #expect(page.html.contains("<h2>A heading of its own</h2>"))
        #expect(page.links.contains("/other/#part") && page.links.contains("#fn-1") && page.removed == ["href javascript:x()"])
        #expect(page.ids.isSuperset(of: ["title", "title-1", "fn-1", "fnref-1"]))
        // A row's summary has none of it.
        #expect(Markdown.html("<kbd>Esc</kbd>") == "<p><!-- raw HTML omitted -->Esc<!-- raw HTML omitted --></p>\n")
    }
}
