import SitegenHTTP
import SitegenModel
import SitegenSource

/// The words and the bar of a fetch's progress, for a terminal and for logs. Pure: counts and
/// elapsed time in, text out.
public enum ProgressLine {
    /// "items 250/500 [##########··········] 312/s, 1 s left · 12 cached, 3 retried"
    public static func bar(_ counts: FetchCounts, elapsed: Duration, width: Int = 24) -> String {
        let fraction = counts.total > 0 ? Double(counts.done) / Double(counts.total) : 1
        let filled = min(width, Int(fraction * Double(width)))
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
        var line = "\(counts.what) \(counts.done)/\(counts.total) [\(bar)]"
        let seconds = elapsed.seconds
        if seconds > 0.2, counts.done > counts.cached {
            let rate = Double(counts.done) / seconds
            line += " \(Int(rate.rounded()))/s"
            if counts.done < counts.total, rate > 0 {
                line += ", \(Int((Double(counts.total - counts.done) / rate).rounded(.up))) s left"
            }
        }
        return line + details(counts)
    }

    /// "Fetched 500 items in 1.23 s · 12 cached, 50 retried, 2 failed"
    public static func summary(_ counts: FetchCounts, elapsed: Duration, verb: String = "Fetched") -> String {
        "\(verb) \(counts.done) \(counts.what) in \(DurationText.describe(elapsed))" + details(counts)
    }

    private static func details(_ counts: FetchCounts) -> String {
        let parts = [(counts.cached, "cached"), (counts.retries, "retried"), (counts.failed, "failed")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "" : " · " + parts.joined(separator: ", ")
    }
}
