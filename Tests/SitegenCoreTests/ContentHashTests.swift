import Testing

@testable import SitegenCore

@Suite("ContentHash")
struct ContentHashTests {
    @Test("FNV-1a 64 reference values")
    func referenceVectors() {
        // Published FNV-1a 64-bit test vectors.
        #expect(ContentHash.hex(of: Array("".utf8)) == "cbf29ce484222325")
        #expect(ContentHash.hex(of: Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(ContentHash.hex(of: Array("foobar".utf8)) == "85944171f73967e8")
    }

    @Test("always 16 lowercase hex digits; combining in pieces equals hashing at once")
    func shape() {
        var random = TestRandom(seed: 5)
        for _ in 0..<200 {
            let bytes = (0..<random.int(in: 0...50)).map { _ in UInt8(random.next() & 0xFF) }
            let hex = ContentHash.hex(of: bytes)
            #expect(hex.count == 16 && hex.allSatisfy { "0123456789abcdef".contains($0) })
            var pieces = ContentHash()
            let cut = bytes.count / 2
            pieces.combine(bytes: bytes[..<cut])
            pieces.combine(bytes: bytes[cut...])
            #expect(pieces.hex == hex)
        }
        var s = ContentHash()
        s.combine("foo")
        s.combine("bar")
        #expect(s.hex == ContentHash.hex(of: Array("foobar".utf8)))
    }
}
