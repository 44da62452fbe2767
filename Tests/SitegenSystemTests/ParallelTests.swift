import Foundation
import SitegenSystem
import Testing

@Suite("parallel")
struct ParallelTests {
    @Test("beside returns before its work is done, and its value is the work's result")
    func beside() {
        let gate = DispatchSemaphore(value: 0)
        // The work waits for the caller to open the gate after `beside` has returned: run on the
        // caller's thread, it would time out and give -1.
        let pending = Parallel.beside { () -> Int in
            gate.wait(timeout: .now() + 5) == .success ? 42 : -1
        }
        gate.signal()
        #expect(pending.value == 42)
        #expect(pending.value == 42)  // a second read waits for nothing
    }

    @Test("chunks cover every index once, in order; a grain caps a chunk's size")
    func grain() throws {
        for (count, grain) in [(0, nil), (5, nil), (1000, nil), (1000, 64), (63, 64), (65, 64), (10, 1)] as [(Int, Int?)] {
            let ranges = Parallel.chunkRanges(count, grain: grain)
            #expect(ranges.flatMap { Array($0) } == Array(0..<count))
            #expect(!ranges.contains { $0.isEmpty })
            if let grain { #expect(ranges.allSatisfy { $0.count <= grain }) }
        }
        #expect(Parallel.chunkRanges(1000, grain: 64).count >= 16)
        let mapped = try Parallel.mapThrowing(Array(0..<1000), grain: 7) { $0 * 2 }
        #expect(mapped == (0..<1000).map { $0 * 2 })
    }
}
