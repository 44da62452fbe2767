// Reading a large array of items on both cores.

import Foundation
import SitegenSystem

extension ItemParser {
    /// Documents smaller than this are read in one pass; splitting pays only when each core gets
    /// thousands of items (half a megabyte is some 2,500 HN items).
    package static let splitFromBytes = 1 << 19

    /// The items of an array document, read in parts on both cores at once; nil for a document
    /// that does not read (or is not an array of elements), which the caller then reads in one
    /// pass, to find the error and its position exactly as always.
    ///
    /// Where an element starts is only known once everything before it is read, so each part
    /// after the first starts at a guess: a `{` that follows `}`, a comma and whitespace, which
    /// in an array of objects is nearly always an element's start (but can be text in a string,
    /// or an object in an array inside an element). Each part is read by the one-pass reading's
    /// `Cursor`, one array deep, element after element, until the next element would start at
    /// or past the next part's guess. The parts are then joined in order, from the true first
    /// element: a part is taken as read only when it started exactly where the part before it
    /// stopped, which proves its guess; a part whose guess was wrong is read again, on this core,
    /// from where the part before stopped. So the parts together are always the one pass read
    /// in pieces; a wrong guess costs time, never items.
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
        @Sendable func end(of k: Int) -> Int? { k + 1 < starts.count ? starts[k + 1] : nil }
        nonisolated(unsafe) let utf8 = utf8
        let parts = Parallel.array(count: starts.count) { k in readPart(utf8, from: starts[k], until: end(of: k)) }
        var joined: [[RawItem?]] = []
        joined.reserveCapacity(parts.count)
        // Where the next element truly starts; nil once the array has closed.
        var position: Int? = starts[0]
        for k in starts.indices {
            guard let at = position else { break }
            // Read already, by a part before that ran past this one's guess.
            if let end = end(of: k), at >= end { continue }
            guard let part = at == starts[k] ? parts[k] : readPart(utf8, from: at, until: end(of: k)) else { return nil }
            joined.append(part.items)
            position = part.next
        }
        return position == nil ? joined : nil
    }

    /// A part's items, and where the element after its last one starts (nil: the array closed
    /// after it, and the document ended as it should).
    private struct Part {
        package var items: [RawItem?]
        package var next: Int?
    }

    /// The elements from offset `start` on, until the next one would start at or past `end`, or
    /// the array closes; nil when they do not read.
    private static func readPart(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, until end: Int?) -> Part? {
        var cursor = Cursor(utf8, at: start, depth: 1)
        var items: [RawItem?] = []
        items.reserveCapacity(((end ?? utf8.count) - start) / 128)
        do throws(SyntaxError) {
            while true {
                items.append(try cursor.item())
                guard try cursor.another(closer: ASCII.closeBracket, place: .array) else {
                    try cursor.finish()
                    return Part(items: items, next: nil)
                }
                if let end, cursor.offset >= end { return Part(items: items, next: cursor.offset) }
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
    package static func joined<Entry>(
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
