// Reading a large array of items on both cores.

import Foundation
import Synchronization

extension ItemParser {
    /// Documents smaller than this are read in one pass; splitting pays only when each core gets
    /// thousands of items (half a megabyte is some 2,500 HN items).
    static let splitFromBytes = 1 << 19

    /// The items of a well-formed array document, read element by element on both cores; nil when
    /// the document is not one `split` can cut (not an array, malformed, nested deeply, or an
    /// element that does not read), and the caller reads it in one pass, which finds the error
    /// and its position exactly as always. Each element goes through the same `Cursor.item()` as
    /// in the one-pass reading, so the items are the same.
    static func itemsSplit(_ utf8: UnsafeBufferPointer<UInt8>) -> [RawItem?]? {
        guard let ranges = elementRanges(utf8) else { return nil }
        nonisolated(unsafe) let utf8 = utf8
        let failed = Atomic<Bool>(false)
        let items = Parallel.array(count: ranges.count) { i -> RawItem? in
            var cursor = Cursor(UnsafeBufferPointer(rebasing: utf8[ranges[i]]))
            do throws(SyntaxError) {
                let item = try cursor.item()
                try cursor.finish()
                return item
            } catch {
                failed.store(true, ordering: .relaxed)
                return nil
            }
        }
        return failed.load(ordering: .relaxed) ? nil : items
    }

    /// The byte ranges of a top-level array's elements, found by following strings and nesting
    /// only (a fast pass; the elements are checked when read). nil for anything but a plain
    /// array of elements: an empty element, bytes after the array, nesting past a depth the
    /// one-pass reading would refuse differently.
    static func elementRanges(_ s: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var i = 0
        func skipSpace() {
            while i < s.count, s[i] == 0x20 || s[i] == 0x0A || s[i] == 0x0D || s[i] == 0x09 { i += 1 }
        }
        skipSpace()
        guard i < s.count, s[i] == ASCII.openBracket else { return nil }
        i += 1
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(s.count / 128)
        while true {
            skipSpace()
            guard i < s.count else { return nil }
            // The end, right after "[" or after a trailing comma (which the reading allows).
            if s[i] == ASCII.closeBracket { break }
            let start = i
            var depth = 0
            scan: while i < s.count {
                switch s[i] {
                case ASCII.quote:
                    guard let end = stringEnd(s, from: i + 1) else { return nil }
                    i = end
                case ASCII.openBracket, ASCII.openBrace:
                    depth += 1
                    guard depth < 64 else { return nil }
                case ASCII.closeBracket, ASCII.closeBrace:
                    if depth == 0 { break scan }
                    depth -= 1
                case ASCII.comma where depth == 0:
                    break scan
                default:
                    break
                }
                i += 1
            }
            guard i < s.count, i > start else { return nil }
            ranges.append(start..<i)
            if s[i] == ASCII.closeBracket { break }
            guard s[i] == ASCII.comma else { return nil }
            i += 1
        }
        i += 1
        skipSpace()
        return i == s.count ? ranges : nil
    }

    /// The index of the quote that closes a string whose text starts at `start`: memchr finds
    /// each quote (most of a document is text, and it skips text many bytes at a time), and
    /// one preceded by an odd number of backslashes is escaped.
    private static func stringEnd(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = s.baseAddress else { return nil }
        var i = start
        while i < s.count {
            guard let found = memchr(base + i, Int32(ASCII.quote), s.count - i) else { return nil }
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 >= start, s[quote - backslashes - 1] == ASCII.backslash { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            i = quote + 1
        }
        return nil
    }
}
