import Foundation
import Testing

@testable import SitegenModel
@testable import SitegenSource

@Suite("FieldMapping and JSONValue")
struct FieldMappingTests {
    func value(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    @Test("a beer-shaped item maps through the default candidates")
    func beer() throws {
        let item = FieldMapping.defaults.item(
            from: try value(
                #"{"id":"oeGSxs","name":"Naughty 90","link":"https://example.com/n90","author":"Brewer","description":"Hoppy","created_at":"2012-01-03T02:44:33Z","points":7,"labels":{"medium":"https://example.com/m.png"}}"#
            ))
        #expect(item.id == StableID.of("oeGSxs"))
        #expect(item.title == "Naughty 90")
        #expect(item.url == "https://example.com/n90")
        #expect(item.by == "Brewer")
        #expect(item.text == "Hoppy")
        #expect(item.time == 1_325_558_673)
        #expect(item.score == 7)
        #expect(item.type == nil)
        #expect(item.image == nil)
    }

    @Test("--field replaces a field's candidates with a dotted path")
    func override() throws {
        var mapping = FieldMapping.defaults
        try mapping.set("image=labels.medium")
        try mapping.set(" title = nameDisplay ")
        let item = mapping.item(
            from: try value(#"{"id":12,"name":"Plain","nameDisplay":"Shown","labels":{"medium":"https://example.com/m.png"}}"#))
        #expect(item.title == "Shown")
        #expect(item.image == ItemImage(url: "https://example.com/m.png"))
    }

    @Test("--field that is not field=path, or names no story field, is a clear error")
    func badAssignments() {
        var mapping = FieldMapping.defaults
        #expect(
            throws: SourceError.invalidOption(name: "field", reason: "'title' must be story-field=json.path, e.g. title=name")
        ) {
            try mapping.set("title")
        }
        #expect(throws: SourceError.self) { try mapping.set("color=hue") }
        #expect(mapping == .defaults)
    }

    @Test("ids: integers, digit strings, integral doubles; other strings hash stably; absent stays absent")
    func ids() throws {
        #expect(FieldMapping.defaults.item(from: try value(#"{"id":42}"#)).id == 42)
        #expect(FieldMapping.defaults.item(from: try value(#"{"id":"42"}"#)).id == 42)
        #expect(FieldMapping.defaults.item(from: try value(#"{"id":42.0}"#)).id == 42)
        #expect(FieldMapping.defaults.item(from: try value(#"{"id":"abc"}"#)).id == StableID.of("abc"))
        #expect(FieldMapping.defaults.item(from: try value(#"{"id":""}"#)).id == nil)
        #expect(FieldMapping.defaults.item(from: try value(#"{"title":"t"}"#)).id == nil)
        #expect(StableID.of("abc") != StableID.of("abd"))
        #expect(StableID.of("abc") <= (1 << 53) - 1 && StableID.of("abc") > 0)
        // FNV-1a 64's published vectors kept to 53 bits: ids are in item pages' addresses, so
        // the same string must give the same id in every version.
        #expect(StableID.of("") == 5_239_054_864_098_085)
        #expect(StableID.of("a") == 1_086_646_154_030_220)
        #expect(StableID.of("foobar") == 5_701_457_269_057_512)
    }

    @Test("a wrong-typed field reads as absent, and the next candidate is tried")
    func wrongTypes() throws {
        let item = FieldMapping.defaults.item(
            from: try value(#"{"id":1,"title":17,"name":"By name","score":"lots","url":["x"],"time":true}"#))
        #expect(item.title == "By name")
        #expect(item.score == nil)
        #expect(item.url == nil)
        #expect(item.time == nil)
    }

    @Test("an item that is not an object maps to a non-object RawItem (skipped as malformed)")
    func notAnObject() throws {
        #expect(FieldMapping.defaults.item(from: try value("[1,2]")).isObject == false)
        #expect(FieldMapping.defaults.item(from: try value(#""text""#)).isObject == false)
    }

    @Test("JSONValue keeps each value's own type and reads dotted paths")
    func jsonValue() throws {
        let v = try value(#"{"a":{"b":[true,1,1.5,"s",null]},"n":-3}"#)
        #expect(v.at("a.b") == .array([.bool(true), .int(1), .double(1.5), .string("s"), .null]))
        #expect(v.at("n") == .int(-3))
        #expect(v.at("a.c") == nil)
        #expect(v.at("n.x") == nil)
        #expect(v.at("") == v)
    }
}
