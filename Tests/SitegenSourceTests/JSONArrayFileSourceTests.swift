import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSource

@Suite("JSONArrayFileSource")
struct JSONArrayFileSourceTests {
    @Test("entries come in file order, named by their 1-based position; null stays null")
    func entries() async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write(
                #"[{"id":1,"title":"One"}, null, {"id":2,"title":"Two","score":"abc"}, 5]"#, to: "stories.json")
            let entries = try await JSONArrayFileSource(path: path).entries()
            #expect(entries.map(\.location) == (1...4).map { "\(path) entry \($0)" })
            #expect(entries[0].content == .item(RawItem(id: 1, type: nil, title: "One")))
            #expect(entries[1].content == .null)
            #expect(entries[2].content == .item(RawItem(id: 2, type: nil, title: "Two")))
            guard case .item(let notObject) = entries[3].content else {
                Issue.record("a number entry should still be an item, got \(entries[3].content)")
                return
            }
            #expect(!notObject.isObject)
        }
    }

    @Test("a large file, read in parts on both cores, reads as its bytes; a small one and a folder as before")
    func readInParts() throws {
        try withTemporaryFolder { folder in
            var generator = SystemRandomNumberGenerator()
            // Not a multiple of any part size, so the parts' ends are uneven.
            let bytes = (0..<(3 << 20) + 12_345).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let large = folder.path("large.bin")
            try Data(bytes).write(to: URL(fileURLWithPath: large))
            #expect(try JSONInput.read(large) == Data(bytes))
            let small = try folder.write("[1]", to: "small.json")
            #expect(try JSONInput.read(small) == Data("[1]".utf8))
            #expect(throws: SourceError.self) { try JSONInput.read(folder.path("")) }
            #expect(throws: SourceError.unreadable(path: folder.path("none.json"), reason: "no such file")) {
                try JSONInput.read(folder.path("none.json"))
            }
        }
    }

    @Test("an empty array gives no entries")
    func emptyArray() async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write("[]", to: "empty.json")
            #expect(try await JSONArrayFileSource(path: path).entries().isEmpty)
        }
    }

    @Test("a syntax error on line 3 throws invalidJSON naming the file and line 3")
    func syntaxErrorLine() async throws {
        try await withTemporaryFolder { folder in
            let text = """
                [
                {"id": 1, "title": "é one"},
                {"id": 2, "title": "b",, },
                {"id": 3, "title": "c"}
                ]
                """
            let path = try folder.write(text, to: "broken.json")
            let error = await #expect(throws: SourceError.self) { try await JSONArrayFileSource(path: path).entries() }
            guard case .invalidJSON(let errorPath, let line, let column, _) = error else {
                Issue.record("expected invalidJSON, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path)
            #expect(line == 3)
            #expect(column.map { $0 >= 1 } == true)
            #expect(error?.description.hasPrefix("\(path):3:") == true)
        }
    }

    @Test("a syntax error on the first line reports line 1")
    func syntaxErrorFirstLine() async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write("[{\"id\": 1,, }]\n", to: "broken.json")
            let error = await #expect(throws: SourceError.self) { try await JSONArrayFileSource(path: path).entries() }
            guard case .invalidJSON(let errorPath, let line, _, _) = error else {
                Issue.record("expected invalidJSON, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path)
            #expect(line == 1)
        }
    }

    @Test("an empty file throws invalidJSON saying so")
    func emptyFile() async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write("", to: "empty.json")
            let error = await #expect(throws: SourceError.self) { try await JSONArrayFileSource(path: path).entries() }
            guard case .invalidJSON(let errorPath, _, _, let reason) = error else {
                Issue.record("expected invalidJSON, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path)
            #expect(reason.contains("empty"))
        }
    }

    @Test("valid JSON that is not an array throws invalidField at the top level", arguments: [#"{"id":1}"#, "5", #""text""#])
    func notAnArray(text: String) async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write(text, to: "object.json")
            let error = await #expect(throws: SourceError.self) { try await JSONArrayFileSource(path: path).entries() }
            guard case .invalidField(let errorPath, let field, _) = error else {
                Issue.record("expected invalidField, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path)
            #expect(field == "(top level)")
        }
    }

    @Test("a file holding just null is valid JSON but not an array: invalidField, not invalidJSON")
    func nullFile() async throws {
        try await withTemporaryFolder { folder in
            let path = try folder.write("null", to: "null.json")
            let error = await #expect(throws: SourceError.self) { try await JSONArrayFileSource(path: path).entries() }
            guard case .invalidField(let errorPath, let field, _) = error else {
                Issue.record("expected invalidField for a valid-JSON null file, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path)
            #expect(field == "(top level)")
        }
    }

    @Test("a missing file throws unreadable naming it")
    func missingFile() async throws {
        try await withTemporaryFolder { folder in
            let path = folder.path("nope.json")
            let error = await #expect(throws: SourceError.self) { try await JSONArrayFileSource(path: path).entries() }
            guard case .unreadable(let errorPath, _) = error else {
                Issue.record("expected unreadable, got \(String(describing: error))")
                return
            }
            #expect(errorPath == path)
        }
    }
}
