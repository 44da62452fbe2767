/// A Unix time's calendar date and time of day in UTC (add a zone's offset first for its
/// wall clock), by Howard Hinnant's days-to-civil: exact for every day of the proleptic
/// Gregorian calendar. The dates pages show and the paths permalinks make both read it.
public struct CivilDate: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(unix: Int) {
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        let secs = unix - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        hour = secs / 3600
        minute = secs % 3600 / 60
        second = secs % 60
    }

    /// The day of the year, 1 to 366.
    public var dayOfYear: Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334][month - 1] + (leap && month > 2 ? 1 : 0) + day
    }
}
