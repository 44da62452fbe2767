import Testing

@testable import SitegenSystem

@Suite("a body searched for its markers as bytes")
struct ByteSearchTests {
    @Test("offsets are UTF-8 offsets; a marker at the end, twice, after other scripts, or not there")
    func offsets() {
        #expect(ByteSearch.offset(of: "{%", in: "a {% b {%") == 2)
        #expect(ByteSearch.offset(of: "<!--more-->", in: "한국어 <!--more--> rest") == 10)
        #expect(ByteSearch.prefix(of: "中文<!--more-->", before: "<!--more-->") == "中文")
        #expect(ByteSearch.offset(of: "{{%", in: "{{ x }} {{%") == 8)
        #expect(ByteSearch.offset(of: "{%", in: "{ % {") == nil && ByteSearch.offset(of: "{%", in: "") == nil)
        #expect(ByteSearch.offset(of: "<!--more-->", in: "<!--more") == nil)
        #expect(ByteSearch.contains("ends with {%", "{%") && !ByteSearch.contains("no marker", "{%"))
        // The same answers as the standard library's search, on texts of every script.
        for text in ["a{%b", "ü{%", "{%", "x{x%{%", "🎉 {{< fig >}}", "{{%"] {
            for needle in ["{%", "{{<", "{{%"] {
                let expected = text.utf8.firstRange(of: needle.utf8).map {
                    text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound)
                }
                #expect(ByteSearch.offset(of: needle, in: text) == expected, "\(needle) in \(text)")
            }
        }
    }
}
