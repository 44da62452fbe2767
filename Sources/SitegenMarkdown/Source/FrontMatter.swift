import SitegenModel

/// The block of settings at the top of a Markdown file, in the three forms static site
/// generators write it, and the body after it:
///
///     ---                          +++                          {
///     title: "Hello, world"        title = "Hello, world"         "title": "Hello, world",
///     tags: [swift, web]           tags = ["swift", "web"]        "tags": ["swift", "web"]
///     ---                          +++                          }
///     The body, in Markdown.       The body.                    The body.
///
/// YAML (Jekyll, Hugo, Eleventy, Astro) is read by Yams, TOML (Hugo's `+++`) by TOMLKit, JSON
/// (Hugo's `{ … }`) by Foundation. A file that starts with none of them has no front matter: all
/// of it is the body.
///
/// Values keep the text they were written with (`yes`, `2025-01-29 18:15:32 +0530`, `"12"`),
/// not a YAML library's guess at their type, so each key is read the way sitegen reads that key,
/// whatever its spelling (`MarkdownStory`); every key, known or not, stays available to
/// templates.
public struct FrontMatter: Sendable, Equatable {
    /// The model's type, so a story carries its front matter to the templates as it was read.
    public typealias Value = MetaValue

    public struct Field: Sendable, Equatable {
        public var value: Value
        /// 1-based line in the file, for messages.
        public var line: Int
    }

    public enum Format: Sendable, Equatable {
        case none, yaml, toml, json
    }

    /// Front matter that does not parse: the line in the file (not in the block) and why.
    public struct Error: Swift.Error, Sendable, Equatable {
        public var line: Int
        public var reason: String
    }

    public var format: Format
    public var fields: [String: Field]
    public var body: String
    /// The file's line the body starts on (1 without front matter), for messages about it.
    public var bodyLine = 1

    /// The key's text: a scalar's, or a list's first (a list where one value is usual, as
    /// `author: [ada, grace]`). Nil when absent, null, empty or a map.
    public subscript(key: String) -> String? {
        fields[key]?.value.firstText
    }

    /// The key as a yes or no, in any of YAML's spellings (`true`, `yes`, `on` and their
    /// opposites, any case).
    public func flag(_ key: String) -> Bool? {
        switch self[key]?.lowercased() {
        case "true", "yes", "on", "y": true
        case "false", "no", "off", "n": false
        default: nil
        }
    }

    /// The key's texts: a list's scalars, or a single scalar's words (Jekyll's `tags: a b`).
    public func texts(_ key: String) -> [String] {
        switch fields[key]?.value {
        case .text(let text)?: text.split(whereSeparator: \.isWhitespace).map(String.init)
        case .list(let items)?: items.compactMap(\.firstText).filter { !$0.isEmpty }
        default: []
        }
    }

    public static func parse(_ text: String) throws(Error) -> FrontMatter {
        var matter = try parseBlock(text)
        // The body is the file's end: the lines before it are the file's less its own.
        let newlines = { (s: String) in s.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
        matter.bodyLine = max(1, newlines(text) - newlines(matter.body) + 1)
        return matter
    }

    private static func parseBlock(_ text: String) throws(Error) -> FrontMatter {
        var text = Substring(text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.last == "\r" ? $0.dropLast() : $0 }
        let opener = lines.first.map { String($0.trimmingTrailingSpaces) }
        switch opener {
        case "---js", "---javascript":
            // Eleventy's JavaScript front matter is a program; sitegen runs none.
            throw Error(line: 1, reason: "JavaScript front matter (\(opener!)) is not read: write it as YAML between --- lines")
        case "---":
            let (block, body) = try Self.block(lines, closers: ["---", "..."], name: "---")
            return FrontMatter(format: .yaml, fields: try Self.yaml(block), body: body)
        case "+++":
            let (block, body) = try Self.block(lines, closers: ["+++"], name: "+++")
            return FrontMatter(format: .toml, fields: try Self.toml(block), body: body)
        default:
            // JSON only when the file opens with an object's `{` and a key or its `}`: a body that
            // starts with Liquid (`{% raw %}`) or a shortcode (`{{< x >}}`) is a body.
            if text.first == "{", let next = text.dropFirst().first(where: { !$0.isWhitespace }), next == "\"" || next == "}" {
                let (fields, body) = try Self.json(text)
                return FrontMatter(format: .json, fields: fields, body: body)
            }
            return FrontMatter(format: .none, fields: [:], body: String(text))
        }
    }

    /// The lines between the opener and its closer, and the body after the closer.
    private static func block(
        _ lines: [Substring], closers: Set<String>, name: String
    ) throws(Error) -> (
        block: String, body: String
    ) {
        guard let end = lines.indices.dropFirst().first(where: { closers.contains(String(lines[$0].trimmingTrailingSpaces)) })
        else {
            throw Error(line: 1, reason: "front matter is never closed (no '\(name)' line after it)")
        }
        return (lines[1..<end].joined(separator: "\n"), lines[(end + 1)...].joined(separator: "\n"))
    }
}

extension MetaValue {
    /// A scalar's text, or a list's first scalar.
    var firstText: String? {
        switch self {
        case .text(let text): text
        case .list(let items): items.first?.firstText
        case .map, .null: nil
        }
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var s = self
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return s
    }
}
