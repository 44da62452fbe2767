/// A stylesheet as the site serves it: its comments left out and its whitespace made small.
///
/// A theme's stylesheet is written for the people who change it (the built-in one explains
/// itself in comments, most of its bytes), and every page's first view downloads it. So the
/// build serves it without what only a reader of the source needs, and leaves the source as
/// it is (`Templates/style.css`).
///
/// What must stay true: the result means exactly what the source means to a browser. So it
/// only ever
/// - drops a comment (`/* … */`; one with no end runs to the end, as a browser reads it), or
///   puts one space in its place where it separated two tokens (`a/**/b` is not `ab`);
/// - makes a run of whitespace one space, and drops it at either end and next to `{`, `}`,
///   `;` and `,`, where CSS's grammar never needs it. Never next to anything else: the space
///   in `and (max-width: 40rem)`, `a :hover` or `1px + 2px` is meaning;
/// - copies strings (`"…"`, `'…'`, escapes and all) and unquoted `url(…)` as they are, so a
///   `/*` or two spaces inside them stay.
/// It parses nothing else, so any input, broken CSS included, comes out in one pass.
public enum CompactCSS {
    public static func compact(_ css: String) -> String {
        let s = Array(css.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        // Whitespace (or a comment) seen since the last byte written: a space is owed, written
        // only if the next byte needs it.
        var space = false
        // Whether the last byte written is one a space after never means anything (not an
        // escaped `\,` of a name).
        var afterTight = true
        var i = 0
        func emit(_ byte: UInt8, tight: Bool? = nil) {
            let tight = tight ?? isTight(byte)
            if space, !afterTight, !tight { out.append(.space) }
            space = false
            afterTight = tight
            out.append(byte)
        }
        while i < s.count {
            let c = s[i]
            if c == .slash, i + 1 < s.count, s[i + 1] == .star {
                var j = i + 2
                while j + 1 < s.count, !(s[j] == .star && s[j + 1] == .slash) { j += 1 }
                i = j + 1 < s.count ? j + 2 : s.count
                space = true
            } else if c == .backslash, i + 1 < s.count {
                // An escape (`.a\,b` is one class): both bytes as they are.
                emit(c)
                emit(s[i + 1], tight: false)
                i += 2
            } else if isSpace(c) {
                space = true
                i += 1
            } else if c == .quote || c == .apostrophe {
                emit(c)
                i += 1
                while i < s.count, s[i] != c {
                    if s[i] == .backslash, i + 1 < s.count {
                        out.append(s[i])
                        i += 1
                    }
                    out.append(s[i])
                    i += 1
                }
                if i < s.count {
                    out.append(c)
                    i += 1
                }
                afterTight = false
            } else if isURLOpening(s, at: i) {
                // `url(` then, unquoted, everything to its `)` (a quoted url is a string above).
                var j = i + 4
                while j < s.count, isSpace(s[j]) { j += 1 }
                let quoted = j < s.count && (s[j] == .quote || s[j] == .apostrophe)
                let end = quoted ? i + 4 : (s[j...].firstIndex(of: .closeParenthesis).map { $0 + 1 } ?? s.count)
                for byte in s[i..<end] { emit(byte) }
                i = end
            } else {
                emit(c)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isSpace(_ c: UInt8) -> Bool {
        c == .space || c == .tab || c == .newline || c == .carriageReturn || c == .formFeed
    }

    /// Bytes next to which a space never means anything.
    private static func isTight(_ c: UInt8) -> Bool {
        c == .openBrace || c == .closeBrace || c == .semicolon || c == .comma
    }

    /// `url(` (any case), not the end of a longer name (`my-url(`).
    private static func isURLOpening(_ s: [UInt8], at i: Int) -> Bool {
        guard i + 4 <= s.count, s[i + 3] == .openParenthesis,
            s[i] | 0x20 == UInt8(ascii: "u"), s[i + 1] | 0x20 == UInt8(ascii: "r"), s[i + 2] | 0x20 == UInt8(ascii: "l")
        else { return false }
        guard i > 0 else { return true }
        let before = s[i - 1]
        return
            !(before == UInt8(ascii: "-") || before == UInt8(ascii: "_") || before >= 0x80
            || (before | 0x20 >= UInt8(ascii: "a") && before | 0x20 <= UInt8(ascii: "z"))
            || (before >= UInt8(ascii: "0") && before <= UInt8(ascii: "9")) || before == .backslash)
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
