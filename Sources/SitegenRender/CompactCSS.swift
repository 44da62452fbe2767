/// A stylesheet as the site serves it: its comments left out and its whitespace made small.
///
/// A theme's stylesheet is written for the people who change it (the built-in one explains
/// itself in comments, most of its bytes), and every page's first view downloads it. So the
/// build serves it without what only a reader of the source needs, and leaves the source as
/// it is (`Templates/style.css`).
///
/// What must stay true: the result means exactly what the source means to a browser (CSS
/// Syntax Level 3's tokens). So it only ever
/// - drops a comment (`/* … */`; one with no end runs to the end, as a browser reads it)
///   where whitespace, a `{ } ; ,` or the start or end is beside it; between two tokens it
///   keeps them apart as `/**/` (`a/**/.b` is not `a .b`, nor `a.b`);
/// - makes a run of whitespace one space, and drops it next to `{`, `}`, `;` and `,`, where
///   CSS's grammar never needs it, but not after a `:` (`--x: ;` is a value of one space),
///   nor anywhere else: the space in `and (max-width: 40rem)`, `a :hover` or `1px + 2px` is
///   meaning;
/// - copies strings (`"…"`, `'…'`, to their end or their line's, as a browser ends a bad one),
///   escapes (a hex escape with the one whitespace that ends it: `.a\31  .b` keeps two spaces),
///   the line break (as it is) that ends a string left open or follows a `\`,
///   and an unquoted `url(…)` (its name escaped too: `\75 rl(…)`) as they are.
/// It parses nothing else, so any input, broken CSS included, comes out in one pass.
public enum CompactCSS {
    public static func compact(_ css: String) -> String {
        var compactor = Compactor(source: Array(css.utf8))
        compactor.run()
        return String(decoding: compactor.out, as: UTF8.self)
    }
}

private struct Compactor {
    let s: [UInt8]
    var out: [UInt8] = []
    var i = 0
    /// Whitespace since the last byte written: one space is owed, written where it may mean
    /// something.
    var owed = false
    /// Whether a space after the last byte written would mean nothing: the start, `{ } ; ,`.
    var afterTight = true
    /// The name being written, its ASCII letters lowercased and its escapes decoded (`\75 rl`
    /// is `url`; any other scalar 0xFF): whether a `(` after it opens a url.
    var name: [UInt8] = []

    init(source: [UInt8]) {
        s = source
        out.reserveCapacity(source.count)
    }

    mutating func run() {
        while i < s.count {
            let c = s[i]
            if c == .slash, at(i + 1) == .star {
                comment()
            } else if c == .backslash, let next = at(i + 1), !isNewline(next) {
                escape()
            } else if c == .backslash, at(i + 1) != nil {
                // Before a line break, a `\` is itself, not an escape, only while a line break
                // follows it (a space, or a `;`, right after it would be escaped).
                write(c, tight: false)
                let length = s[i + 1] == .carriageReturn && at(i + 2) == .newline ? 2 : 1
                out.append(contentsOf: s[i + 1..<i + 1 + length])
                i += 1 + length
                afterTight = true
                name = []
            } else if isSpace(c) {
                owed = true
                i += 1
            } else if c == .quote || c == .apostrophe {
                string(closedBy: c)
            } else if c == .openParenthesis, !owed, name == Array("url".utf8) {
                urlOrFunction()
            } else {
                write(c)
                if isNameByte(c) { name.append(c < 0x80 ? c | (isLetter(c) ? 0x20 : 0) : 0xFF) } else { name = [] }
                i += 1
            }
        }
        // A `@charset` a comment kept from the first byte stays where a browser ignores it.
        if out.starts(with: Array("@charset".utf8)), !s.starts(with: Array("@charset".utf8)) { out.insert(.space, at: 0) }
    }

    func at(_ k: Int) -> UInt8? { k < s.count ? s[k] : nil }

    /// Writes a token's byte, with the space owed before it if it may mean something (a name
    /// ends there).
    mutating func write(_ byte: UInt8, tight: Bool? = nil) {
        let tight = tight ?? isTight(byte)
        if owed { name = [] }
        if owed, out.last == .colon || (!afterTight && !tight) { out.append(.space) }
        owed = false
        afterTight = tight
        out.append(byte)
    }

    mutating func comment() {
        let separated = owed || afterTight
        var j = i + 2
        while j + 1 < s.count, !(s[j] == .star && s[j + 1] == .slash) { j += 1 }
        i = j + 1 < s.count ? j + 2 : s.count
        guard let next = at(i) else { return }
        if separated || isSpace(next) || isTight(next) || (next == .slash && at(i + 1) == .star) { return }
        // Two tokens the comment alone kept apart.
        out.append("/**/")
        afterTight = false
        name = []
    }

    mutating func escape() {
        write(.backslash, tight: false)
        i += 1
        if isHex(s[i]) {
            var digits = 0
            var value = 0
            while i < s.count, digits < 6, isHex(s[i]) {
                value =
                    value * 16
                    + Int(s[i] <= UInt8(ascii: "9") ? s[i] - UInt8(ascii: "0") : (s[i] | 0x20) - UInt8(ascii: "a") + 10)
                out.append(s[i])
                i += 1
                digits += 1
            }
            name.append(value < 0x80 ? UInt8(value) | (isLetter(UInt8(value)) ? 0x20 : 0) : 0xFF)
            // The one whitespace that ends a hex escape is part of it (CR LF is one).
            if i < s.count, isSpace(s[i]) {
                let length = s[i] == .carriageReturn && at(i + 1) == .newline ? 2 : 1
                out.append(contentsOf: s[i..<i + length])
                i += length
            }
        } else {
            name.append(s[i] < 0x80 ? s[i] | (isLetter(s[i]) ? 0x20 : 0) : 0xFF)
            out.append(s[i])
            i += 1
        }
    }

    mutating func string(closedBy quote: UInt8) {
        write(quote, tight: false)
        i += 1
        while i < s.count {
            let b = s[i]
            if b == quote {
                out.append(b)
                i += 1
                break
            }
            // A string not closed on its line ends there (a bad string), and the line break,
            // not its own, is kept: after it, a quote or a `}` is not the string's.
            if isNewline(b) {
                let length = b == .carriageReturn && at(i + 1) == .newline ? 2 : 1
                out.append(contentsOf: s[i..<i + length])
                i += length
                afterTight = true
                break
            }
            if b == .backslash, i + 1 < s.count {
                // An escape, or a line continued (`\` and a line break, CR LF one).
                let length = s[i + 1] == .carriageReturn && at(i + 2) == .newline ? 3 : 2
                out.append(contentsOf: s[i..<min(s.count, i + length)])
                i += length
                continue
            }
            out.append(b)
            i += 1
        }
        name = []
    }

    /// `(` after the name `url`: unquoted, a url token, copied as it is to its `)` (a bad one's
    /// too, as a browser reads it); quoted, a function of a string, read on as any other.
    mutating func urlOrFunction() {
        write(.openParenthesis)
        i += 1
        name = []
        var j = i
        while j < s.count, isSpace(s[j]) { j += 1 }
        guard j < s.count, s[j] != .quote, s[j] != .apostrophe else { return }
        while i < s.count {
            let b = s[i]
            out.append(b)
            i += 1
            if b == .closeParenthesis { break }
            if b == .backslash, i < s.count {
                out.append(s[i])
                i += 1
            }
        }
        afterTight = false
    }

    func isSpace(_ c: UInt8) -> Bool {
        c == .space || c == .tab || isNewline(c)
    }

    func isNewline(_ c: UInt8) -> Bool {
        c == .newline || c == .carriageReturn || c == .formFeed
    }

    /// Bytes next to which a space never means anything.
    func isTight(_ c: UInt8) -> Bool {
        c == .openBrace || c == .closeBrace || c == .semicolon || c == .comma
    }

    func isHex(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
    }

    func isLetter(_ c: UInt8) -> Bool { c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z") }

    /// A byte of a name: a letter, digit, `-`, `_` or any byte of a non-ASCII scalar.
    func isNameByte(_ c: UInt8) -> Bool {
        c >= 0x80 || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
            || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }
}

extension UInt8 {
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let formFeed: UInt8 = 0x0C
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let star = UInt8(ascii: "*")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let apostrophe = UInt8(ascii: "'")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let semicolon = UInt8(ascii: ";")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let openParenthesis = UInt8(ascii: "(")
    fileprivate static let closeParenthesis = UInt8(ascii: ")")
}
