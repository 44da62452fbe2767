import Testing

@testable import SitegenRender

@Suite("SafeURL")
struct SafeURLTests {
    @Test(
        "absolute http(s) URLs with a host are links, whatever the scheme's case",
        arguments: [
            "http://example.com", "https://example.com/a/b?c=d#e", "HTTPS://EXAMPLE.COM/", "HtTp://x.y",
            "https://user:pw@example.com:8443/p", "http://[::1]:8080/", "https://example.com/?q=<b>&x=\"y\"",
        ])
    func absoluteAccepted(url: String) {
        #expect(SafeURL.link(url) == url)
    }

    @Test("surrounding whitespace is trimmed")
    func trimmed() {
        #expect(SafeURL.link("  https://example.com/ \n") == "https://example.com/")
    }

    @Test("relative references are links when allowed", arguments: ["/item/1/", "page/2/", "?q=1", "#top", "./a:b"])
    func relativeAccepted(url: String) {
        #expect(SafeURL.link(url) == url)
        #expect(SafeURL.link(url, allowRelative: false) == nil)
    }

    @Test(
        "dangerous or malformed URLs are refused",
        arguments: [
            "javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
            "java\nscript:alert(1)", "jAvAsCrIpT:alert(1)", "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox(1)", "http:/x", "http:x", "https://", "https:///path", "http://:80/", "http://user@/",
            "https://example.com\\@evil.com", "/\\evil.com", "\\\\evil.com", "mailto:a@b.c", "ftp://example.com/",
            "https://exa mple.com/", "https://example.com/\u{7F}", "", "   ",
        ])
    func refused(url: String) {
        #expect(SafeURL.link(url) == nil)
        #expect(SafeURL.link(url, allowRelative: false) == nil)
    }

    @Test(
        "domain: host lowercased without www., port or userinfo",
        arguments: [
            ("https://www.example.com/a", "example.com"), ("http://Example.COM:8080/x", "example.com"),
            ("https://user:pw@www.example.org/", "example.org"), ("https://news.ycombinator.com", "news.ycombinator.com"),
            ("https://wwwexample.com/", "wwwexample.com"), ("https://example.com?q=1", "example.com"),
            ("https://example.com#x", "example.com"), ("http://[::1]:8080/", "[::1]"),
        ])
    func domain(url: String, expected: String) {
        #expect(SafeURL.domain(of: url) == expected)
    }

    @Test("domain is nil without a host", arguments: ["/item/1/", "https://", "?q=1"])
    func domainWithoutHost(url: String) {
        #expect(SafeURL.domain(of: url) == nil)
    }

    @Test("domain is nil for a relative URL even when its query holds another URL")
    func domainOfRelativeWithURLInQuery() {
        // The link goes to this site's own /go path; showing "(evil.example)" beside it would
        // misstate where it leads.
        #expect(SafeURL.domain(of: "/go?to=https://evil.example/") == nil)
    }

    @Test("a protocol-relative URL (another host) is refused, or at least shown with its domain")
    func protocolRelative() {
        // "//evil.example/x" is not a path, query or fragment reference: it leaves the site for
        // another host, so it must pass the same host check as an absolute URL or be refused.
        let url = "//evil.example/x"
        if SafeURL.link(url) != nil {
            #expect(SafeURL.domain(of: url) == "evil.example", "an off-site link would show no domain")
        }
    }
}
