/// A Markdown body's lines, each with whether it is inside fenced code (```` ``` ```` or `~~~`,
/// closed by a line that begins with the same three characters), where a heading or template
/// code is text being written about, not what it looks like. The fence lines themselves count
/// as inside. Shared by what reads a body line by line (`MarkdownStory.firstHeading`,
/// `templateLines`); `TemplateForms` keeps its own walk, as a highlight tag opens code there.
enum FencedLines {
    static func forEach(in body: String, _ line: (_ number: Int, _ text: Substring, _ inCode: Bool) -> Void) {
        var fence: Substring? = nil
        for (n, text) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = text.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                line(n + 1, text, true)
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                line(n + 1, text, true)
            } else {
                line(n + 1, text, false)
            }
        }
    }
}
