import Foundation
import SitegenHTTP
import Testing

@testable import SitegenModel
@testable import SitegenSource

@Suite("RetryPolicy and Retry-After")
struct RetryPolicyTests {
    let policy = RetryPolicy(attempts: 4, baseDelay: .milliseconds(100), maxDelay: .seconds(1))

    @Test("backoff doubles from the base, half fixed and half jitter, capped")
    func backoff() {
        #expect(policy.delay(afterAttempt: 1, random: 0) == .milliseconds(50))
        #expect(policy.delay(afterAttempt: 1, random: 1) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 2, random: 0) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 3, random: 0.5) == .milliseconds(300))
        // 100 ms × 2^9 is far past the cap.
        #expect(policy.delay(afterAttempt: 10, random: 1) == .seconds(1))
        #expect(policy.delay(afterAttempt: 64, random: 0) == .milliseconds(500))
    }

    @Test("a server's Retry-After replaces the backoff, even past the cap")
    func retryAfterWins() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3), random: 0.9) == .seconds(3))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .zero, random: 0.9) == .zero)
    }

    @Test(
        "408, 429 and 5xx are worth asking again; other 4xx are not",
        arguments: [
            (408, true), (429, true), (500, true), (502, true), (503, true), (599, true),
            (400, false), (401, false), (403, false), (404, false), (410, false), (200, false),
        ])
    func transient(status: Int, expected: Bool) {
        #expect(RetryPolicy.isTransient(status: status) == expected)
    }

    @Test("Retry-After as seconds and as an HTTP-date; garbage and negatives are ignored")
    func retryAfterHeader() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.delay(from: "2", now: now) == .seconds(2))
        #expect(RetryAfter.delay(from: " 0 ", now: now) == .zero)
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:49:40 GMT", now: now) == .seconds(3))
        #expect(RetryAfter.delay(from: "Sunday, 06-Nov-94 08:49:41 GMT", now: now) == .seconds(4))
        // A date in the past means "now".
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero)
        #expect(RetryAfter.delay(from: "-5", now: now) == nil)
        #expect(RetryAfter.delay(from: "soon", now: now) == nil)
        #expect(RetryAfter.delay(from: nil, now: now) == nil)
    }

    @Test(
        "durations read as flags write them",
        arguments: [
            ("250ms", Duration.milliseconds(250)), ("10s", .seconds(10)), ("1.5s", .milliseconds(1500)),
            ("5m", .seconds(300)), ("2h", .seconds(7200)), ("30", .seconds(30)), ("0", .zero),
        ])
    func durations(text: String, expected: Duration) {
        #expect(DurationText.parse(text) == expected)
    }

    @Test("durations that are not", arguments: ["", "s", "ten seconds", "-1s", "5d", "1e400"])
    func notDurations(text: String) {
        #expect(DurationText.parse(text) == nil)
    }
}
