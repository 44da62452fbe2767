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
        // Counted over the bytes in place (a String's UTF-8 view went a byte at a time through
        // its index checks, twice over every post).
        let newlines = { (s: String) in
            var s = s
            return s.withUTF8 { bytes in bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
        }
        matter.bodyLine = max(1, newlines(text) - newlines(matter.body) + 1)
        return matter
    }

    private static func parseBlock(_ text: String) throws(Error) -> FrontMatter {
        var text = Substring(text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        var lines = Lines(text)
        let opener = lines.next().map { String($0.trimmingTrailingSpaces) }
        switch opener {
        case "---js", "---javascript":
            // Eleventy's JavaScript front matter is a program; sitegen runs none.
            throw Error(line: 1, reason: "JavaScript front matter (\(opener!)) is not read: write it as YAML between --- lines")
        case "---":
            let (block, body) = try Self.block(&lines, closers: ["---", "..."], name: "---")
            return FrontMatter(format: .yaml, fields: try Self.yaml(block), body: body)
        case "+++":
            let (block, body) = try Self.block(&lines, closers: ["+++"], name: "+++")
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
        _ lines: inout Lines, closers: Set<String>, name: String
    ) throws(Error) -> (
        block: String, body: String
    ) {
        var block: [Substring] = []
        while let line = lines.next() {
            if closers.contains(String(line.trimmingTrailingSpaces)) { return (block.joined(separator: "\n"), lines.rest) }
            block.append(line)
        }
        throw Error(line: 1, reason: "front matter is never closed (no '\(name)' line after it)")
    }

    /// A text's lines, one at a time, as splitting it at "\n" and "\r\n" gives them (each
    /// without a last "\r"), and what is left after them: the block is read a line at a
    /// time, and the body after it is not split at all. (Split whole, a post's body was cut
    /// into Characters and joined again: a tenth of a blog's build.)
    private struct Lines {
        /// The text after the lines read; nil once the last is.
        private var left: Substring?

        init(_ text: Substring) { left = text }

        mutating func next() -> Substring? {
            guard let text = left else { return nil }
            guard let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) else {
                left = nil
                return Self.withoutReturn(text)
            }
            left = text[text.index(after: end)...]
            return Self.withoutReturn(text[..<end])
        }

        /// The lines not read, joined by "\n": the text itself unless it holds a "\r".
        var rest: String {
            guard let text = left else { return "" }
            guard text.utf8.contains(UInt8(ascii: "\r")) else { return String(text) }
            var lines = self
            var all: [Substring] = []
            while let line = lines.next() { all.append(line) }
            return all.joined(separator: "\n")
        }

        private static func withoutReturn(_ line: Substring) -> Substring { line.last == "\r" ? line.dropLast() : line }
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
