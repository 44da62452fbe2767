import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource
@testable import SitegenSystem
@testable import SitegenWrite

@Suite("IDSet")
struct IDSetTests {
    @Test("inserting answers as Set<Int> answers, through growth, for any ids", arguments: [0, 1, 1000])
    func matchesSet(capacity: Int) {
        var generator = SystemRandomNumberGenerator()
        let edges = [0, -1, 1, .min, .max, .min, .max, 0, 1 << 32, 1 << 62, -(1 << 62)]
        // Small ids repeat (duplicates); spread ones and multiples of a power of two collide in low bits.
        let ids = edges + (0..<5000).map { i -> Int in
            switch i % 3 {
            case 0: Int.random(in: 0..<3000, using: &generator)
            case 1: Int.random(in: .min ... .max, using: &generator)
            default: Int.random(in: 0..<100, using: &generator) << 40
            }
        }
        var set = IDSet(capacity: capacity)
        var reference = Set<Int>()
        for id in ids {
            #expect(set.insert(id) == reference.insert(id).inserted, "id \(id)")
        }
    }
}
