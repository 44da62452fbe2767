import Foundation
import Testing

@testable import SitegenCore

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
            let error = #expect(throws: SitegenError.self) { try SourceLocator.source(for: folder.path) }
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
        let error = #expect(throws: SitegenError.self) { try SourceLocator.source(for: "/nonexistent/stories.json") }
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
            let error = #expect(throws: SitegenError.self) { try SourceLocator.source(for: path) }
            guard case .unreadable(let errorPath, let reason) = error else {
                Issue.record("expected unreadable, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path)
            #expect(reason.contains("unknown source type"))
        }
    }

    @Test("an http(s) URL is refused as an option for now")
    func url() {
        let error = #expect(throws: SitegenError.self) { try SourceLocator.source(for: "https://hacker-news.firebaseio.com/v0") }
        guard case .invalidOption(let name, _) = error else {
            Issue.record("expected invalidOption, got \(String(describing: error))")
            return
        }
        #expect(name == "source")
    }
}
