import Foundation
import SitegenModel

/// What a Markdown folder's own generator does its own way, so its links keep working: read
/// from that generator's config, found where the generator keeps it.
///
/// | config | generator | paths | heading ids |
/// | --- | --- | --- | --- |
/// | `hugo.toml` (`.yaml`, `.json`) beside the folder, or a `config.toml`/`config.yaml` there that sets `baseURL` | Hugo | lowercased, as Hugo makes them (`functions/images/QR.md` → `/functions/images/qr/`), unless `disablePathToLower = true` | GitHub's (Hugo's default) |
/// | a `config.toml` beside the folder that sets `base_url` | Zola | as written | Zola's |
/// | `_config.yml` in the folder | Jekyll | as written | GitHub's (kramdown's GFM input, Jekyll's default), kramdown's own when `input: kramdown` |
/// | none of these | — | as written | GitHub's |
struct SiteDialect: Sendable, Equatable {
    var headingIDs = HeadingIDStyle.github
    /// Whether the paths made from file names are lowercased (Hugo's).
    var lowercasePaths = false

    init(headingIDs: HeadingIDStyle = .github, lowercasePaths: Bool = false) {
        self.headingIDs = headingIDs
        self.lowercasePaths = lowercasePaths
    }

    /// From the configs' texts: Jekyll's `_config.yml`, Hugo's `hugo.*`, and a `config.*` that
    /// is Hugo's or Zola's by its keys. Pure.
    init(jekyll: String?, hugo: String?, config: String?) {
        let keys = config.map(Self.keys) ?? [:]
        if let hugo = hugo ?? (keys["baseurl"] != nil && keys["base_url"] == nil ? config : nil) {
            headingIDs = .github
            lowercasePaths = Self.keys(hugo)["disablepathtolower"] != "true"
        } else if keys["base_url"] != nil {
            headingIDs = .zola
        } else if let jekyll {
            headingIDs = Self.keys(jekyll)["input"]?.lowercased() == "kramdown" ? .kramdown : .github
        }
    }

    /// A config's `key = value` (TOML), `key: value` (YAML) and `"key": value` (JSON) lines, the
    /// keys lowercased and the values unquoted: a line scan, as the rest of a config is the
    /// other generator's business. The first of a key wins.
    static func keys(_ text: String) -> [String: String] {
        var keys: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let separator = trimmed.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                continue
            }
            let key = trimmed[..<separator].trimmingCharacters(in: CharacterSet(charactersIn: " \"'")).lowercased()
            var value = trimmed[trimmed.index(after: separator)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(",") { value.removeLast() }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
            if !key.isEmpty, keys[key] == nil { keys[key] = value }
        }
        return keys
    }
}
