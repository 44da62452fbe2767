#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A body searched for a marker (`{%`, `<!--more-->`) as UTF-8 bytes: the C library's `memchr`
/// finds each place its first byte is, `memcmp` compares the rest. Every Markdown body is searched so a few times a build, and Foundation's `contains`
/// and `range(of:)` on Linux copy each body to UTF-16 to do it: at 20,000 posts that was a
/// seventh of the build (docs/perf-log.md). What must stay true: the needles are ASCII, so a
/// byte offset found is always a character's start.
enum ByteSearch {
    /// Whether `needle` occurs in `text`.
    static func contains(_ text: String, _ needle: String) -> Bool { offset(of: needle, in: text) != nil }

    /// The UTF-8 offset of the first `needle` in `text`, or nil.
    static func offset(of needle: String, in text: String) -> Int? {
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { wanted -> Int? in
                guard let start = haystack.baseAddress, let bytes = wanted.baseAddress, let first = wanted.first,
                    wanted.count <= haystack.count
                else { return nil }
                let last = haystack.count - wanted.count
                var at = 0
                while at <= last, let found = memchr(start + at, Int32(first), last - at + 1) {
                    let offset = UnsafeRawPointer(found) - UnsafeRawPointer(start)
                    if memcmp(found, bytes, wanted.count) == 0 { return offset }
                    at = offset + 1
                }
                return nil
            }
        }
    }

    /// `text` before the first `needle`, or nil when it has none.
    static func prefix(of text: String, before needle: String) -> String? {
        offset(of: needle, in: text).map { String(decoding: text.utf8.prefix($0), as: UTF8.self) }
    }
}
