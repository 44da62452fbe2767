/// The little lexer ScriptMinifier needs: enough of JavaScript to tell names from properties,
/// strings, templates, regular expressions and comments.
struct Token {
    enum Kind: Equatable {
        case name, keyword, number, string, template, regex, punctuation, comment

        /// Two of these side by side need a space between them.
        var isWord: Bool { self == .name || self == .keyword || self == .number }
        var endsExpression: Bool { self != .punctuation && self != .comment }
        var startsStatement: Bool { self != .punctuation && self != .comment }
    }

    var kind: Kind
    var text: String
    /// The source had a line break between this token and the one before.
    var newlineBefore: Bool
    /// Position in the token list it was scanned into.
    var index: Int

    static let keywords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
        "export", "extends", "finally", "for", "function", "if", "import", "in", "instanceof", "let", "new",
        "return", "super", "switch", "this", "throw", "try", "typeof", "var", "void", "while", "with", "yield",
        "async", "await", "of", "true", "false", "null", "undefined", "NaN", "Infinity",
    ]
    static let operators = [
        ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "=>", "==", "!=", "<=", ">=", "&&", "||", "??",
        "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**",
    ].map { Array($0.utf8) }

    static func scan(_ source: String) -> [Token] {
        let s = Array(source.utf8)
        var tokens: [Token] = []
        var i = 0
        var newline = false

        func add(_ kind: Kind, _ start: Int) {
            tokens.append(Token(kind: kind, text: String(decoding: s[start..<i], as: UTF8.self), newlineBefore: newline, index: tokens.count))
            newline = false
        }
        func isNameByte(_ b: UInt8) -> Bool {
            (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F || b == 0x24 || b >= 0x80
        }
        /// After these a "/" starts a regular expression, not a division.
        func regexAllowed() -> Bool {
            guard let last = tokens.last(where: { $0.kind != .comment }) else { return true }
            if last.kind == .keyword { return ["return", "typeof", "case", "do", "else", "in", "of"].contains(last.text) }
            return last.kind == .punctuation && ![")", "]", "}"].contains(last.text)
        }

        while i < s.count {
            let b = s[i]
            let start = i
            if b == 0x0A { newline = true; i += 1; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1; continue }
            if b == UInt8(ascii: "/") && i + 1 < s.count && s[i + 1] == UInt8(ascii: "/") {
                while i < s.count && s[i] != 0x0A { i += 1 }
                add(.comment, start)
            } else if b == UInt8(ascii: "/") && i + 1 < s.count && s[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < s.count && !(s[i] == UInt8(ascii: "*") && s[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(s.count, i + 2)
                add(.comment, start)
            } else if b == UInt8(ascii: "'") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "`") {
                i += 1
                var depth = 0  // ${ … } nesting inside a template
                while i < s.count {
                    if s[i] == UInt8(ascii: "\\") { i += 2; continue }
                    if b == UInt8(ascii: "`") && s[i] == UInt8(ascii: "$") && i + 1 < s.count && s[i + 1] == UInt8(ascii: "{") {
                        depth += 1
                        i += 2
                        continue
                    }
                    if depth > 0 && s[i] == UInt8(ascii: "}") { depth -= 1; i += 1; continue }
                    if depth == 0 && s[i] == b { break }
                    i += 1
                }
                i = min(s.count, i + 1)
                add(b == UInt8(ascii: "`") ? .template : .string, start)
            } else if b == UInt8(ascii: "/") && regexAllowed() {
                i += 1
                var inClass = false
                while i < s.count && (inClass || s[i] != UInt8(ascii: "/")) && s[i] != 0x0A {
                    if s[i] == UInt8(ascii: "\\") { i += 1 } else if s[i] == UInt8(ascii: "[") { inClass = true } else if s[i] == UInt8(ascii: "]") { inClass = false }
                    i += 1
                }
                i += 1
                while i < s.count && isNameByte(s[i]) { i += 1 }  // flags
                i = min(s.count, i)
                add(.regex, start)
            } else if (0x30...0x39).contains(b) || (b == UInt8(ascii: ".") && i + 1 < s.count && (0x30...0x39).contains(s[i + 1])) {
                i += 1
                while i < s.count && (isNameByte(s[i]) || s[i] == UInt8(ascii: ".")) { i += 1 }
                add(.number, start)
            } else if isNameByte(b) {
                while i < s.count && isNameByte(s[i]) { i += 1 }
                let word = String(decoding: s[start..<i], as: UTF8.self)
                add(keywords.contains(word) ? .keyword : .name, start)
            } else {
                let op = operators.first { op in i + op.count <= s.count && Array(s[i..<(i + op.count)]) == op }
                i += op?.count ?? 1
                add(.punctuation, start)
            }
        }
        return tokens
    }
}
