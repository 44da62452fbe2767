/// Heading ids by GitHub's rules (its `github-slugger`), so that the `#fragment` links a site's
/// authors wrote for GitHub, Hugo or Jekyll land here too: the heading's text lowercased, every
/// character that is not a letter, mark, digit, `_`, `-` or space dropped, spaces made `-`; a
/// second heading of the same id gets `-1`, a third `-2`.
///
/// Unlike GitHub, which prefixes every id with `user-content-` and mends links with a script,
/// ids here are the plain ones, so links work with JavaScript off. So that no heading takes
/// an id the page itself needs, the ids the theme writes (`sitegen-config`, `pages`) count as
/// taken (a heading "Sitegen config" gets `sitegen-config-1`), and an id that could be a
/// footnote's (`fn-…`, `fnref-…`, which cmark-gfm writes) begins `h-` instead.
struct HeadingIDs {
    /// Each id given (and each taken), with how many times its base was asked for again.
    private var seen: [String: Int]

    init(taken: Set<String>) {
        seen = Dictionary(uniqueKeysWithValues: taken.map { ($0, 0) })
    }

    /// `heading` with its id: nil when its text makes none.
    mutating func name(_ heading: Markdown.Heading) -> Markdown.Heading {
        var heading = heading
        var base = Self.slug(heading.text)
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
