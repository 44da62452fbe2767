import Foundation
import Testing

@testable import SitegenModel
@testable import SitegenSource

@Suite("RawItem decoding")
struct RawItemDecodingTests {
    func decode(_ json: String) throws -> RawItem {
        try JSONDecoder().decode(RawItem.self, from: Data(json.utf8))
    }

    @Test("every HN field decodes")
    func allFields() throws {
        let item = try decode(
            #"{"id":1,"type":"story","by":"pg","time":1160418111,"title":"Y","url":"http://y.com","text":"t","score":57,"descendants":3,"dead":false,"deleted":false,"kids":[2,3]}"#
        )
        var expected = RawItem(
            id: 1, type: "story", by: "pg", time: 1_160_418_111, title: "Y", url: "http://y.com", text: "t",
            score: 57, descendants: 3, dead: false, deleted: false)
        expected.kids = [2, 3]
        #expect(item == expected)
        #expect(try decode(#"{"id":5,"type":"comment","parent":1,"kids":[6,"x"]}"#).parent == 1)
        #expect(try decode(#"{"id":5,"kids":[6,"x"]}"#).kids == nil, "a list with a non-integer is no list")
        #expect(item.isObject)
    }

    @Test("an image is a URL string or an object with url, width and height; anything else is left out")
    func images() throws {
        #expect(try decode(#"{"id":1,"image":"/a.png"}"#).image == ItemImage(url: "/a.png"))
        #expect(
            try decode(#"{"id":1,"image":{"url":"https://e.com/a.png","width":640,"height":480}}"#).image
                == ItemImage(url: "https://e.com/a.png", width: 640, height: 480))
        #expect(try decode(#"{"id":1,"image":{"url":"/a.png","width":"wide"}}"#).image == ItemImage(url: "/a.png"))
        for junk in ["5", "true", "[]", #"{"width":1}"#, "null"] {
            let item = try decode(#"{"id":1,"title":"T","image":"# + junk + "}")
            #expect(item.image == nil, "\(junk)")
            #expect(item.title == "T")
        }
    }

    @Test("a wrong-typed score is nil but the item decodes")
    func wrongTypedScore() throws {
        let item = try decode(#"{"id":1,"title":"T","score":"abc"}"#)
        #expect(item.score == nil)
        #expect(item.id == 1)
        #expect(item.title == "T")
        #expect(item.isObject)
    }

    /// Whether the named field of `item` is absent.
    static func isAbsent(_ field: String, in item: RawItem) -> Bool? {
        switch field {
        case "by": item.by == nil
        case "time": item.time == nil
        case "url": item.url == nil
        case "text": item.text == nil
        case "descendants": item.descendants == nil
        case "dead": item.dead == nil
        case "deleted": item.deleted == nil
        case "type": item.type == nil
        case "score": item.score == nil
        default: nil
        }
    }

    @Test(
        "any wrong-typed optional field reads as absent and leaves the others",
        arguments: [
            ("by", "5"), ("time", #""yesterday""#), ("url", #"["x"]"#), ("text", #"{"a":1}"#),
            ("descendants", "true"), ("dead", #""yes""#), ("deleted", "1.5"), ("type", "7"),
            ("score", "1.5"), ("score", "null"), ("score", "[]"),
        ])
    func wrongTypedField(field: String, value: String) throws {
        let item = try decode(#"{"id":3,"title":"Kept",""# + field + #"":"# + value + "}")
        #expect(Self.isAbsent(field, in: item) == true, "\(field): \(value) gave \(item)")
        #expect(item.id == 3)
        #expect(item.title == "Kept")
        #expect(item.isObject)
    }

    @Test("a wrong-typed id or title reads as absent (ItemFilter then skips the item)")
    func wrongTypedIDOrTitle() throws {
        let item = try decode(#"{"id":"12","title":12}"#)
        #expect(item.id == nil)
        #expect(item.title == nil)
        #expect(item.isObject)
    }

    @Test(
        "non-object JSON values decode with isObject == false",
        arguments: ["1", "\"a string\"", "[1,2]", "true", "[]", "3.5"])
    func nonObject(json: String) throws {
        let item = try decode(json)
        #expect(!item.isObject)
        #expect(item.id == nil)
    }

    @Test("null decodes as a nil optional, not as an item")
    func null() throws {
        let items = try JSONDecoder().decode([RawItem?].self, from: Data(#"[null, {"id":1}, 2]"#.utf8))
        #expect(items.count == 3)
        #expect(items[0] == nil)
        #expect(items[1]?.id == 1)
        #expect(items[2]?.isObject == false)
    }

    @Test("an empty object decodes with every field absent")
    func emptyObject() throws {
        let item = try decode("{}")
        #expect(item == RawItem(id: nil, type: nil))
        #expect(item.isObject)
    }

    @Test("encoding then decoding gives the same item")
    func roundTrip() throws {
        let item = RawItem(
            id: 9, by: "a", time: 5, title: "t", url: "u", text: "x", score: 1, descendants: 2, dead: true, deleted: false)
        let back = try JSONDecoder().decode(RawItem.self, from: try JSONEncoder().encode(item))
        #expect(back == item)
    }
}
