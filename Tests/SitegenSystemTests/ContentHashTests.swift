import SitegenTestSupport
import Testing

@testable import SitegenSystem

@Suite("ContentHash")
struct ContentHashTests {
    @Test("pinned values: file names stay the same from one version to the next")
    func pinned() {
        // Every output file name is made from this hash: a change here renames every shard and
        // asset of every site, and readers' caches start over. Change these only on purpose.
        #expect(ContentHash.hex(of: Array("".utf8)) == Self.pins[0])
        #expect(ContentHash.hex(of: Array("a".utf8)) == Self.pins[1])
        #expect(ContentHash.hex(of: Array("foobar".utf8)) == Self.pins[2])
        #expect(ContentHash.hex(of: Array("0123456789abcdef0123456789abcdef!".utf8)) == Self.pins[3])
    }
    // `hashlib.sha256(bytes).hexdigest()[:16]` in Python: another implementation's answer, so
    // they check the steps, not just themselves.
    static let pins = ["e3b0c44298fc1c14", "ca978112ca1bbdca", "c3ab8ff13720e8ad", "3d82dc481317d597"]

    @Test("always 16 lowercase hex digits; combining in pieces equals hashing at once")
    func shape() {
        var random = TestRandom(seed: 5)
        for _ in 0..<300 {
            let bytes = (0..<random.int(in: 0...80)).map { _ in UInt8(random.next() & 0xFF) }
            let hex = ContentHash.hex(of: bytes)
            #expect(hex.count == 16 && hex.allSatisfy { "0123456789abcdef".contains($0) })
            // Up to four pieces, cut anywhere, empty pieces included.
            var cuts = (0..<3).map { _ in random.int(in: 0...bytes.count) }.sorted()
            cuts = [0] + cuts + [bytes.count]
            var pieces = ContentHash()
            for (start, end) in zip(cuts, cuts.dropFirst()) { pieces.combine(bytes: bytes[start..<end]) }
            #expect(pieces.hex == hex, "cuts \(cuts) of \(bytes.count) bytes")
            #expect(pieces.value == pieces.value)  // reading the value does not consume anything
        }
        var s = ContentHash()
        s.combine("foo")
        s.combine("bar")
        #expect(s.hex == ContentHash.hex(of: Array("foobar".utf8)))
    }

    @Test("any one byte changed, added or removed changes the hash")
    func differences() {
        var random = TestRandom(seed: 9)
        for _ in 0..<300 {
            let bytes = (0..<random.int(in: 1...70)).map { _ in UInt8(random.next() & 0x7F) }
            let hex = ContentHash.hex(of: bytes)
            var changed = bytes
            let at = random.int(in: 0...(bytes.count - 1))
            changed[at] ^= UInt8(1 << random.int(in: 0...7))
            #expect(ContentHash.hex(of: changed) != hex)
            #expect(ContentHash.hex(of: bytes + [0]) != hex)  // trailing zeros count
            #expect(ContentHash.hex(of: bytes.dropLast()) != hex)
        }
    }
}
