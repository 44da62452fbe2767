import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSource

@Suite("JSONLinesSource")
struct JSONLinesSourceTests {
    @Test("one entry per non-blank line, located by its line number; a bad line is unreadable")
    func lines() async throws {
        try await withTemporaryFolder { folder in
            let text = [
                #"{"id":1,"title":"One"}"#,  // line 1
                "",  // 2: blank
                #"{"id":2,"title": oops}"#,  // 3: bad
                "null",  // 4
                "   \t ",  // 5: blank
                #"{"id":3,"title":"Three"}"#,  // 6
                "",  // 7: trailing blank
            ].joined(separator: "\n")
            let path = try folder.write(text, to: "stories.jsonl")
            let entries = try await JSONLinesSource(path: path).entries()
            #expect(entries.map(\.location) == [1, 3, 4, 6].map { "\(path) line \($0)" })
            #expect(entries[0].content == .item(RawItem(id: 1, type: nil, title: "One")))
            guard case .unreadable = entries[1].content else {
                Issue.record("line 3 should be unreadable, got \(entries[1].content)")
                return
            }
            #expect(entries[2].content == .null)
            #expect(entries[3].content == .item(RawItem(id: 3, type: nil, title: "Three")))
        }
    }

    @Test("the bad line is skipped by ItemFilter as malformed, named by its line")
    func badLineSkipped() async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write("{\"id\":1,\"title\":\"a\"}\n{not json\n{\"id\":2,\"title\":\"b\"}\n", to: "s.jsonl")
            let (stories, skipped) = ItemFilter.stories(from: try await JSONLinesSource(path: path).entries())
            #expect(stories.map(\.id) == [1, 2])
            #expect(skipped.map(\.reason) == [.malformed])
            #expect(skipped.first?.location == "\(path) line 2")
        }
    }

    @Test("Windows line endings read the same")
    func crlf() async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write("{\"id\":1,\"title\":\"a\"}\r\n\r\n{\"id\":2,\"title\":\"b\"}\r\n", to: "s.jsonl")
            let entries = try await JSONLinesSource(path: path).entries()
            #expect(entries.map(\.location) == ["\(path) line 1", "\(path) line 3"])
            #expect(
                entries.map(\.content) == [
                    .item(RawItem(id: 1, type: nil, title: "a")), .item(RawItem(id: 2, type: nil, title: "b")),
                ])
        }
    }

    @Test("an empty file gives no entries")
    func emptyFile() async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write("", to: "empty.jsonl")
            #expect(try await JSONLinesSource(path: path).entries().isEmpty)
        }
    }

    @Test("a large file (read in parallel chunks) keeps every line, in order")
    func largeFileOrder() async throws {
        try await withTemporaryFolder { folder in
            let count = 9000
            var text = ""
            for i in 1...count {
                text += i % 1000 == 0 ? "\n" : ""  // blank lines sprinkled in
                text += #"{"id":\#(i),"title":"Story \#(i)"}"# + "\n"
            }
            let path = try folder.write(text, to: "big.jsonl")
            let entries = try await JSONLinesSource(path: path).entries()
            let ids = entries.compactMap { entry -> Int? in if case .item(let item) = entry.content { item.id } else { nil } }
            #expect(ids == Array(1...count))
            // Line numbers count the blank lines: story 1000 sits on line 1001.
            #expect(entries[999].location == "\(path) line 1001")
        }
    }

    @Test("a missing file throws unreadable naming it")
    func missingFile() async throws {
        let path = "/nonexistent/sitegen-tests/stories.jsonl"
        await #expect(throws: SourceError.unreadable(path: path, reason: "no such file")) {
            try await JSONLinesSource(path: path).entries()
        }
    }
}
