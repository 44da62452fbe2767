/// Integers as ASCII digits appended to a byte buffer. `String(n).utf8` makes a String for each
/// number first, and pages and shards write several numbers per row.
package enum DecimalText {
    package static func append(_ n: Int, to out: inout [UInt8]) {
        // A digit alone, appended as it is: most numbers written are one (the search index
        // writes its rows as differences, millions of them, and each costs a call otherwise).
        if n >= 0 && n < 10 {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n))
            return
        }
        // Written from the right into 20 bytes on the stack (19 digits and a sign at most), then
        // appended at once: one append a number, not one a digit.
        var magnitude = n.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if n < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// The bytes `append(n, to:)` appends.
    package static func count(_ n: Int) -> Int {
        var magnitude = n.magnitude
        var count = n < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            count += 1
        }
        return count
    }
}
