import SitegenModel

/// The table of settings written out for people: `sitegen init`'s commented `sitegen.toml` and
/// the guide's page of every setting (docs/guides/settings.md, `sitegen settings`). Both are
/// made from `SiteConfig.keys`, so a key added there is in both.
extension SiteConfig {
    /// A `sitegen.toml` that sets `set` (in the table's order) and names every other key of
    /// `keys`, commented out at its default, each under its help.
    public static func commentedFile(setting set: [String: ConfigValue], keys: [ConfigKey] = SiteConfig.keys) -> String {
        var text = """
            # sitegen's settings for this site. Every key is here: those set, and the others
            # commented out at their defaults. A flag given on the command line wins over its key
            # (page_size is --page-size). Paths are relative to this file.

            """
        var fieldsKey: ConfigKey? = nil
        for key in keys {
            if key.kind == .fields {
                fieldsKey = key
                continue
            }
            text += "\n" + comment(key.helpText)
            if let value = set[key.name] {
                text += "\(key.name) = \(toml(value))\n"
            } else if let value = key.defaultConfigValue {
                text += "# \(key.name) = \(toml(value, of: key))\n"
            } else {
                text += "# \(key.name) = \(placeholder(for: key))\n"
            }
        }
        // A table comes after every plain key in TOML.
        if let key = fieldsKey {
            text += "\n" + comment(key.helpText) + "# [\(key.name)]\n# image = \"labels.medium\"\n"
        }
        return text
    }

    /// A page of the guide listing every key of `keys`: its flag, default, the commands that
    /// take it and its help, in the table's order.
    public static func reference(keys: [ConfigKey] = SiteConfig.keys) -> String {
        var text = """
            ---
            title: Every setting
            weight: 11
            ---
            # Every setting

            Each setting is a key of `sitegen.toml` and a flag of the commands that take it:
            `page_size` is `--page-size`, an on/off key is `--search` and `--no-search`, and
            `[fields]` is `--field story-field=path`, given once per field. A flag wins over its
            key; a key wins over the default. [sitegen.toml](guide.md#sitegentoml) tells where the
            file is looked for. This page is made from sitegen's table of settings
            (`SiteConfig.keys`) by `sitegen settings`; a test holds it to the table.

            | key | flag | default | commands | what it does |
            | --- | --- | --- | --- | --- |

            """
        // A table cell ends at `|`, even in code (GFM), and `<id>` in text would be a tag.
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
        }
        for key in keys {
            let flag =
                key.kind == .boolean
                ? "`--\(key.flag)`, `--no-\(key.flag)`"
                : "`--\(key.flag) <\(key.valueName ?? "value")>`".replacingOccurrences(of: "|", with: "\\|")
            let commands = ConfigKey.Command.allCases.filter { key.commands.contains($0) }.map(\.rawValue)
            let defaultCell: String
            switch key.defaultValue {
            case .none: defaultCell = ""
            case .words(let words): defaultCell = cell(words)
            case .value: defaultCell = "`" + (key.defaultText ?? "") + "`"
            }
            text += "| `\(key.name)` | \(flag) | \(defaultCell) | \(commands.joined(separator: ", ")) | \(cell(key.help)) |\n"
        }
        return text
    }

    /// `text` as `#` lines of at most 96 columns.
    private static func comment(_ text: String) -> String {
        wrap(text, width: 96, first: "# ", rest: "# ").joined(separator: "\n") + "\n"
    }

    /// `text`'s words in lines of at most `width` columns (a longer word alone on its line), the
    /// first line after `first`, the others after `rest`: `--help`'s flags and `sitegen init`'s
    /// comments alike.
    static func wrap(_ text: String, width: Int, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        var empty = true
        for word in text.split(separator: " ") {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines
    }

    /// A value as TOML writes it; a duration as its key's default text (`"10s"`).
    static func toml(_ value: ConfigValue, of key: ConfigKey? = nil) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .integer(let n): String(n)
        case .boolean(let on): on ? "true" : "false"
        case .duration: quoted(key?.defaultText ?? ConfigKey.words(value))
        case .strategy(let strategy): quoted(strategy.rawValue)
        case .fields(let fields): "[" + fields.map(quoted).joined(separator: ", ") + "]"
        }
    }

    /// What a key without a value default is set to, shown by its kind.
    private static func placeholder(for key: ConfigKey) -> String {
        switch key.kind {
        case .integer: "<\(key.valueName ?? "n")>"
        default: quoted("<\(key.valueName ?? "value")>")
        }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
