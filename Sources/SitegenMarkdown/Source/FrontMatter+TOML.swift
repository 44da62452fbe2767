import SitegenConfig
import TOMLKit

extension FrontMatter {
    /// The top-level keys of a `+++` block (Hugo's TOML front matter), by TOMLKit. Lines are
    /// the file's: the block starts on line 2.
    static func toml(_ block: String) throws(Error) -> [String: Field] {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: block)
        } catch let error as TOMLParseError {
            throw Error(line: error.source.begin.line + 1, reason: "invalid TOML: \(error.description)")
        } catch {
            throw Error(line: 2, reason: "invalid TOML: \(error)")
        }
        var fields: [String: Field] = [:]
        for key in table.keys {
            guard let value = table[key] else { continue }
            let line = ConfigLines.line(of: key, in: block).map { $0 + 1 } ?? 2
            fields[key] = Field(value: Self.value(value), line: line)
        }
        return fields
    }

    private static func value(_ value: any TOMLValueConvertible) -> Value {
        switch value.type {
        case .string: return .text(value.string ?? "")
        case .int: return .text(value.int.map(String.init) ?? "")
        case .double: return .text(value.double.map { String($0) } ?? "")
        case .bool: return .text(value.bool.map { $0 ? "true" : "false" } ?? "")
        case .array: return .list((value.array.map(Array.init) ?? []).map(Self.value))
        case .table:
            var map: [String: Value] = [:]
            if let table = value.table {
                for key in table.keys { if let inner = table[key] { map[key] = Self.value(inner) } }
            }
            return .map(map)
        case .date: return .text(value.date.map(Self.text) ?? "")
        case .time: return .text(value.time.map(Self.text) ?? "")
        case .dateTime:
            // An unquoted TOML date-time (`date = 2025-01-29T18:15:32+05:30`), written back as
            // the text FrontMatterDate reads.
            guard let dateTime = value.dateTime else { return .null }
            let offset = dateTime.offset.map { offset -> String in
                let minutes = abs(offset.offset)
                return (offset.offset < 0 ? "-" : "+") + Self.twoDigits(minutes / 60) + ":" + Self.twoDigits(minutes % 60)
            }
            return .text(Self.text(dateTime.date) + "T" + Self.text(dateTime.time) + (offset ?? ""))
        }
    }

    private static func text(_ date: TOMLDate) -> String {
        String(date.year) + "-" + twoDigits(date.month) + "-" + twoDigits(date.day)
    }

    private static func text(_ time: TOMLTime) -> String {
        twoDigits(time.hour) + ":" + twoDigits(time.minute) + ":" + twoDigits(time.second)
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
