import SitegenModel

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

    /// "Nov 20, 2026": a document's day (a blog dates its posts by the day).
    public static func day(_ unix: Int) -> String {
        let (y, m, d, _, _, _) = civil(unix)
        var out: [UInt8] = []
        out.append(months[m - 1])
        out.append(UInt8(ascii: " "))
        DecimalText.append(d, to: &out)
        out.append(", ")
        DecimalText.append(y, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // Digit by digit into the page's bytes: every row of a million-story build has two dates,
    // and building them as Strings (interpolation, appends) cost more than the rest of the row.

    package static func appendISO(_ unix: Int, to out: inout [UInt8]) {
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

    package static func appendShort(_ unix: Int, to out: inout [UInt8]) {
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

    /// `CivilDate`'s fields, in the order they are written.
    static func civil(_ unix: Int) -> (Int, Int, Int, Int, Int, Int) {
        let c = CivilDate(unix: unix)
        return (c.year, c.month, c.day, c.hour, c.minute, c.second)
    }
}
