import Foundation
import TOMLKit

/// `sitegen.toml` → `SiteConfig`. The only file that imports TOMLKit; pure (text in, value out),
/// so tests parse strings. TOMLKit says where a document fails to parse but not where a value
/// sits, so `ConfigLines` finds the line of a key for errors about unknown keys and wrong types.
extension SiteConfig {
    /// Every key a config file may hold, with what it must be: each build flag, `--` dropped and
    /// `-` written `_` (`--page-size` → `page_size`), `[fields]` for `--field`, and serve's `port`.
    public static let keys: [(key: String, kind: Kind)] = [
        ("source", .string), ("output", .string), ("page_size", .integer), ("base_url", .string), ("title", .string),
        ("strategy", .strategy), ("templates", .string), ("pages", .string), ("keep_generations", .integer),
        ("port", .integer), ("list", .string), ("limit", .integer), ("items_key", .string), ("total_key", .string),
        ("first_page", .integer), ("fields", .fields), ("concurrency", .integer), ("timeout", .duration),
        ("deadline", .duration), ("retries", .integer), ("cache_dir", .string), ("cache_ttl", .duration),
        ("offline", .boolean), ("precompress", .boolean), ("item_pages", .boolean),
    ]

    public enum Kind: Sendable {
        case string, integer, boolean, duration, strategy, fields

        var words: String {
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

    /// Parses a config file's text; `path` is only for errors.
    public init(toml text: String, path: String) throws {
        self.init()
        self.path = path
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw SitegenError.config(
                path: path, line: error.source.begin.line, column: error.source.begin.column,
                reason: "invalid TOML: \(error.description)")
        }
        let kinds = Dictionary(uniqueKeysWithValues: Self.keys.map { ($0.key, $0.kind) })
        for key in table.keys.sorted(by: { ConfigLines.line(of: $0, in: text) ?? 0 < ConfigLines.line(of: $1, in: text) ?? 0 }) {
            let line = ConfigLines.line(of: key, in: text)
            guard let kind = kinds[key] else {
                let hint = Self.closest(to: key).map { " (did you mean \($0)?)" } ?? ""
                throw SitegenError.config(path: path, line: line, column: nil, reason: "unknown key '\(key)'\(hint)")
            }
            let value = table[key]!
            func wrong() -> SitegenError {
                .config(path: path, line: line, column: nil, reason: "\(key): expected \(kind.words), got \(Self.describe(value))")
            }
            lines[key] = line
            switch kind {
            case .string:
                guard let string = value.string else { throw wrong() }
                set(string: string, for: key)
            case .integer:
                guard value.type == .int, let int = value.int else { throw wrong() }
                set(integer: int, for: key)
            case .boolean:
                guard let bool = value.bool else { throw wrong() }
                switch key {
                case "precompress": precompress = bool
                case "item_pages": itemPages = bool
                default: offline = bool
                }
            case .duration:
                let duration: Duration?
                if value.type == .int, let seconds = value.int, seconds >= 0 {
                    duration = .seconds(seconds)
                } else if let string = value.string {
                    duration = DurationText.parse(string)
                } else {
                    duration = nil
                }
                guard let duration else { throw wrong() }
                switch key {
                case "timeout": timeout = duration
                case "deadline": deadline = duration
                default: cacheTTL = duration
                }
            case .strategy:
                guard let string = value.string, let chosen = LoadingStrategy(rawValue: string) else { throw wrong() }
                strategy = chosen
            case .fields:
                guard let fieldTable = value.table else { throw wrong() }
                var assignments: [String] = []
                for field in fieldTable.keys.sorted() {
                    let fieldLine = ConfigLines.line(of: field, inTable: "fields", in: text) ?? line
                    guard let jsonPath = fieldTable[field]?.string else {
                        throw SitegenError.config(
                            path: path, line: fieldLine, column: nil,
                            reason: "fields.\(field): expected a string (a dotted path such as \"labels.medium\")")
                    }
                    guard FieldMapping.Field(rawValue: field) != nil else {
                        let known = FieldMapping.Field.allCases.map(\.rawValue).joined(separator: ", ")
                        throw SitegenError.config(
                            path: path, line: fieldLine, column: nil,
                            reason: "fields: unknown story field '\(field)' (one of \(known))")
                    }
                    assignments.append("\(field)=\(jsonPath)")
                }
                fields = assignments
            }
        }
    }

    private mutating func set(string: String, for key: String) {
        switch key {
        case "source": source = string
        case "output": output = string
        case "base_url": baseURL = string
        case "title": title = string
        case "templates": templates = string
        case "pages": pages = string
        case "list": list = string
        case "items_key": itemsKey = string
        case "total_key": totalKey = string
        default: cacheDir = string
        }
    }

    private mutating func set(integer: Int, for key: String) {
        switch key {
        case "page_size": pageSize = integer
        case "keep_generations": keepGenerations = integer
        case "port": port = integer
        case "limit": limit = integer
        case "first_page": firstPage = integer
        case "concurrency": concurrency = integer
        default: retries = integer
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
    static func closest(to key: String) -> String? {
        let normalized = key.replacingOccurrences(of: "-", with: "_").lowercased()
        let scored = keys.map { ($0.key, editDistance(normalized, $0.key)) }.min { $0.1 < $1.1 }
        guard let scored, scored.1 <= 2 else { return nil }
        return scored.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
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
enum ConfigLines {
    static func line(of key: String, inTable table: String? = nil, in text: String) -> Int? {
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
