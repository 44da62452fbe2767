import Foundation
import PropertyBased
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource
@testable import SitegenSystem
@testable import SitegenWrite

/// Random hostile input, a bounded number of cases per run (each run a new seed; a failure
/// prints the seed to pin with `.fixedSeed`): the item parser, the sanitizer and Markdown
/// rendering must hold their promises on anything, not only on the examples other suites name.
@Suite("Property checks over hostile input")
struct PropertyTests {
    /// Pieces that mean something to HTML, URLs, JSON, Markdown or Mustache; random strings are
    /// made of these, so they hit the interesting paths far more often than random bytes would.
    static let pieces: [String] = [
        "<", ">", "\"", "'", "&", "=", "/", " ", "\n", "\t", "\u{0}", "\\", "`", "|", "-", "*", "_", "~", "[", "]", "(", ")",
        "!", "#", ":", "a", "p", "on", "onerror", "href", "src", "<a ", "<a href=\"", "</a>", "<p>", "<b>", "</b>",
        "<script>", "</script>", "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>", "<pre>", "<code>",
        "javascript:", "JAVASCRIPT:", "java\tscript:", "data:", "data:image/png;base64,AA", "vbscript:", "http://", "https://",
        "//", "www.", "example.com", "&#106;", "&amp;", "&lt;", "&colon;", "&#x6A;", "é", "e\u{301}", "🙂", "👩‍👩‍👧", "مرحبا",
        "\u{202E}", "\u{FEFF}", "{{", "}}", "[x](", "![i](", "](javascript:alert(1))", "](data:image/png;base64,AA)",
        "](mailto:a@example.com)", "](/ok)", "<javascript:x>", "<a href=javascript:x>", "- [x] ", "| - |", "```", "\n\n", "    ",
        "](", "![", "<!--", "-->", "<![CDATA[", "[^1]", "\n[^1]: ", "[^sitegen-config]", "\n[^sitegen-config]: ",
    ]
    static let hostile = Gen<String?>.element(of: pieces).array(of: 0...40).map { $0.compactMap { $0 }.joined() }

    // MARK: The sanitizer

    /// What `HTMLSanitizer` may write: its allowed tags, bare, or a link with a checked href.
    static var sanitizerTag: Regex<(Substring, Substring, Substring, Substring?, Substring?)> {
        #/<(/?)(p|a|i|em|b|strong|code|pre)( href="([^"<>]*)" rel="nofollow noopener noreferrer")?>/#
    }

    @Test("the sanitizer writes only its allowed tags, links only with a safe href, and is idempotent")
    func sanitizer() async {
        await propertyCheck(count: 1500, input: Self.hostile) { html in
            let out = HTMLSanitizer.sanitize(html)
            var rest = out[...]
            while let open = rest.firstIndex(of: "<") {
                let tail = rest[open...]
                guard let match = tail.prefixMatch(of: Self.sanitizerTag) else {
                    Issue.record("stray tag in \(out.debugDescription) from \(html.debugDescription)")
                    return
                }
                if let href = match.output.4 {
                    let decoded = Entities.decode(String(href))
                    #expect(SafeURL.link(decoded, allowRelative: false) == decoded, "\(decoded)")
                }
                rest = tail[match.range.upperBound...]
            }
            #expect(!out.contains("\u{0}"))
            #expect(HTMLSanitizer.sanitize(out) == out, "sanitizing twice changes \(html.debugDescription)")
        }
    }

    // MARK: Markdown

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

    // MARK: Item decoding

    static let keys = [
        "id", "type", "by", "time", "title", "url", "text", "score", "descendants", "dead", "deleted", "image", "extra",
    ]

    /// A JSON value of the kind `kind` (0 absent … 9 nested object), from the random string and number.
    static func value(kind: Int, string: String, number: Int) -> String? {
        switch kind {
        case 0: return nil
        case 1: return String(number)
        case 2: return jsonString(string)
        case 3: return number % 2 == 0 ? "true" : "false"
        case 4: return "null"
        case 5: return "\(number).5"
        case 6: return "[\(number), \(jsonString(string))]"
        case 7: return "{\"url\": \(jsonString(string)), \"width\": \(number)}"
        case 8: return "\(number)e2"
        default: return "{\"a\": {\"b\": [\(jsonString(string))]}}"
        }
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test("any item object decodes as JSONDecoder decodes it; a wrong-typed optional field never costs the row")
    func itemDecoding() async {
        let kinds = Gen.int(in: 0...9).array(of: Self.keys.count)
        let numbers = Gen.int(in: -5...100_000).array(of: Self.keys.count)
        await propertyCheck(count: 300, input: kinds, numbers, Self.hostile) { kinds, numbers, string in
            var fields: [String] = []
            for (index, key) in Self.keys.enumerated() {
                if let value = Self.value(kind: kinds[index], string: string, number: numbers[index]) {
                    fields.append("\(Self.jsonString(key)): \(value)")
                }
            }
            let json = Array(("{" + fields.joined(separator: ", ") + "}").utf8)
            let parsed = ItemParserTests.parsed(item: json)
            #expect(parsed == ItemParserTests.decoded(item: json), "\(String(decoding: json, as: UTF8.self))")
            guard case .item(let exact?) = parsed else {
                Issue.record("an object did not decode: \(String(decoding: json, as: UTF8.self))")
                return
            }
            // The row is decided by id, title, type, dead and deleted alone.
            let item = exact.item
            let kept = !ItemFilter.stories(from: [SourceEntry(location: "p", content: .item(item))]).stories.isEmpty
            let title = item.title ?? ""
            let expected =
                item.id != nil && item.deleted != true && item.dead != true && (item.type ?? "story") == "story"
                && title.contains(where: { !$0.isWhitespace })
            #expect(kept == expected)
        }
    }
}
