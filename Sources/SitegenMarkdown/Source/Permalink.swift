import Foundation
import SitegenModel

/// Permalinks as Jekyll and Hugo write them: a page's path from a pattern
/// (`/:categories/:year/:month/:day/:title/`, Hugo's `/:section/:year/:slug/`) or one of
/// Jekyll's named styles (`pretty`), from Jekyll's `_config.yml`, a Jekyll post's front matter,
/// or Hugo's `[permalinks]`. Pure.
///
/// Pages here are folders (`…/title/index.html`), so `:output_ext` and a `.html` ending write
/// the folder a pretty URL names: `/:title.html` is `title/`. A link written for the old
/// `…/title.html` URL is then counted dead by the link check, which names it.
enum Permalink {
    /// Whose placeholders a pattern is written in: the two read `:title` differently (Jekyll's
    /// is the file's name, Hugo's the page's title).
    enum Dialect {
        case jekyll, hugo
    }

    /// What a pattern's placeholders are made of.
    struct Fields: Equatable {
        /// The date, in the site's zone.
        var date: CivilDate?
        /// The file's name without its date and extension (`hello-world` of
        /// `2019-03-18-hello-world.md`; a bundle's `index.md` its folder's name).
        var fileName: String
        /// Front matter's `slug`.
        var slug: String?
        /// The page's title.
        var title = ""
        /// Jekyll's categories: the folders above `_posts`, then front matter's, lowercased.
        var categories: [String] = []
        /// Hugo's sections: the folders the file is in (a bundle's, those above its folder).
        var sections: [String] = []
    }

    /// A site's own settings, as its generator's config has them: Jekyll's `permalink` for its
    /// posts, Hugo's `[permalinks]` by section.
    struct Settings: Sendable, Equatable {
        var posts: String?
        var sections: [String: String] = [:]
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
    static func path(_ pattern: String, _ fields: Fields, _ dialect: Dialect = .jekyll) -> String? {
        let pattern = dialect == .jekyll ? styles[pattern] ?? pattern : pattern
        var out = ""
        var rest = pattern[...]
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let name = rest[rest.index(after: colon)...].prefix { $0.isLetter || $0 == "_" }
            guard let value = value(of: String(name), fields, dialect) else { return nil }
            out += value
            rest = rest[rest.index(colon, offsetBy: name.count + 1)...]
        }
        out += rest
        if out.hasSuffix(".html") { out.removeLast(5) }
        let parts = out.split(separator: "/", omittingEmptySubsequences: true)
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    private static func value(of placeholder: String, _ fields: Fields, _ dialect: Dialect) -> String? {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch (dialect, placeholder) {
        case (.jekyll, "title"), (.jekyll, "name"): return fields.slug ?? fields.fileName
        case (.jekyll, "slug"): return slug(fields.slug ?? fields.fileName)
        case (.jekyll, "categories"): return fields.categories.joined(separator: "/")
        case (.jekyll, "output_ext"): return ""
        case (.hugo, "title"): return urlized(fields.title)
        case (.hugo, "slug"): return fields.slug ?? urlized(fields.title)
        case (.hugo, "filename"), (.hugo, "contentbasename"): return fields.fileName
        case (.hugo, "slugorfilename"), (.hugo, "slugorcontentbasename"): return fields.slug ?? fields.fileName
        case (.hugo, "section"): return fields.sections.first
        case (.hugo, "sections"): return fields.sections.joined(separator: "/")
        default: break
        }
        guard let date = fields.date else { return nil }
        switch placeholder {
        case "year": return String(date.year)
        case "month": return two(date.month)
        case "day": return two(date.day)
        case "short_year" where dialect == .jekyll: return two(date.year % 100)
        case "i_month" where dialect == .jekyll: return String(date.month)
        case "i_day" where dialect == .jekyll: return String(date.day)
        case "y_day" where dialect == .jekyll:
            return String(repeating: "0", count: max(0, 3 - String(date.dayOfYear).count)) + String(date.dayOfYear)
        case "yearday" where dialect == .hugo: return String(date.dayOfYear)
        default: return nil
        }
    }

    /// Hugo's `urlize` of a title, for a path: lowercased, each run of spaces a hyphen, and only
    /// letters, digits, `-`, `_` and `.` kept.
    static func urlized(_ text: String) -> String {
        var kept = ""
        for character in text.lowercased() {
            if character.isWhitespace {
                kept.append("-")
            } else if character.isLetter || character.isNumber || "-_.".contains(character) {
                kept.append(character)
            }
        }
        return kept.split(separator: "-").joined(separator: "-")
    }

    /// Jekyll's `:slug`: lowercased, each run of characters other than letters and digits a
    /// hyphen, none at the ends.
    static func slug(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }

    /// Hugo's `[permalinks]` (or `[permalinks.page]`) table in its `hugo.toml` or `config.toml`:
    /// each section's pattern (`posts = "/:year/:month/:slug/"`). A line scan, as for Jekyll's.
    static func sectionSettings(inHugoConfig text: String) -> [String: String] {
        var settings: [String: String] = [:]
        var inTable = false
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                inTable = trimmed == "[permalinks]" || trimmed == "[permalinks.page]"
                continue
            }
            guard inTable, let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"'"))
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if let quote = value.first, quote == "\"" || quote == "'", let end = value.dropFirst().firstIndex(of: quote) {
                value = String(value[value.index(after: value.startIndex)..<end])
                if !key.isEmpty, !value.isEmpty { settings[key] = value }
            }
        }
        return settings
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
