import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSource

@Suite("ItemFilter")
struct ItemFilterTests {
    /// The single skip of a single entry, or a recorded failure.
    func skip(of entry: SourceEntry, sourceLocation: SourceLocation = #_sourceLocation) throws -> Skip {
        let (stories, skipped) = ItemFilter.stories(from: [entry])
        #expect(stories.isEmpty, "the entry became a story", sourceLocation: sourceLocation)
        return try #require(skipped.only, "expected one skip, got \(skipped)", sourceLocation: sourceLocation)
    }

    @Test("a null entry is skipped as null, named by its location")
    func null() throws {
        let skip = try skip(of: .null(at: "item/5.json"))
        #expect(skip.reason == .null)
        #expect(skip.location == "item/5.json")
        #expect(skip.id == nil)
    }

    @Test("an unreadable entry is skipped as malformed, with the reader's words")
    func unreadable() throws {
        let skip = try skip(of: .unreadable("not valid JSON", at: "f.jsonl line 3"))
        #expect(skip.reason == .malformed)
        #expect(skip.location == "f.jsonl line 3")
        #expect(skip.detail == "not valid JSON")
    }

    @Test("a JSON value that is not an object is skipped as malformed")
    func nonObject() throws {
        var raw = RawItem(id: nil)
        raw.isObject = false
        let skip = try skip(of: .item(raw, at: "x entry 2"))
        #expect(skip.reason == .malformed)
        #expect(skip.location == "x entry 2")
    }

    @Test("an item without an id is skipped as no id")
    func noID() throws {
        let skip = try skip(of: .item(RawItem(id: nil, title: "Orphan")))
        #expect(skip.reason == .noID)
        #expect(skip.id == nil)
    }

    @Test("a deleted item is skipped as deleted, with its id")
    func deleted() throws {
        let skip = try skip(of: .item(RawItem(id: 9, title: "Gone", deleted: true)))
        #expect(skip.reason == .deleted)
        #expect(skip.id == 9)
    }

    @Test("a dead item is skipped as dead, with its id")
    func dead() throws {
        let skip = try skip(of: .item(RawItem(id: 8, title: "[dead]", dead: true)))
        #expect(skip.reason == .dead)
        #expect(skip.id == 8)
    }

    @Test("dead: false and deleted: false keep the story")
    func explicitlyAlive() {
        let (stories, skipped) = ItemFilter.stories(from: [.item(RawItem(id: 8, title: "Fine", dead: false, deleted: false))])
        #expect(stories.map(\.id) == [8])
        #expect(skipped.isEmpty)
    }

    @Test("jobs, polls and comments are not stories", arguments: ["job", "poll", "comment", "pollopt"])
    func notAStory(type: String) throws {
        let skip = try skip(of: .item(RawItem(id: 7, type: type, title: "Something")))
        #expect(skip.reason == .notAStory)
        #expect(skip.id == 7)
        #expect(skip.detail == type)
    }

    @Test("an item without a type is kept as a story")
    func missingTypeIsAStory() {
        let (stories, skipped) = ItemFilter.stories(from: [.item(RawItem(id: 6, type: nil, title: "Hand-written"))])
        #expect(stories == [Story(id: 6, title: "Hand-written")])
        #expect(skipped.isEmpty)
    }

    @Test("a missing, empty or blank title is skipped as no title", arguments: [nil, "", " ", "\t\n ", "\u{A0}\u{3000}"])
    func blankTitle(title: String?) throws {
        let skip = try skip(of: .item(RawItem(id: 5, title: title)))
        #expect(skip.reason == .noTitle)
        #expect(skip.id == 5)
    }

    @Test("a title with surrounding spaces is kept as given")
    func paddedTitle() {
        let (stories, _) = ItemFilter.stories(from: [.item(RawItem(id: 5, title: "  Hi  "))])
        #expect(stories.map(\.title) == ["  Hi  "])
    }

    @Test("a duplicate id keeps the first position and skips the later one")
    func duplicate() {
        let entries: [SourceEntry] = [
            .story(1, title: "one"), .story(2, title: "two, first"), .story(3, title: "three"),
            .story(2, title: "two, again", at: "later"),
        ]
        let (stories, skipped) = ItemFilter.stories(from: entries)
        #expect(stories.map(\.id) == [1, 2, 3])
        #expect(stories[1].title == "two, first")
        #expect(skipped == [Skip(reason: .duplicate, location: "later", id: 2, detail: nil)])
    }

    @Test("order is preserved and each fault is skipped with the right reason")
    func mixed() {
        var notObject = RawItem(id: nil)
        notObject.isObject = false
        let entries: [SourceEntry] = [
            .story(10), .null(at: "a"), .story(11), .item(RawItem(id: 12, title: "x", dead: true), at: "b"),
            .item(RawItem(id: 13, type: "job", title: "hiring"), at: "c"), .story(14), .item(notObject, at: "d"),
            .item(RawItem(id: 15, title: "x", deleted: true), at: "e"), .item(RawItem(id: nil, title: "x"), at: "f"),
            .item(RawItem(id: 16, title: " "), at: "g"), .story(11, at: "h"), .story(9),
        ]
        let (stories, skipped) = ItemFilter.stories(from: entries)
        #expect(stories.map(\.id) == [10, 11, 14, 9])
        #expect(skipped.map(\.reason) == [.null, .dead, .notAStory, .malformed, .deleted, .noID, .noTitle, .duplicate])
        #expect(skipped.map(\.location) == ["a", "b", "c", "d", "e", "f", "g", "h"])
    }

    @Test("a kept story carries every field of its item")
    func fieldsCarriedOver() {
        let raw = RawItem(
            id: 42, by: "pg", time: 1_700_000_000, title: "T", url: "https://e.com", text: "<p>x", score: 3, descendants: 4)
        let (stories, _) = ItemFilter.stories(from: [.item(raw)])
        #expect(
            stories == [
                Story(
                    id: 42, title: "T", url: "https://e.com", by: "pg", time: 1_700_000_000, score: 3, descendants: 4,
                    text: "<p>x")
            ])
    }

    @Test("nothing in, nothing out")
    func empty() {
        let (stories, skipped) = ItemFilter.stories(from: [])
        #expect(stories.isEmpty && skipped.isEmpty)
    }
}

extension Collection {
    /// The element of a one-element collection, nil otherwise.
    var only: Element? { count == 1 ? first : nil }
}
