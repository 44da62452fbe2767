/// A Markdown body's lines, each with whether it is inside fenced code (```` ``` ```` or `~~~`,
/// closed by a line that begins with the same three characters), where a heading or template
/// code is text being written about, not what it looks like. The fence lines themselves count
/// as inside. Shared by what reads a body line by line (`MarkdownStory.firstHeading`,
/// `templateLines`); `TemplateForms` keeps its own walk, as a highlight tag opens code there.
enum FencedLines {
    static func forEach(in body: String, _ line: (_ number: Int, _ text: Substring, _ inCode: Bool) -> Void) {
        forEach(in: body) { n, text, inCode in
            line(n, text, inCode)
            return true
        }
    }

    /// The lines in order for as long as `line` returns true: a reader of the first lines of a
    /// long body stops there.
    static func forEach(in body: String, _ line: (_ number: Int, _ text: Substring, _ inCode: Bool) -> Bool) {
        var fence: Substring? = nil
        var start = body.startIndex
        var n = 0
        while true {
            n += 1
            let end = body[start...].firstIndex(of: "\n") ?? body.endIndex
            let text = body[start..<end]
            let trimmed = text.drop { $0 == " " }
            let inCode: Bool
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                inCode = true
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                inCode = true
            } else {
                inCode = false
            }
            if !line(n, text, inCode) || end == body.endIndex { return }
            start = body.index(after: end)
        }
    }
}
