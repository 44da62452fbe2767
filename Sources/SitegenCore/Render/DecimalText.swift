/// Integers as ASCII digits appended to a byte buffer. `String(n).utf8` makes a String for each
/// number first, and pages and shards write several numbers per row.
enum DecimalText {
    static func append(_ n: Int, to out: inout [UInt8]) {
        guard n != 0 else { return out.append(UInt8(ascii: "0")) }
        guard n != .min else { return out.append(contentsOf: String(n).utf8) }
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = n.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 19 digits, least significant first
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
        }
        withUnsafeBytes(of: &digits) { buffer in
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }

    /// The bytes `append(n, to:)` appends.
    static func count(_ n: Int) -> Int {
        var magnitude = n.magnitude
        var count = n < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            count += 1
        }
        return count
    }
}
