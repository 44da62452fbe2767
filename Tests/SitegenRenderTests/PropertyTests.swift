import Foundation
import PropertyBased
import SitegenTestSupport
import Testing

@testable import SitegenRender

/// Random hostile input, a bounded number of cases per run (each run a new seed; a failure
/// prints the seed to pin with `.fixedSeed`): the sanitizer must hold its promises on
/// anything, not only on the examples other suites name (the item parser's are
/// ItemParserPropertyTests, Markdown's MarkdownPropertyTests).
@Suite("Property checks over hostile input")
struct PropertyTests {
    static let hostile = Gen<String?>.element(of: HostilePieces.all).array(of: 0...40).map { $0.compactMap { $0 }.joined() }

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
}
