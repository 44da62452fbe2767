import Foundation

/// The `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Pure: the current
/// time is passed in.
public enum RetryAfter {
    public static func delay(from header: String?, now: Date) -> Duration? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) { return seconds >= 0 ? .seconds(seconds) : nil }
        guard let date = httpDate(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return .milliseconds(Int((max(seconds, 0) * 1000).rounded()))
    }

    /// IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the form servers send; the obsolete forms
    /// RFC 9110 still lets clients accept are read too.
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
