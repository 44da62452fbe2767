import Foundation
import SitegenModel
import SitegenRender

/// Heading ids by the rule of the page's generator (`HeadingIDStyle`), so that the `#fragment`
/// links a site's authors wrote land here too. GitHub's (`github-slugger`; Hugo's, and
/// Jekyll's by default): the heading's text lowercased, every character that is not a letter,
/// mark, digit, `_`, `-` or space dropped, spaces made `-`. Zola's and kramdown's: see
/// `HeadingIDStyle`. A heading that names its own id (`## Install {#setup}`, as Hugo, Zola and
/// kramdown read it) has that one. A second heading of the same id gets `-1`, a third `-2`.
///
/// Unlike GitHub, which prefixes every id with `user-content-` and mends links with a script,
/// ids here are the plain ones, so links work with JavaScript off. So that no heading takes
/// an id the page itself needs, the ids the theme writes (`sitegen-config`, `pages`) count as
/// taken (a heading "Sitegen config" gets `sitegen-config-1`), and an id that could be a
/// footnote's (`fn-…`, `fnref-…`, which cmark-gfm writes) begins `h-` instead.
struct HeadingIDs {
    /// Each id given (and each taken), with how many times its base was asked for again.
    private var seen: [String: Int]
    let style: HeadingIDStyle

    init(taken: Set<String>, style: HeadingIDStyle = .github) {
        seen = Dictionary(uniqueKeysWithValues: taken.map { ($0, 0) })
        self.style = style
    }

    /// `heading` with its id: its own (`{#id}`) when it names one, else its text's; nil when its
    /// text makes none.
    mutating func name(_ heading: RenderedDocument.Heading) -> RenderedDocument.Heading {
        var heading = heading
        var base = heading.id ?? Self.slug(heading.text, style)
        guard !base.isEmpty else { return heading }
        if base.hasPrefix("fn-") || base.hasPrefix("fnref-") { base = "h-" + base }
        var id = base
        while let count = seen[base], seen[id] != nil {
            seen[base] = count + 1
            id = "\(base)-\(count + 1)"
        }
        seen[id] = 0
        heading.id = id
        return heading
    }

    /// The slug of a heading's text, by `style`'s rule.
    static func slug(_ text: String, _ style: HeadingIDStyle) -> String {
        switch style {
        case .github: slug(text)
        case .zola: zolaSlug(text)
        case .kramdown: kramdownSlug(text)
        }
    }

    /// Zola's (the `slug` crate's `slugify`): the text in ASCII (other scripts transliterated,
    /// by ICU here where Zola uses `deunicode`: the same for accents and Chinese, close for
    /// others), lowercased, every run of what is not a letter or digit one `-`, none at the ends.
    static func zolaSlug(_ text: String) -> String {
        let ascii =
            text.allSatisfy(\.isASCII)
            ? text
            : (text.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false)
                ?? text)
        var out = ""
        var dash = true
        for byte in ascii.lowercased().utf8 {
            if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
                dash = false
            } else if !dash {
                out += "-"
                dash = true
            }
        }
        if out.hasSuffix("-") { out.removeLast() }
        return out
    }

    /// kramdown's own: from its first ASCII letter on, ASCII letters, digits, spaces and `-`
    /// kept, spaces made `-`, lowercased; `section` when nothing is left.
    static func kramdownSlug(_ text: String) -> String {
        let isLetter = { (c: Character) in c.isASCII && c.isLetter }
        let kept = text.drop { !isLetter($0) }.filter { c in
            c.isASCII && (c.isLetter || c.isNumber || c == " " || c == "-")
        }
        let slug = kept.replacingOccurrences(of: " ", with: "-").lowercased()
        return slug.isEmpty ? "section" : slug
    }

    /// GitHub's slug of a heading's text.
    static func slug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
                out.append(scalar)
            default:
                if scalar == "-" { out.append(scalar) } else if scalar == " " { out.append("-") }
            }
        }
        return String(out)
    }
}
