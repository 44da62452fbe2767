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
}
