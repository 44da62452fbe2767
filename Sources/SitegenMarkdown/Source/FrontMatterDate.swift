/// Reads a front matter `date:` into Unix seconds, as Jekyll, Hugo and Eleventy write dates.
/// Accepted, all read in the site's time zone (UTC unless set) unless they carry a zone: `2026-11-20`, `2026-11-20 14:05`,
/// `2026-11-20T14:05:09Z`, `2026-11-20T14:05:09.250Z`, `2026-11-20T14:05+02:00`, Jekyll's
/// `2025-01-29 18:15:32 +0530`, `+05`, and a bare integer (Unix seconds). Anything else gives
/// nil: the date is left out and the story kept, as for any optional field of the wrong type.
package enum FrontMatterDate {
    /// - Parameter offsetOfLocal: for a date written without a zone, the site's offset from UTC
    ///   in seconds at that wall-clock time (`SiteTimeZone`); UTC when not given.
    package static func unixSeconds(_ text: String, offsetOfLocal: (Int) -> Int = { _ in 0 }) -> Int? {
        let s = Array(text.utf8)
        if !s.isEmpty, s.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), s.count <= 12 { return Int(text) }
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= s.count else { return nil }
            var n = 0
            for b in s[i..<(i + digits)] {
                guard b >= 0x30 && b <= 0x39 else { return nil }
                n = n * 10 + Int(b - 0x30)
            }
            i += digits
            return n
        }
        func expect(_ c: Character) -> Bool {
            guard i < s.count, s[i] == c.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            (1...12).contains(month), (1...daysIn(month, year)).contains(day)
        else { return nil }
        var seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400
        guard i < s.count else { return seconds - offsetOfLocal(seconds) }
        guard expect("T") || expect(" "), let hour = number(2), hour < 24, expect(":"), let minute = number(2), minute < 60
        else { return nil }
        seconds += hour * 3600 + minute * 60
        if expect(":") {
            guard let second = number(2), second < 61 else { return nil }
            seconds += min(second, 59)
            // Fractions of a second (`.123`), as some tools write them, are dropped.
            if expect(".") {
                let start = i
                while i < s.count, s[i] >= 0x30 && s[i] <= 0x39 { i += 1 }
                guard i > start else { return nil }
            }
        }
        // Jekyll writes a space before the zone (`2025-01-29 18:15:32 +0530`).
        while i < s.count, s[i] == 0x20 { i += 1 }
        if i == s.count { return seconds - offsetOfLocal(seconds) }
        if expect("Z") { return i == s.count ? seconds : nil }
        let sign: Int
        if expect("+") { sign = 1 } else if expect("-") { sign = -1 } else { return nil }
        // The zone as `+05:30`, `+0530` or `+05`.
        guard let offsetHours = number(2), offsetHours < 24 else { return nil }
        var offsetMinutes = 0
        if i < s.count {
            _ = expect(":")
            guard let minutes = number(2), minutes < 60, i == s.count else { return nil }
            offsetMinutes = minutes
        }
        return seconds - sign * (offsetHours * 3600 + offsetMinutes * 60)
    }

    private static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
