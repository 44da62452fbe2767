import Foundation
import PropertyBased
import SitegenModel
import SitegenTestSupport
import Testing

@testable import SitegenMarkdown
@testable import SitegenRender

/// Random hostile Markdown, a bounded number of cases per run (each run a new seed; a failure
/// prints the seed to pin with `.fixedSeed`): rendering must hold its promises on anything.
/// The sanitizer's own checks are SitegenRenderTests' PropertyTests.
@Suite("Property checks over hostile Markdown")
struct MarkdownPropertyTests {
    static let hostile = Gen<String?>.element(of: HostilePieces.all).array(of: 0...40).map { $0.compactMap { $0 }.joined() }

    static let markdownTags: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "del", "a", "img", "code", "pre", "ul", "ol", "li", "input",
        "table", "thead", "tbody", "tr", "th", "td", "blockquote", "hr", "br", "section", "sup",
    ]
    /// (Footnotes add ids, `fn-…` and `fnref-…` only: no footnote can take an id the page's own
    /// elements have, such as `sitegen-config`.)
    static let markdownAttributes: Set<String> = [
        "href", "src", "alt", "title", "class", "align", "type", "checked", "disabled", "start", "id", "data-footnotes",
        "data-footnote-ref", "data-footnote-backref", "aria-label",
    ]
    static var tag: Regex<(Substring, Substring, Substring, Substring)> {
        #/<(/?)([a-zA-Z0-9]+)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*/?>/#
    }
    static var attribute: Regex<(Substring, Substring, Substring?)> { #/([a-zA-Z-]+)(?:="([^"]*)")?/# }

    @Test("Markdown renders only known tags and attributes, no on* handler, and links and images only to safe URLs")
    func markdown() async {
        await propertyCheck(count: 1500, input: Self.hostile) { markdown in
            let out = Markdown.html(markdown)
            // Everything that looks like markup must be one of cmark's own tags: raw HTML was
            // omitted or escaped, so "<" in text is "&lt;".
            var rest = out[...]
            while let open = rest.firstIndex(of: "<") {
                let tail = rest[open...]
                if tail.hasPrefix("<!-- raw HTML omitted -->") {
                    rest = tail.dropFirst("<!-- raw HTML omitted -->".count)
                    continue
                }
                guard let match = tail.prefixMatch(of: Self.tag), Self.markdownTags.contains(String(match.output.2)) else {
                    Issue.record("unexpected markup in \(out.debugDescription) from \(markdown.debugDescription)")
                    return
                }
                for attribute in match.output.3.matches(of: Self.attribute) {
                    let name = String(attribute.output.1)
                    #expect(Self.markdownAttributes.contains(name), "attribute \(name) from \(markdown.debugDescription)")
                    if name == "id" {
                        let id = String(attribute.output.2 ?? "")
                        #expect(id.hasPrefix("fn-") || id.hasPrefix("fnref-"), "id \(id) from \(markdown.debugDescription)")
                    }
                    guard name == "href" || name == "src", let value = attribute.output.2 else { continue }
                    // A footnote's link to its note or back: a fragment of the page.
                    if name == "href" && (value.hasPrefix("#fn-") || value.hasPrefix("#fnref-")) { continue }
                    let url = Entities.decode(String(value))
                    let allowed = name == "href" ? SafeURL.link(url) : SafeURL.image(url)
                    #expect(allowed != nil, "\(name)=\(url.debugDescription) from \(markdown.debugDescription)")
                }
                rest = tail[match.range.upperBound...]
            }
        }
    }
}
