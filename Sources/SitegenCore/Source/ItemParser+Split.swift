// Reading a large array of items on both cores.

import Foundation

extension ItemParser {
    /// Documents smaller than this are read in one pass; splitting pays only when each core gets
    /// thousands of items (half a megabyte is some 2,500 HN items).
    static let splitFromBytes = 1 << 19

    /// The items of an array document, read in parts on both cores at once; nil when the parts
    /// do not join up, and the caller reads the document in one pass, which finds any error and
    /// its position exactly as always.
    ///
    /// Where an element starts is only known once everything before it is read, so each part
    /// after the first starts at a guess: a `{` that follows `}`, a comma and whitespace, which
    /// in an array of objects is nearly always an element's start (but can be text in a string).
    /// Each part is read by the one-pass reading's `Cursor`, one array deep, element after
    /// element, until the next element would start at or past the next part's guess. The first
    /// part starts at the true first element, so it reads what one pass reads; if it stops exactly
    /// at the second part's guess, that guess is a true element start, and so on down the parts.
    /// When every part stops exactly where the next one starts, and the last at the array's end,
    /// the parts together are the one pass, read in pieces. A wrong guess costs time, never items.
    ///
    /// This replaced a serial scan that first found every element's range (a tenth of reading
    /// 100,000 stories, on one core while the other waited).
    static func itemParts(_ utf8: UnsafeBufferPointer<UInt8>) -> [[RawItem?]]? {
        var opening = Cursor(utf8)
        // An empty array, or no array at all, is the one-pass reading's to answer.
        guard (try? opening.nonSpace()) == ASCII.openBracket, (try? opening.enter(closer: ASCII.closeBracket)) == true else {
            return nil
        }
        let starts = [opening.offset] + guesses(utf8, after: opening.offset, parts: Parallel.chunkCount(utf8.count))
        guard starts.count > 1 else { return nil }
        nonisolated(unsafe) let utf8 = utf8
        let parts = Parallel.array(count: starts.count) { k in
            readPart(utf8, from: starts[k], until: k + 1 < starts.count ? starts[k + 1] : nil)
        }
        var joined: [[RawItem?]] = []
        joined.reserveCapacity(parts.count)
        for part in parts {
            guard let part else { return nil }
            joined.append(part)
        }
        return joined
    }

    /// The elements from offset `start` on, until the next one would start at `end` (which it
    /// must do exactly) or, without an `end`, to the array's close and the document's end. nil
    /// when the part does not read or does not stop where it must.
    private static func readPart(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, until end: Int?) -> [RawItem?]? {
        var cursor = Cursor(utf8, at: start, depth: 1)
        var items: [RawItem?] = []
        items.reserveCapacity(((end ?? utf8.count) - start) / 128)
        do throws(SyntaxError) {
            while true {
                items.append(try cursor.item())
                guard try cursor.another(closer: ASCII.closeBracket, place: .array) else {
                    try cursor.finish()
                    return end == nil ? items : nil
                }
                if let end, cursor.offset >= end { return cursor.offset == end ? items : nil }
            }
        } catch {
            return nil
        }
    }

    /// Where parts after the first start: from each of `parts - 1` evenly spaced offsets, the
    /// first `{` preceded by `}`, a comma and whitespace only; in order, each once.
    private static func guesses(_ s: UnsafeBufferPointer<UInt8>, after first: Int, parts: Int) -> [Int] {
        guard let base = s.baseAddress, parts > 1 else { return [] }
        func space(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var found: [Int] = []
        for k in 1..<parts {
            var i = max(k * s.count / parts, (found.last ?? first) + 1)
            search: while i < s.count, let brace = memchr(base + i, Int32(ASCII.closeBrace), s.count - i) {
                var j = base.distance(to: brace.assumingMemoryBound(to: UInt8.self)) + 1
                i = j
                while j < s.count, space(s[j]) { j += 1 }
                guard j < s.count, s[j] == ASCII.comma else { continue }
                j += 1
                while j < s.count, space(s[j]) { j += 1 }
                if j < s.count, s[j] == ASCII.openBrace {
                    found.append(j)
                    break search
                }
            }
            if found.count < k { break }
        }
        return found
    }

    /// The items of `parts`, in order, as one array of entries made by `entry` (given each
    /// item's index in the document), on both cores. Each item is moved out of its part, not
    /// copied: a copy retains every string it holds, and the part's release releases them again.
    static func joined<Entry>(
        _ parts: inout [[RawItem?]], _ entry: @Sendable (_ index: Int, _ item: consuming RawItem?) -> Entry
    ) -> [Entry] {
        var offsets = [0]
        for part in parts { offsets.append(offsets.last! + part.count) }
        let starts = offsets
        return Array(unsafeUninitializedCapacity: starts.last!) { out, initialized in
            nonisolated(unsafe) let out = out
            parts.withUnsafeMutableBufferPointer { parts in
                nonisolated(unsafe) let parts = parts
                Parallel.forEach(count: parts.count) { k in
                    parts[k].withUnsafeMutableBufferPointer { items in
                        for i in items.indices {
                            let item = (items.baseAddress! + i).move()
                            // What is left behind holds nothing, so releasing the part releases no item twice.
                            (items.baseAddress! + i).initialize(to: nil)
                            (out.baseAddress! + starts[k] + i).initialize(to: entry(starts[k] + i, item))
                        }
                    }
                }
            }
            initialized = starts.last!
        }
    }
}
