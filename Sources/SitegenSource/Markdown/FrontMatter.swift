/// The `---` block at the top of a Markdown file: `key: value` lines, nothing more. A small,
/// strict reader rather than a YAML library: sitegen needs flat strings, and a strict reader can
/// say exactly which line is wrong.
///
///     ---
///     title: "Hello, world"
///     date: 2026-11-20
///     ---
///     The body, in Markdown.
///
/// Rules: the first line is `---`; the block ends at the next `---` (or `...`) line; inside it,
/// blank lines and `#` comments are ignored, every other line is `key: value` (key of letters,
/// digits, `_` and `-`, unindented), each key at most once. A value may be wrapped in double or
/// single quotes (then `\"` and `\\` are read inside double quotes). A file that does not start
/// with `---` has no front matter: all of it is the body.
public struct FrontMatter: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        public var value: String
        /// 1-based line in the file, for messages.
        public var line: Int
    }

    public struct Error: Swift.Error, Sendable, Equatable {
        public var line: Int
        public var reason: String
    }

    public var fields: [String: Field]
    public var body: String

    public subscript(key: String) -> String? { fields[key]?.value }

    public static func parse(_ text: String) throws(Error) -> FrontMatter {
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        func clean(_ line: Substring) -> Substring { line.last == "\r" ? line.dropLast() : line }
        if var first = lines.first, first.hasPrefix("\u{FEFF}") {
            first = first.dropFirst()
            lines[0] = first
        }
        guard let first = lines.first, clean(first).trimmingTrailingSpaces == "---" else {
            return FrontMatter(fields: [:], body: text)
        }
        var fields: [String: Field] = [:]
        for index in 1..<lines.count {
            let number = index + 1
            let line = clean(lines[index])
            let trimmed = line.trimmingTrailingSpaces
            if trimmed == "---" || trimmed == "..." {
                let body = lines[(index + 1)...].joined(separator: "\n")
                return FrontMatter(fields: fields, body: body)
            }
            if trimmed.allSatisfy(\.isWhitespace) || trimmed.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw Error(line: number, reason: "expected 'key: value'")
            }
            let key = line[..<colon]
            guard !key.isEmpty, key.unicodeScalars.allSatisfy(isKeyScalar) else {
                throw Error(line: number, reason: "'\(key)' is not a key (letters, digits, _ and - only, not indented)")
            }
            guard fields[String(key)] == nil else {
                throw Error(line: number, reason: "'\(key)' is given twice (first on line \(fields[String(key)]!.line))")
            }
            let value = try unquote(line[line.index(after: colon)...].trimmingSpaces, line: number)
            fields[String(key)] = Field(value: value, line: number)
        }
        throw Error(line: 1, reason: "front matter is never closed (no '---' line after it)")
    }

    private static func isKeyScalar(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_" || s == "-"
    }

    private static func unquote(_ raw: Substring, line: Int) throws(Error) -> String {
        guard let quote = raw.first, quote == "\"" || quote == "'" else { return String(raw) }
        guard raw.count >= 2, raw.last == quote else {
            throw Error(line: line, reason: "the quoted value is not closed")
        }
        let inner = raw.dropFirst().dropLast()
        guard quote == "\"" else { return String(inner) }
        var out = ""
        var escaping = false
        for c in inner {
            if escaping {
                out.append(c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        guard !escaping else { throw Error(line: line, reason: "the quoted value ends in a lone backslash") }
        return out
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var s = self
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return s
    }

    fileprivate var trimmingSpaces: Substring {
        trimmingTrailingSpaces.drop { $0 == " " || $0 == "\t" }
    }
}
