import SitegenModel
import SitegenRender
import SitegenSystem

/// What the search index reads of every story (`SearchTermsBuilder.Fields`: title, author,
/// domain, body), kept as bytes a window of the list at a time.
///
/// The index is planned after the last window is read (its segments are counted from the
/// list's end), when the windows' stories are gone; so their fields are kept here, as UTF-8
/// with lengths, and spilled to a file like the rows (`StoredBytes`) when the list is big.
package struct SearchFieldTable: Sendable {
    private var windows: [StoredBytes] = []
    /// The first story of each window.
    private var firsts: [Int] = []
    /// Where story i's fields start in its window's bytes.
    private var offsets: [UInt32] = []

    package init() {}

    package var count: Int { offsets.count }

    /// A body that is absent, not empty (HN's item without text).
    private static let absent = UInt32.max

    /// One window's fields laid out as bytes, not yet kept (`laidOut`, then `append`): pure, so
    /// that a build lays them out on a thread beside its rows' rendering.
    package struct LaidOut: Sendable {
        /// The bytes, each part with the window's story it starts at: a window of more than
        /// 4 GiB of fields (a JSON array file is one window) is in several, since offsets are 32
        /// bits into their part.
        fileprivate var parts: [(bytes: [UInt8], first: Int)] = []
        /// Where each story's fields start in its part.
        fileprivate var offsets: [UInt32] = []
    }

    /// What the index reads of `stories[i]`: its title, author, domain and body (HN's text, or a
    /// Markdown body). Read field by field where the story lies: passing the story itself
    /// copied it whole, a retain and a release of each of its strings.
    package static func fields(of stories: [Story], at i: Int) -> SearchTermsBuilder.Fields {
        SearchTermsBuilder.Fields(
            title: stories[i].title, author: stories[i].by ?? "",
            domain: stories[i].url.flatMap { SafeURL.domain(of: $0) } ?? "", body: stories[i].text ?? stories[i].markdown)
    }

    /// `stories`' fields, laid out.
    package static func laidOut(_ stories: [Story]) -> LaidOut {
        var laid = LaidOut()
        var bytes: [UInt8] = []
        var first = 0
        laid.offsets.reserveCapacity(stories.count)
        // By index, field by field: `for story in stories` copied each story whole.
        for i in stories.indices {
            let fields = Self.fields(of: stories, at: i)
            let body = fields.body
            let size =
                16 + fields.title.utf8.count + fields.author.utf8.count + fields.domain.utf8.count + (body?.utf8.count ?? 0)
            if bytes.count + size > Int(UInt32.max), !bytes.isEmpty {
                laid.parts.append((bytes, first))
                bytes = []
                first = i
            }
            laid.offsets.append(UInt32(bytes.count))
            put(fields.title, into: &bytes)
            put(fields.author, into: &bytes)
            put(fields.domain, into: &bytes)
            if let body {
                put(body, into: &bytes)
            } else {
                withUnsafeBytes(of: absent.littleEndian) { bytes.append(contentsOf: $0) }
            }
        }
        laid.parts.append((bytes, first))
        return laid
    }

    /// Keeps a window's fields laid out (`laidOut`), spilled into `spill` when one is given.
    package mutating func append(_ laid: consuming LaidOut, spill: String?) throws(SpillError) {
        let start = offsets.count
        offsets += laid.offsets
        for part in laid.parts {
            firsts.append(start + part.first)
            windows.append(try StoredBytes(part.bytes, spillingInto: spill))
        }
    }

    /// Story `i`'s fields.
    package func fields(of i: Int) -> SearchTermsBuilder.Fields {
        windows[window(of: i)].withUnsafeBufferPointer { bytes in
            var at = Int(offsets[i])
            func next() -> String? {
                let length = UInt32(
                    littleEndian: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[at..<at + 4])).loadUnaligned(
                        as: UInt32.self))
                at += 4
                guard length != Self.absent else { return nil }
                defer { at += Int(length) }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + Int(length)]), as: UTF8.self)
            }
            let title = next() ?? ""
            let author = next() ?? ""
            let domain = next() ?? ""
            return SearchTermsBuilder.Fields(title: title, author: author, domain: domain, body: next())
        }
    }

    private static func put(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: utf8)
        }
    }

    /// The window holding story `i`: a binary search over the windows' first stories.
    private func window(of i: Int) -> Int {
        var (low, high) = (0, firsts.count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if firsts[mid] <= i { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
