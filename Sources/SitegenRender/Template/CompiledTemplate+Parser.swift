extension CompiledTemplate {
    /// Why a template that swift-mustache accepted cannot be compiled.
    struct Unsupported: Error {
        package var what: String
        package var offset: Int
    }

    /// Compiles template text. Throws `Unsupported` for Mustache features sitegen does not render.
    package init(_ source: String) throws {
        let s = Array(source.utf8)
        var ops: [Op] = []
        var text: [UInt8] = []
        var keys: [TemplateKey] = []
        var partialNames: [String] = []
        // Open sections: their path, and the index of their op (its `end` is set at the close).
        var open: [(path: [TemplateKey], op: Int)] = []
        var i = 0
        var textStart = 0

        func appendText(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            ops.append(Op(kind: .text, a: Int32(text.count), b: Int32(text.count + range.count), end: 0))
            text.append(contentsOf: s[range])
        }
        func appendKeys(_ path: [TemplateKey]) -> (Int32, Int32) {
            keys.append(contentsOf: path)
            return (Int32(keys.count - path.count), Int32(keys.count))
        }
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

        while i < s.count {
            guard s[i] == 0x7B, i + 1 < s.count, s[i + 1] == 0x7B else {
                i += 1
                continue
            }
            let tagStart = i
            var j = i + 2
            let triple = j < s.count && s[j] == 0x7B
            if triple { j += 1 }
            let closer: [UInt8] = triple ? [0x7D, 0x7D, 0x7D] : [0x7D, 0x7D]
            var end = j
            while end + closer.count <= s.count && Array(s[end..<(end + closer.count)]) != closer { end += 1 }
            guard end + closer.count <= s.count else { throw Unsupported(what: "an unclosed tag", offset: tagStart) }
            let inner = String(decoding: s[j..<end], as: UTF8.self).trimmingSpaces
            let tagEnd = end + closer.count
            let sigil = triple ? "{" : inner.first.map(String.init) ?? ""
            let name =
                triple
                ? inner : ["#", "^", "/", "!", ">", "&"].contains(sigil) ? String(inner.dropFirst()).trimmingSpaces : inner
            if ["=", "$", "<"].contains(sigil) {
                throw Unsupported(what: "'{{\(sigil)' tags (delimiter changes, inheritance)", offset: tagStart)
            }
            if sigil == "%" { throw Unsupported(what: "'{{%' pragmas", offset: tagStart) }

            // A standalone tag (alone on its line but for blanks) takes its line with it.
            var lineStart = tagStart
            while lineStart > 0 && s[lineStart - 1] != 0x0A { lineStart -= 1 }
            var lineEnd = tagEnd
            while lineEnd < s.count && isBlank(s[lineEnd]) { lineEnd += 1 }
            if lineEnd < s.count && s[lineEnd] == 0x0D && lineEnd + 1 < s.count && s[lineEnd + 1] == 0x0A { lineEnd += 1 }
            let atLineEnd = lineEnd == s.count || s[lineEnd] == 0x0A
            let standalone =
                ["#", "^", "/", "!", ">"].contains(sigil) && atLineEnd
                && s[lineStart..<tagStart].allSatisfy(isBlank) && lineStart >= textStart

            appendText(textStart..<(standalone ? lineStart : tagStart))
            textStart = standalone ? min(s.count, lineEnd + 1) : tagEnd
            i = textStart
            let path = name == "." ? [] : name.split(separator: ".").map { TemplateKey(String($0)) }

            switch sigil {
            case "!":
                break
            case "#", "^":
                let (a, b) = appendKeys(path)
                open.append((path, ops.count))
                ops.append(Op(kind: sigil == "^" ? .invertedSection : .section, a: a, b: b, end: 0))
            case "/":
                guard let section = open.popLast(), section.path == path else {
                    throw Unsupported(what: "a section closed with a different name", offset: tagStart)
                }
                ops[section.op].end = Int32(ops.count)
            case ">":
                if name.hasPrefix("*") { throw Unsupported(what: "dynamic partials", offset: tagStart) }
                let indent = standalone ? s[lineStart..<tagStart] : []
                ops.append(
                    Op(kind: .partial, a: Int32(partialNames.count), b: Int32(text.count), end: Int32(text.count + indent.count)))
                text.append(contentsOf: indent)
                partialNames.append(name)
            default:
                let (a, b) = appendKeys(path)
                ops.append(Op(kind: sigil != "{" && sigil != "&" ? .variable : .rawVariable, a: a, b: b, end: 0))
            }
        }
        appendText(textStart..<s.count)
        guard open.isEmpty else { throw Unsupported(what: "a section that is never closed", offset: s.count) }
        self.init(ops: ops, text: text, keys: keys, partialNames: partialNames)
    }
}

extension String {
    package var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
    }
}
