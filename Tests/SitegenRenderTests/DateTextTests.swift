import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenRender

@Suite("DateText")
struct DateTextTests {
    @Test("the epoch")
    func epoch() {
        #expect(DateText.iso(0) == "1970-01-01T00:00:00Z")
        #expect(DateText.short(0) == "Jan 1, 1970 00:00")
    }

    @Test("1,700,000,000 is 2023-11-14 22:13:20 UTC")
    func knownInstant() {
        #expect(DateText.iso(1_700_000_000) == "2023-11-14T22:13:20Z")
        #expect(DateText.short(1_700_000_000) == "Nov 14, 2023 22:13")
    }

    @Test("leap day, year end and before the epoch")
    func edges() {
        #expect(DateText.iso(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(DateText.iso(1_704_067_199) == "2023-12-31T23:59:59Z")
        #expect(DateText.iso(-1) == "1969-12-31T23:59:59Z")
        #expect(DateText.iso(-86_400) == "1969-12-31T00:00:00Z")
        #expect(DateText.short(951_782_400 + 3_600 * 9 + 60 * 5) == "Feb 29, 2000 09:05")
    }

    @Test("agrees with Foundation's calendar for many instants")
    func agreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var random = TestRandom(seed: 99)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for _ in 0..<2000 {
            let unix = random.int(in: -2_000_000_000...4_000_000_000)
            let c = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(unix)))
            let iso = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
            #expect(DateText.iso(unix) == iso, "\(unix)")
            let short = "\(months[c.month! - 1]) \(c.day!), \(c.year!) " + String(format: "%02d:%02d", c.hour!, c.minute!)
            #expect(DateText.short(unix) == short, "\(unix)")
        }
    }
}
