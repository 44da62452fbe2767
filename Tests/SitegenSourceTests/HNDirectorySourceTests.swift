import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSource

@Suite("HNDirectorySource")
struct HNDirectorySourceTests {
    @Test("entries follow topstories.json; a missing item file is unreadable, a null one is null")
    func entries() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("[3, 1, 2, 4, 5]", to: "topstories.json")
            try folder.write(#"{"id":3,"type":"story","title":"Three"}"#, to: "item/3.json")
            // item/1.json is missing
            try folder.write("null", to: "item/2.json")
            try folder.write("{not json", to: "item/4.json")
            try folder.write(#"{"type":"story","title":"No id inside"}"#, to: "item/5.json")
            let entries = try await HNDirectorySource(path: folder.path).entries()
            #expect(entries.map(\.location) == [3, 1, 2, 4, 5].map { folder.path + "/item/\($0).json" })
            #expect(entries[0].content == .item(RawItem(id: 3, type: "story", title: "Three")))
            #expect(entries[1].content == .unreadable("missing file"))
            #expect(entries[2].content == .null)
            guard case .unreadable = entries[3].content else {
                Issue.record("an unparsable item file should be unreadable, got \(entries[3].content)")
                return
            }
            // The list names the id; the file without one is still that item.
            #expect(entries[4].content == .item(RawItem(id: 5, type: "story", title: "No id inside")))
        }
    }

    @Test("many items (read in parallel chunks) keep the list's order")
    func manyItemsOrder() async throws {
        try await withTemporaryFolder { folder in
            let ids = Array((1...1100).reversed())
            try folder.write("[" + ids.map(String.init).joined(separator: ",") + "]", to: "topstories.json")
            for id in ids { try folder.write(#"{"id":\#(id),"title":"S\#(id)"}"#, to: "item/\(id).json") }
            let entries = try await HNDirectorySource(path: folder.path).entries()
            let got = entries.compactMap { entry -> Int? in if case .item(let item) = entry.content { item.id } else { nil } }
            #expect(got == ids)
        }
    }

    @Test("an empty list gives no entries")
    func emptyList() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("[]", to: "topstories.json")
            #expect(try await HNDirectorySource(path: folder.path).entries().isEmpty)
        }
    }

    @Test(
        "topstories.json that is not an array of ints throws invalidField",
        arguments: [#"{"ids":[1]}"#, #"[1,"2",3]"#, "[1.5]", "null", "42", "[[1]]"])
    func listNotInts(text: String) async throws {
        try await withTemporaryFolder { folder in
            let list = try folder.write(text, to: "topstories.json")
            let error = await #expect(throws: SourceError.self) { try await HNDirectorySource(path: folder.path).entries() }
            guard case .invalidField(let path, _, _) = error else {
                Issue.record("expected invalidField for \(text), got \(String(describing: error))")
                return
            }
            #expect(path == list)
        }
    }

    @Test("topstories.json that is not JSON throws invalidJSON with its line")
    func listNotJSON() async throws {
        try await withTemporaryFolder { folder in
            let list = try folder.write("[\n1,\n2 3\n]", to: "topstories.json")
            let error = await #expect(throws: SourceError.self) { try await HNDirectorySource(path: folder.path).entries() }
            guard case .invalidJSON(let path, let line, _, _) = error else {
                Issue.record("expected invalidJSON, got \(String(describing: error))")
                return
            }
            #expect(path == list)
            #expect(line == 3)
        }
    }

    @Test("a missing topstories.json throws unreadable naming it")
    func missingList() async throws {
        try await withTemporaryFolder { folder in
            let error = await #expect(throws: SourceError.self) { try await HNDirectorySource(path: folder.path).entries() }
            guard case .unreadable(let path, _) = error else {
                Issue.record("expected unreadable, got \(String(describing: error))")
                return
            }
            #expect(path == folder.path("topstories.json"))
        }
    }

    @Test("another list file can be named (e.g. newstories)")
    func otherList() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("[1]", to: "topstories.json")
            try folder.write("[2]", to: "newstories.json")
            try folder.write(#"{"id":2,"title":"New"}"#, to: "item/2.json")
            let entries = try await HNDirectorySource(path: folder.path, list: "newstories").entries()
            #expect(entries.map(\.content) == [.item(RawItem(id: 2, type: nil, title: "New"))])
        }
    }
}
