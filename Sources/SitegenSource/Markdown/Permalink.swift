import SitegenModel

/// Jekyll's permalinks: a page's path from a pattern (`/:categories/:year/:month/:day/:title/`)
/// or one of Jekyll's named styles (`pretty`), as its `_config.yml` and a post's front matter
/// write them. Pure.
///
/// Pages here are folders (`…/title/index.html`), so `:output_ext` and a `.html` ending write
/// the folder a pretty URL names: `/:title.html` is `title/`. A link written for the old
/// `…/title.html` URL is then counted dead by the link check, which names it.
enum Permalink {
    /// What a pattern's placeholders are made of.
    struct Fields: Equatable {
        /// The date, in the site's zone.
        var date: CivilDate?
        /// The file's name without its date and extension (`hello-world` of
        /// `2019-03-18-hello-world.md`), or front matter `slug` when given: Jekyll's `:title`.
        var title: String
        /// Categories: the folders above `_posts`, then front matter's, lowercased (Jekyll's).
        var categories: [String]
    }

    /// Jekyll's named styles, as its documentation gives them.
    static let styles = [
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    /// The path `pattern` (or the style it names) gives, without slashes at its ends; nil when
    /// it names a placeholder that is not known, or a date the page does not have.
    static func path(_ pattern: String, _ fields: Fields) -> String? {
        let pattern = styles[pattern] ?? pattern
        var out = ""
        var rest = pattern[...]
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let name = rest[rest.index(after: colon)...].prefix { $0.isLetter || $0 == "_" }
            guard let value = value(of: String(name), fields) else { return nil }
            out += value
            rest = rest[rest.index(colon, offsetBy: name.count + 1)...]
        }
        out += rest
        if out.hasSuffix(".html") { out.removeLast(5) }
        let parts = out.split(separator: "/", omittingEmptySubsequences: true)
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    private static func value(of placeholder: String, _ fields: Fields) -> String? {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch placeholder {
        case "title", "name": return fields.title
        case "slug": return slug(fields.title)
        case "categories": return fields.categories.joined(separator: "/")
        case "output_ext": return ""
        default: break
        }
        guard let date = fields.date else { return nil }
        switch placeholder {
        case "year": return String(date.year)
        case "short_year": return two(date.year % 100)
        case "month": return two(date.month)
        case "i_month": return String(date.month)
        case "day": return two(date.day)
        case "i_day": return String(date.day)
        case "y_day": return String(repeating: "0", count: max(0, 3 - String(date.dayOfYear).count)) + String(date.dayOfYear)
        default: return nil
        }
    }

    /// Jekyll's `:slug`: lowercased, each run of characters other than letters and digits a
    /// hyphen, none at the ends.
    static func slug(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }

    /// The site's `permalink` in a Jekyll `_config.yml`: a top-level `permalink:` line, its value
    /// unquoted (a line scan: a config's other keys are the other generator's business).
    static func siteSetting(inConfig text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("permalink:") {
            var value = line.dropFirst("permalink:".count)
            if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
            value = value.drop(while: \.isWhitespace)
            while value.last?.isWhitespace == true { value = value.dropLast() }
            if let first = value.first, first == "\"" || first == "'", value.count >= 2, value.last == first {
                value = value.dropFirst().dropLast()
            }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }
}
