import SitegenHTTP
import Testing

@testable import SitegenBuild
@testable import SitegenSource

@Suite("ProgressLine")
struct ProgressLineTests {
    @Test("the bar shows done/total, the rate and what is left")
    func bar() {
        let counts = FetchCounts(what: "items", total: 500, done: 250, cached: 10, failed: 0, retries: 3)
        #expect(
            ProgressLine.bar(counts, elapsed: .seconds(1), width: 10)
                == "items 250/500 [#####·····] 250/s, 1 s left · 10 cached, 3 retried")
    }

    @Test("no rate before there is one to tell")
    func early() {
        let counts = FetchCounts(what: "pages", total: 20, done: 0)
        #expect(ProgressLine.bar(counts, elapsed: .milliseconds(10), width: 4) == "pages 0/20 [····]")
    }

    @Test("the summary names what was cached, retried and failed")
    func summary() {
        let counts = FetchCounts(what: "items", total: 500, done: 500, cached: 0, failed: 2, retries: 51)
        #expect(
            ProgressLine.summary(counts, elapsed: .milliseconds(1230)) == "Fetched 500 items in 1.23 s · 51 retried, 2 failed")
    }
}
