/// CSS Syntax Level 3's tokenizer, plainly written, for what tests need of it: the tokens a
/// browser reads in a stylesheet, to hold `CompactCSS` to meaning what its input means. Each
/// token is its kind and its source text (comments are not tokens).
enum CSSTokens {
    static func tokens(_ css: String) -> [String] {
        let s = Array(css.unicodeScalars)
        var i = 0
        var out: [String] = []
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        func isNewline(_ c: Unicode.Scalar?) -> Bool { c == "\n" || c == "\r" || c == "\u{C}" }
        func isSpace(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" || isNewline(c) }
        func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }
        func isHex(_ c: Unicode.Scalar?) -> Bool {
            c.map { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) } ?? false
        }
        func isNameStart(_ c: Unicode.Scalar?) -> Bool {
            c.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" || $0.value >= 0x80 } ?? false
        }
        func isName(_ c: Unicode.Scalar?) -> Bool { isNameStart(c) || isDigit(c) || c == "-" }
        func validEscape(_ k: Int) -> Bool { at(k) == "\\" && at(k + 1) != nil && !isNewline(at(k + 1)) }
        func startsIdent(_ k: Int) -> Bool {
            if at(k) == "-" { return isNameStart(at(k + 1)) || at(k + 1) == "-" || validEscape(k + 1) }
            return isNameStart(at(k)) || validEscape(k)
        }
        func startsNumber(_ k: Int) -> Bool {
            if at(k) == "+" || at(k) == "-" { return isDigit(at(k + 1)) || (at(k + 1) == "." && isDigit(at(k + 2))) }
            if at(k) == "." { return isDigit(at(k + 1)) }
            return isDigit(at(k))
        }
        /// Consumes an escape after its `\`; returns the scalar it stands for.
        func escape() -> Unicode.Scalar {
            guard isHex(at(i)) else {
                defer { i += 1 }
                return s[i]
            }
            var value: UInt32 = 0
            var n = 0
            while n < 6, isHex(at(i)) {
                value = value * 16 + UInt32(String(s[i]), radix: 16)!
                i += 1
                n += 1
            }
            if at(i) == "\r", at(i + 1) == "\n" { i += 2 } else if isSpace(at(i)) { i += 1 }
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        /// Consumes a name; returns its value.
        func name() -> String {
            var value = ""
            while true {
                if isName(at(i)) {
                    value.unicodeScalars.append(s[i])
                    i += 1
                } else if validEscape(i) {
                    i += 1
                    value.unicodeScalars.append(escape())
                } else {
                    return value
                }
            }
        }
        while i < s.count {
            let start = i
            let c = s[i]
            var kind: String
            if c == "/", at(i + 1) == "*" {
                i += 2
                while i < s.count, !(s[i] == "*" && at(i + 1) == "/") { i += 1 }
                i = min(s.count, i + 2)
                continue
            } else if isSpace(c) {
                while isSpace(at(i)) { i += 1 }
                kind = "space"
            } else if c == "\"" || c == "'" {
                i += 1
                kind = "string"
                while let d = at(i) {
                    if d == c {
                        i += 1
                        break
                    }
                    if isNewline(d) {
                        kind = "bad-string"
                        break
                    }
                    if d == "\\" {
                        if at(i + 1) == nil {
                            i += 1
                        } else if at(i + 1) == "\r", at(i + 2) == "\n" {
                            i += 3
                        } else {
                            i += 2
                        }
                        continue
                    }
                    i += 1
                }
            } else if startsNumber(i) {
                if at(i) == "+" || at(i) == "-" { i += 1 }
                while isDigit(at(i)) { i += 1 }
                if at(i) == ".", isDigit(at(i + 1)) {
                    i += 1
                    while isDigit(at(i)) { i += 1 }
                }
                if at(i) == "e" || at(i) == "E" {
                    if isDigit(at(i + 1)) {
                        i += 1
                    } else if at(i + 1) == "+" || at(i + 1) == "-", isDigit(at(i + 2)) {
                        i += 2
                    }
                    while isDigit(at(i)) { i += 1 }
                }
                if startsIdent(i) {
                    _ = name()
                    kind = "dimension"
                } else if at(i) == "%" {
                    i += 1
                    kind = "percentage"
                } else {
                    kind = "number"
                }
            } else if startsIdent(i) {
                let value = name()
                if value.lowercased() == "url", at(i) == "(" {
                    i += 1
                    while isSpace(at(i)), isSpace(at(i + 1)) { i += 1 }
                    if at(i) == "\"" || at(i) == "'" || (isSpace(at(i)) && (at(i + 1) == "\"" || at(i + 1) == "'")) {
                        kind = "function"
                    } else {
                        kind = "url"
                        while isSpace(at(i)) { i += 1 }
                        var bad = false
                        while let d = at(i) {
                            if d == ")" {
                                i += 1
                                break
                            }
                            if bad || d == "\"" || d == "'" || d == "(" || isSpace(d) {
                                if isSpace(d), !bad {
                                    while isSpace(at(i)) { i += 1 }
                                    if at(i) == ")" || at(i) == nil { continue }
                                }
                                bad = true
                                if validEscape(i) { i += 1 }
                                i += 1
                                continue
                            }
                            if d == "\\" {
                                if validEscape(i) {
                                    i += 1
                                    _ = escape()
                                } else {
                                    bad = true
                                    i += 1
                                }
                                continue
                            }
                            i += 1
                        }
                        if bad { kind = "bad-url" }
                    }
                } else if at(i) == "(" {
                    i += 1
                    kind = "function"
                } else {
                    kind = "ident"
                }
            } else if c == "#", isName(at(i + 1)) || validEscape(i + 1) {
                i += 1
                _ = name()
                kind = "hash"
            } else if c == "@", startsIdent(i + 1) {
                i += 1
                _ = name()
                kind = "at-keyword"
            } else {
                i += 1
                kind = "delim"
            }
            out.append(kind + " " + String(String.UnicodeScalarView(s[start..<i])))
        }
        return out
    }

    /// The tokens as far as meaning goes: whitespace is one token of one space, none at either
    /// end, nor beside a `{ } ; ,` (CSS's grammar never needs it there).
    static func meaning(_ css: String) -> [String] {
        var tokens: [String] = []
        let tight: Set = ["delim {", "delim }", "delim ;", "delim ,"]
        for token in Self.tokens(css) {
            if token.hasPrefix("space") {
                if let last = tokens.last, last != "space", !tight.contains(last) { tokens.append("space") }
            } else {
                if tokens.last == "space", tight.contains(token) { tokens.removeLast() }
                tokens.append(token)
            }
        }
        if tokens.last == "space" { tokens.removeLast() }
        return tokens
    }
}
