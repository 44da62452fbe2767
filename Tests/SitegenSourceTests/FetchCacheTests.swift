import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenSource

@Suite("FetchCache")
struct FetchCacheTests {
    @Test(
        "URLs become readable paths: host and port, path, query after @",
        arguments: [
            ("https://hacker-news.firebaseio.com/v0/item/8863.json", "hacker-news.firebaseio.com/v0/item/8863.json"),
            ("http://127.0.0.1:8080/beers?page=2&per_page=25", "127.0.0.1_8080/beers@page=2&per_page=25"),
            ("http://example.com/", "example.com/index"),
            ("http://example.com/a/../../etc/passwd", "example.com/a/_/_/etc/passwd"),
            ("http://example.com/we ird/%2F", "example.com/we_ird/_2F"),
        ])
    func paths(url: String, expected: String) {
        #expect(FetchCache.relativePath(for: url) == expected)
    }

    @Test("a name too long for the file system becomes its hash")
    func longNames() {
        let path = FetchCache.relativePath(for: "http://example.com/" + String(repeating: "x", count: 300))
        #expect(path.hasPrefix("example.com/"))
        #expect(path.count < 100)
    }

    @Test("stored bodies come back; fresh only within the TTL, any whatever their age")
    func freshness() throws {
        try withTemporaryFolder { folder in
            let cache = FetchCache(folder: folder.path, ttl: .seconds(60))
            let url = "http://example.com/v0/item/1.json"
            #expect(cache.fresh(url) == nil)
            cache.store(url, Array(#"{"id":1}"#.utf8))
            #expect(cache.fresh(url) == Array(#"{"id":1}"#.utf8))
            #expect(cache.fresh(url, now: Date().addingTimeInterval(61)) == nil)
            #expect(cache.any(url) == Array(#"{"id":1}"#.utf8))
            // Nothing but the stored file is left behind.
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("example.com/v0/item"))
            #expect(files == ["1.json"])
        }
    }

    @Test("a cache that cannot be written is skipped, not an error")
    func unwritable() throws {
        try withTemporaryFolder { folder in
            try folder.write("a file, not a folder", to: "cache")
            let cache = FetchCache(folder: folder.path("cache"), ttl: .seconds(60))
            cache.store("http://example.com/x.json", [1, 2, 3])
            #expect(cache.any("http://example.com/x.json") == nil)
        }
    }
}
