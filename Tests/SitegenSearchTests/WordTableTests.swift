import Testing

@testable import SitegenModel
@testable import SitegenSearch

/// The search scan's table of words as bytes (`WordTable`): ids in order of first sight, a
/// value kept with each, through growth, for words that share their first eight bytes or
/// differ only in length.
@Suite("search: the word table")
struct WordTableTests {
    @Test("every word gets one id, the same each time, and keeps its value; its bytes read back")
    func ids() {
        var rng = SplitMix64(seed: 11)
        let stems = ["a", "abcdefgh", "abcdefghi", "abcdefghijklmn", "zürich", String(repeating: "x", count: 300)]
        var words: [String] = []
        for _ in 0..<20_000 {
            let stem = stems[Int(rng.next() % UInt64(stems.count))]
            let tail = (0..<Int(rng.next() % 4)).map { _ in "ab\u{E9}"[Int(rng.next() % 3)] }
            words.append(stem + String(tail))
        }
        words += [
            "", "abcdefghijklmno", "abcdefghijklmnop", String(repeating: "x", count: 299), String(repeating: "x", count: 301),
        ]
        var table = WordTable(capacity: 4)
        var first: [String: Int32] = [:]
        for (k, word) in words.enumerated() {
            let id = Array(word.utf8).withUnsafeBufferPointer { bytes in
                let (found, value, slot) = table.find(bytes, hash: WordTable.hash(bytes))
                if let found {
                    #expect(value == Int32(first[word]! * 3), "\(word)")
                    return found
                }
                return table.insert(bytes, slot: slot, value: Int32(table.count * 3))
            }
            #expect(id == first[word, default: Int32(first.count)], "\(k): \(word)")
            first[word] = id
        }
        #expect(table.count == Set(words).count)
        for (word, id) in first { #expect(table.string(Int(id)) == word) }
    }
}

extension String {
    fileprivate subscript(i: Int) -> Character { self[index(startIndex, offsetBy: i)] }
}
