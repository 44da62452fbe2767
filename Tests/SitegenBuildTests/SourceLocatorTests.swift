import Foundation
import SitegenBuild
import SitegenTestSupport
import Testing

@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenSource

@Suite("SourceLocator")
struct SourceLocatorTests {
    @Test("no --source gives the embedded sample of 300 stories")
    func noArgument() async throws {
        let source = try SourceLocator.source(for: nil)
        #expect(source is SampleSource)
        let (stories, _) = ItemFilter.stories(from: try await source.entries())
        #expect(stories.count == 300)
    }

    @Test("a folder holding topstories.json is an HN directory source")
    func folder() throws {
        try withTemporaryFolder { folder in
            try folder.write("[]", to: "topstories.json")
            let source = try SourceLocator.source(for: folder.path)
            #expect((source as? HNDirectorySource)?.path == folder.path)
        }
    }

    @Test("a folder without topstories.json is refused, naming the folder")
    func folderWithoutList() throws {
        try withTemporaryFolder { folder in
            let error = #expect(throws: SourceError.self) { try SourceLocator.source(for: folder.path) }
            guard case .unreadable(let path, _) = error else {
                Issue.record("expected unreadable, got \(String(describing: error))")
                return
            }
            #expect(path == folder.path)
        }
    }

    @Test("a .json file is a JSON array source", arguments: ["s.json", "S.JSON"])
    func jsonFile(name: String) throws {
        try withTemporaryFolder { folder in
            let path = try folder.write("[]", to: name)
            #expect((try SourceLocator.source(for: path) as? JSONArrayFileSource)?.path == path)
        }
    }

    @Test("a .jsonl or .ndjson file is a JSON Lines source", arguments: ["s.jsonl", "s.ndjson", "s.JSONL"])
    func jsonLinesFile(name: String) throws {
        try withTemporaryFolder { folder in
            let path = try folder.write("", to: name)
            #expect((try SourceLocator.source(for: path) as? JSONLinesSource)?.path == path)
        }
    }

    @Test("a missing path is unreadable, naming it")
    func missing() {
        let error = #expect(throws: SourceError.self) { try SourceLocator.source(for: "/nonexistent/stories.json") }
        guard case .unreadable(let path, _) = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(path == "/nonexistent/stories.json")
    }

    @Test("a file of unknown type is refused, naming it", arguments: ["s.txt", "s.csv", "noextension"])
    func unknownExtension(name: String) throws {
        try withTemporaryFolder { folder in
            let path = try folder.write("[]", to: name)
            let error = #expect(throws: SourceError.self) { try SourceLocator.source(for: path) }
            guard case .unreadable(let errorPath, let reason) = error else {
                Issue.record("expected unreadable, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path)
            #expect(reason.contains("unknown source type"))
        }
    }

    @Test("an http(s) URL with {page} is a paged API, any other the base of an HN-shaped API")
    func urls() throws {
        let remote = RemoteSourceOptions(list: "newstories", itemsKey: "items", totalKey: "meta.total")
        let hn = try #require(
            try SourceLocator.source(for: "https://hacker-news.firebaseio.com/v0/", remote: remote) as? HNAPISource)
        #expect(hn.listURL == "https://hacker-news.firebaseio.com/v0/newstories.json")
        #expect(hn.itemURL(8863) == "https://hacker-news.firebaseio.com/v0/item/8863.json")
        #expect(hn.limit == 500)
        let paged = try #require(
            try SourceLocator.source(for: "http://127.0.0.1:8/beers?page={page}&n=25", remote: remote) as? PagedAPISource)
        #expect(paged.pageURL(3) == "http://127.0.0.1:8/beers?page=3&n=25")
        #expect(paged.itemsKey == "items")
        #expect(paged.totalKey == "meta.total")
        #expect(paged.limit == nil)
    }

    @Test("a URL without a host is refused, naming --source")
    func badURL() {
        #expect(throws: SourceError.invalidOption(name: "source", reason: "http:///v0 is not a URL")) {
            try SourceLocator.source(for: "http:///v0")
        }
    }
}
