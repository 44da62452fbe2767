/// Story times as text. Absolute, not "3 hours ago": relative ages would change every build, so
/// every page and shard would be rewritten even when no story changed. UTC, so output does not
/// depend on the machine. Pure arithmetic (no DateFormatter: it is slow and locale-dependent).
public enum DateText {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "2026-11-20T14:05:00Z", for `<time datetime>`.
    public static func iso(_ unix: Int) -> String {
        let (y, m, d, hh, mm, ss) = civil(unix)
        // Digit by digit: every row of a million-story build has one, and interpolation of
        // seven values costs more than the rest of the date.
        guard (1000...9999).contains(y) else { return "\(y)-\(two(m))-\(two(d))T\(two(hh)):\(two(mm)):\(two(ss))Z" }
        return String(unsafeUninitializedCapacity: 20) { out in
            var i = 0
            func put(_ byte: UInt8) {
                out[i] = byte
                i += 1
            }
            func digits(_ n: Int, _ count: Int) {
                var divisor = count == 4 ? 1000 : 10
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(n / divisor % 10))
                    divisor /= 10
                }
            }
            digits(y, 4); put(UInt8(ascii: "-")); digits(m, 2); put(UInt8(ascii: "-")); digits(d, 2)
            put(UInt8(ascii: "T")); digits(hh, 2); put(UInt8(ascii: ":")); digits(mm, 2); put(UInt8(ascii: ":")); digits(ss, 2)
            put(UInt8(ascii: "Z"))
            return i
        }
    }

    /// "Nov 20, 2026 14:05".
    public static func short(_ unix: Int) -> String {
        let (y, m, d, hh, mm, _) = civil(unix)
        var text = months[m - 1]
        text.reserveCapacity(18)
        text += " "
        text += String(d)
        text += ", "
        text += String(y)
        text += hh < 10 ? " 0" : " "
        text += String(hh)
        text += mm < 10 ? ":0" : ":"
        text += String(mm)
        return text
    }

    /// Howard Hinnant's days-to-civil: correct for the proleptic Gregorian calendar.
    static func civil(_ unix: Int) -> (Int, Int, Int, Int, Int, Int) {
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        let secs = unix - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (y, m, d, secs / 3600, secs % 3600 / 60, secs % 60)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
