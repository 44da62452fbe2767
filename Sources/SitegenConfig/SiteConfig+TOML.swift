import Foundation
import SitegenModel
import TOMLKit

/// `sitegen.toml` → `SiteConfig`. The only file that imports TOMLKit; pure (text in, value out),
/// so tests parse strings. TOMLKit says where a document fails to parse but not where a value
/// sits, so `ConfigLines` finds the line of a key for errors about unknown keys and wrong types.
extension SiteConfig {
    public enum Kind: Sendable {
        case string, integer, boolean, duration, strategy, fields

        package var words: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .boolean: "true or false"
            case .duration: "a duration (\"10s\", \"500ms\", \"5m\") or a number of seconds"
            case .strategy: "one of \"prefetch\", \"batch\", \"all\""
            case .fields: "a table of story field = \"json.path\" (title = \"name\")"
            }
        }
    }

    /// Parses a config file's text, holding it to `keys` (the table); `path` is only for errors.
    public init(toml text: String, path: String, keys: [ConfigKey] = SiteConfig.keys) throws {
        self.init()
        self.path = path
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError.config(
                path: path, line: error.source.begin.line, column: error.source.begin.column,
                reason: "invalid TOML: \(error.description)")
        }
        let keysByName = Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0) })
        for key in table.keys.sorted(by: { ConfigLines.line(of: $0, in: text) ?? 0 < ConfigLines.line(of: $1, in: text) ?? 0 }) {
            let line = ConfigLines.line(of: key, in: text)
            guard let known = keysByName[key] else {
                let hint = Self.closest(to: key, among: keys).map { " (did you mean \($0)?)" } ?? ""
                throw ConfigError.config(path: path, line: line, column: nil, reason: "unknown key '\(key)'\(hint)")
            }
            let value = table[key]!
            func wrong() -> ConfigError {
                .config(
                    path: path, line: line, column: nil,
                    reason: "\(key): expected \(known.kind.words), got \(Self.describe(value))")
            }
            lines[key] = line
            values[key] = try Self.value(value, of: known, line: line, in: text, path: path, wrong: wrong)
        }
    }

    /// A TOML value read as `key`'s kind; `wrong` words a value of another type.
    private static func value(
        _ value: any TOMLValueConvertible, of key: ConfigKey, line: Int?, in text: String, path: String,
        wrong: () -> ConfigError
    ) throws -> ConfigValue {
        switch key.kind {
        case .string:
            guard let string = value.string else { throw wrong() }
            return .string(string)
        case .integer:
            guard value.type == .int, let int = value.int else { throw wrong() }
            return .integer(int)
        case .boolean:
            guard let bool = value.bool else { throw wrong() }
            return .boolean(bool)
        case .duration:
            if value.type == .int, let seconds = value.int, seconds >= 0 { return .duration(.seconds(seconds)) }
            guard let string = value.string, let duration = DurationText.parse(string) else { throw wrong() }
            return .duration(duration)
        case .strategy:
            guard let string = value.string, let chosen = LoadingStrategy(rawValue: string) else { throw wrong() }
            return .strategy(chosen)
        case .fields:
            guard let fieldTable = value.table else { throw wrong() }
            var assignments: [String] = []
            for field in fieldTable.keys.sorted() {
                let fieldLine = ConfigLines.line(of: field, inTable: "fields", in: text) ?? line
                guard let jsonPath = fieldTable[field]?.string else {
                    throw ConfigError.config(
                        path: path, line: fieldLine, column: nil,
                        reason: "fields.\(field): expected a string (a dotted path such as \"labels.medium\")")
                }
                guard StoryField(rawValue: field) != nil else {
                    let names = StoryField.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ConfigError.config(
                        path: path, line: fieldLine, column: nil,
                        reason: "fields: unknown story field '\(field)' (one of \(names))")
                }
                assignments.append("\(field)=\(jsonPath)")
            }
            return .fields(assignments)
        }
    }

    private static func describe(_ value: any TOMLValueConvertible) -> String {
        switch value.type {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a number with a fraction"
        case .bool: "a boolean"
        case .table: "a table"
        case .array: "an array"
        case .date, .time, .dateTime: "a date or time"
        }
    }

    /// The known key a mistyped one most likely meant: at most two edits away, or the same
    /// letters with `-` for `_`.
    static func closest(to key: String, among keys: [ConfigKey] = SiteConfig.keys) -> String? {
        let normalized = key.replacingOccurrences(of: "-", with: "_").lowercased()
        let scored = keys.map { ($0.name, editDistance(normalized, $0.name)) }.min { $0.1 < $1.1 }
        guard let scored, scored.1 <= 2 else { return nil }
        return scored.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}

/// Finds the line a key is written on in a TOML document: enough of TOML's syntax for a config
/// file's flat keys (bare or quoted, at the top or under a `[table]` header).
package enum ConfigLines {
    package static func line(of key: String, inTable table: String? = nil, in text: String) -> Int? {
        var current: String? = nil
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                let name = line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
                current = name
                if table == nil, name == key { return index + 1 }
                continue
            }
            guard current == table else { continue }
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where line.hasPrefix(spelling) {
                let rest = line.dropFirst(spelling.count).drop { $0 == " " || $0 == "\t" }
                if rest.hasPrefix("=") || (table == nil && rest.hasPrefix(".")) { return index + 1 }
            }
        }
        return nil
    }
}
