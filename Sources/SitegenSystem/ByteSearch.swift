import Glibc

/// Text searched as UTF-8 bytes: the C library's `memchr` finds each place the needle's first
/// byte is, `memcmp` compares the rest. A Markdown body is searched for its markers (`{%`,
/// `<!--more-->`) and a page for its highlighted blocks' places, and Foundation's `contains`,
/// `range(of:)` and `replacingOccurrences` on Linux copy the whole text to UTF-16 each time: at
/// 20,000 posts that was a seventh of the build (docs/internals/perf-log.md). What must stay true: a
/// needle begins and ends at characters' edges (an ASCII marker, a private-use character), so
/// an offset found is a character's start.
package enum ByteSearch {
    /// Whether `needle` occurs in `text`.
    package static func contains(_ text: String, _ needle: String) -> Bool { offset(of: needle, in: text) != nil }

    /// The UTF-8 offset of the first `needle` in `text`, or nil.
    package static func offset(of needle: String, in text: String, from start: Int = 0) -> Int? {
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { wanted -> Int? in
                guard let base = haystack.baseAddress, let bytes = wanted.baseAddress, let first = wanted.first,
                    wanted.count <= haystack.count
                else { return nil }
                let last = haystack.count - wanted.count
                var at = start
                while at <= last, let found = memchr(base + at, Int32(first), last - at + 1) {
                    let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    if memcmp(found, bytes, wanted.count) == 0 { return offset }
                    at = offset + 1
                }
                return nil
            }
        }
    }

    /// `text` before the first `needle`, or nil when it has none.
    package static func prefix(of text: String, before needle: String) -> String? {
        offset(of: needle, in: text).map { String(decoding: text.utf8.prefix($0), as: UTF8.self) }
    }

    /// `text` with each of `replacements`' needles, in order, replaced by its text: one pass,
    /// each needle looked for after the one before. A needle not found is skipped.
    package static func replacing(inOrder replacements: [(needle: String, with: String)], in text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + replacements.reduce(0) { $0 + $1.with.utf8.count })
        var copied = 0
        let bytes = text.utf8
        for (needle, with) in replacements {
            guard let at = offset(of: needle, in: text, from: copied) else { continue }
            out.append(contentsOf: bytes.dropFirst(copied).prefix(at - copied))
            out.append(contentsOf: with.utf8)
            copied = at + needle.utf8.count
        }
        out.append(contentsOf: bytes.dropFirst(copied))
        return String(decoding: out, as: UTF8.self)
    }
}
