/// Story times as text. Absolute, not "3 hours ago": relative ages would change every build, so
/// every page and shard would be rewritten even when no story changed. UTC, so output does not
/// depend on the machine. Pure arithmetic (no DateFormatter: it is slow and locale-dependent).
public enum DateText {
    static let months: [StaticString] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "2026-11-20T14:05:00Z", for `<time datetime>`.
    public static func iso(_ unix: Int) -> String {
        var out: [UInt8] = []
        appendISO(unix, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// "Nov 20, 2026 14:05".
    public static func short(_ unix: Int) -> String {
        var out: [UInt8] = []
        appendShort(unix, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // Digit by digit into the page's bytes: every row of a million-story build has two dates,
    // and building them as Strings (interpolation, appends) cost more than the rest of the row.

    static func appendISO(_ unix: Int, to out: inout [UInt8]) {
        let (y, m, d, hh, mm, ss) = civil(unix)
        year(y, to: &out)
        out.append(UInt8(ascii: "-"))
        two(m, to: &out)
        out.append(UInt8(ascii: "-"))
        two(d, to: &out)
        out.append(UInt8(ascii: "T"))
        two(hh, to: &out)
        out.append(UInt8(ascii: ":"))
        two(mm, to: &out)
        out.append(UInt8(ascii: ":"))
        two(ss, to: &out)
        out.append(UInt8(ascii: "Z"))
    }

    static func appendShort(_ unix: Int, to out: inout [UInt8]) {
        let (y, m, d, hh, mm, _) = civil(unix)
        out.append(months[m - 1])
        out.append(UInt8(ascii: " "))
        DecimalText.append(d, to: &out)
        out.append(", ")
        DecimalText.append(y, to: &out)
        out.append(UInt8(ascii: " "))
        two(hh, to: &out)
        out.append(UInt8(ascii: ":"))
        two(mm, to: &out)
    }

    /// Four digits for the years people write that way, else as many as it takes.
    private static func year(_ y: Int, to out: inout [UInt8]) {
        guard (1000...9999).contains(y) else { return DecimalText.append(y, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(y / 1000))
        out.append(UInt8(ascii: "0") + UInt8(y / 100 % 10))
        two(y % 100, to: &out)
    }

    private static func two(_ n: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "0") + UInt8(n / 10))
        out.append(UInt8(ascii: "0") + UInt8(n % 10))
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
}
