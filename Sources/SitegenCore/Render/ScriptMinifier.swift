import Foundation

/// What sitegen serves of sitegen.js. The source stays one readable, commented file; readers
/// download it without comments and spaces, with the names it declares shortened. This is no
/// general JavaScript minifier: it relies on rules sitegen.js keeps (docs/browser.md):
/// - no shorthand properties (`{ r: r }`, not `{ r }`) and no destructuring;
/// - object keys written `{ key: …` or `, key: …`; a declared name never used as one;
/// - regular expression literals only after `(`, `,`, `=`, `:`, `?`, `!`, `&`, `|` or `;`.
/// The tests run the served script through `node --check` and every browser test uses it.
public enum ScriptMinifier {
    /// Lines between `// #if NAME…` and `// #else` or `// #endif` are kept only when one of the
    /// NAMEs is in `features` (those after `// #else` only when none is), so a site ships the
    /// code of its loading strategy and not the others'.
    public static func minify(_ source: String, features: Set<String> = []) -> String {
        // Comments go first, so that what comes before a name is the code before it.
        let tokens = Token.scan(select(source, features: features)).filter { $0.kind != .comment }.enumerated().map {
            Token(kind: $0.element.kind, text: $0.element.text, newlineBefore: $0.element.newlineBefore, index: $0.offset)
        }
        let names = renaming(tokens)
        var out = ""
        var previous: Token?
        var statements = StatementTracker()
        for token in tokens {
            // `const a = 1; const b = 2;` is served as `const a=1,b=2;`.
            if statements.continuesDeclaration(with: token), out.last == ";" {
                out.removeLast()
                out += ","
                previous = Token(kind: .punctuation, text: ",", newlineBefore: false, index: token.index)
                continue
            }
            var text = token.text
            if token.kind == .name, let short = names[text], !isProperty(token, in: tokens) { text = short }
            if let previous {
                let glue = previous.kind.isWord && token.kind.isWord
                    || (previous.text.hasSuffix("+") && text.hasPrefix("+")) || (previous.text.hasSuffix("-") && text.hasPrefix("-"))
                    || (previous.text.hasSuffix("/") && text.hasPrefix("/"))
                // Where the source breaks a line between two things that could end and start a
                // statement, keep the break, so automatic semicolon insertion reads it the same.
                let statementBreak = token.newlineBefore && previous.kind.endsExpression && token.kind.startsStatement
                if statementBreak { out += "\n" } else if glue { out += " " }
            }
            if token.kind == .template { text = renameInTemplate(text, names) }
            out += text
            previous = Token(kind: token.kind, text: text, newlineBefore: false, index: token.index)
        }
        return out + "\n"
    }

    static func select(_ source: String, features: Set<String>) -> String {
        // One entry per open `#if`: is its parent kept, and does its condition hold.
        var stack: [(parent: Bool, holds: Bool)] = []
        var keep: Bool { stack.last.map { $0.parent && $0.holds } ?? true }
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("// #if ") {
                let names = code.dropFirst(7).split(separator: " ").map(String.init)
                stack.append((keep, names.contains(where: features.contains)))
            } else if code == "// #else", let last = stack.popLast() {
                stack.append((last.parent, !last.holds))
            } else if code == "// #endif" {
                _ = stack.popLast()
            } else if keep {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Declared names (after const, let, or as arrow parameters) → short names, the most used
    /// first, none equal to any name the script leaves alone (globals, keywords, properties).
    static func renaming(_ tokens: [Token]) -> [String: String] {
        var declared = Set<String>()
        for (i, token) in tokens.enumerated() where token.kind == .name {
            let before = i > 0 ? tokens[i - 1].text : ""
            let after = i + 1 < tokens.count ? tokens[i + 1].text : ""
            if after == "=>" || ((before == "(" || before == ","), isArrowParameter(at: i, in: tokens)) == (true, true) {
                declared.insert(token.text)
            }
        }
        // `const a = …, b = …;` and `let a, b;`: every name at the list's own depth.
        for (i, token) in tokens.enumerated() where token.text == "const" || token.text == "let" {
            var depth = 0
            var j = i + 1
            while j < tokens.count {
                let t = tokens[j]
                if ["(", "[", "{"].contains(t.text) { depth += 1 }
                if [")", "]", "}"].contains(t.text) { depth -= 1 }
                if depth < 0 || (depth == 0 && t.text == ";") { break }
                if depth == 0 && t.kind == .name && (j == i + 1 || tokens[j - 1].text == ",") { declared.insert(t.text) }
                j += 1
            }
        }
        var uses: [String: Int] = [:]
        var everyName = Token.keywords
        for token in tokens where token.kind == .name || token.kind == .keyword {
            everyName.insert(token.text)
            // One-letter names are short already.
            if declared.contains(token.text) && token.text.count > 1 { uses[token.text, default: 0] += 1 }
        }
        for token in tokens where token.kind == .template {
            for inner in Token.scan(token.text.replacingOccurrences(of: "`", with: " ")) where inner.kind == .name {
                everyName.insert(inner.text)
            }
        }
        var result: [String: String] = [:]
        // New names appear nowhere in the source, so no rename can capture another name.
        var generator = ShortNames(avoiding: everyName)
        for name in uses.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }).map(\.key) {
            let short = generator.next()
            result[name] = short.count < name.count ? short : name
        }
        return result
    }

    /// A name inside `( … ) =>`: walk right to the closing parenthesis and look for the arrow.
    static func isArrowParameter(at index: Int, in tokens: [Token]) -> Bool {
        var i = index
        while i < tokens.count, tokens[i].kind == .name || tokens[i].text == "," { i += 1 }
        return i + 1 < tokens.count && tokens[i].text == ")" && tokens[i + 1].text == "=>"
    }

    /// `.name` and object keys (`{ name:` or `, name:`) are properties, never renamed.
    static func isProperty(_ token: Token, in tokens: [Token]) -> Bool {
        let i = token.index
        if i > 0, tokens[i - 1].text == "." { return true }
        let nextIsColon = i + 1 < tokens.count && tokens[i + 1].text == ":"
        return nextIsColon && i > 0 && (tokens[i - 1].text == "{" || tokens[i - 1].text == ",")
    }

    /// Renames inside `${ … }` of a template literal (the literal text stays as it is).
    static func renameInTemplate(_ text: String, _ names: [String: String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            out += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let tokens = Token.scan(String(rest[..<close]))
            for token in tokens {
                let renamed = token.kind == .name && !isProperty(token, in: tokens) ? names[token.text] : nil
                if token.index > 0 && tokens[token.index - 1].kind.isWord && token.kind.isWord { out += " " }
                out += renamed ?? token.text
            }
            rest = rest[close...]
        }
        return out + rest
    }
}

/// Short names in order: a…z, A…Z, _, $, then two characters.
struct ShortNames {
    let avoiding: Set<String>
    var n = 0
    static let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$")
    static let rest = first + Array("0123456789")

    init(avoiding: Set<String>) { self.avoiding = avoiding }

    mutating func next() -> String {
        while true {
            var k = n
            n += 1
            var name = String(Self.first[k % Self.first.count])
            k /= Self.first.count
            while k > 0 {
                k -= 1
                name.append(Self.rest[k % Self.rest.count])
                k /= Self.rest.count
            }
            if !avoiding.contains(name) { return name }
        }
    }
}

/// Just enough of JavaScript's statements to see `…; const` (or `let`) that continues a
/// declaration of the same kind at the same depth.
struct StatementTracker {
    /// Per open bracket: the first token of the statement under way there, and whether the next
    /// token starts one.
    private var first: [String] = [""]
    private var atStart: [Bool] = [true]
    /// The kind of the statement a `;` just ended, while the next token is awaited.
    private var ended: String?

    /// Records `token`; true if it is a `const`/`let` that can join the declaration just ended.
    mutating func continuesDeclaration(with token: Token) -> Bool {
        defer { ended = token.text == ";" ? first[first.count - 1] : nil }
        if (token.text == "const" || token.text == "let") && ended == token.text {
            first[first.count - 1] = token.text
            atStart[atStart.count - 1] = false
            return true
        }
        if atStart[atStart.count - 1] {
            first[first.count - 1] = token.text
            atStart[atStart.count - 1] = false
        }
        switch token.text {
        case "(", "[", "{":
            first.append("")
            atStart.append(token.text == "{")
        case ")", "]", "}":
            if first.count > 1 {
                first.removeLast()
                atStart.removeLast()
            }
        case ";":
            atStart[atStart.count - 1] = true
        default:
            break
        }
        return false
    }
}
