import Testing

@testable import SitegenRender

@Suite("DecimalText")
struct DecimalTextTests {
    @Test("integers are written as String(n) writes them, and count says how many bytes that is")
    func matchesString() {
        var generator = SystemRandomNumberGenerator()
        let edges = [0, 1, 9, 10, 99, 100, -1, -9, -10, 1_000_000, .max, .min, .max - 1, .min + 1]
        let random = (0..<2000).map { i in
            Int.random(in: i % 2 == 0 ? -1_000_000...1_000_000 : Int.min...Int.max, using: &generator)
        }
        for n in edges + random {
            var out: [UInt8] = [0x2A]  // appended after what is there
            DecimalText.append(n, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "*" + String(n))
            #expect(DecimalText.count(n) == String(n).utf8.count, "count of \(n)")
        }
    }
}
