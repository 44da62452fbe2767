import Foundation
import PropertyBased
import SitegenTestSupport
import Testing

@testable import SitegenSource

/// Random hostile input, a bounded number of cases per run (each run a new seed; a failure
/// prints the seed to pin with `.fixedSeed`): the item parser must hold its promises on any
/// object, not only on the examples ItemParserTests names. PropertyTests does the same for the
/// sanitizer and Markdown rendering.
@Suite("Property checks over hostile input: item objects")
struct ItemParserPropertyTests {
    static let hostile = Gen<String?>.element(of: HostilePieces.all).array(of: 0...40).map { $0.compactMap { $0 }.joined() }

    // MARK: Item decoding

    static let keys = [
        "id", "type", "by", "time", "title", "url", "text", "score", "descendants", "dead", "deleted", "image", "extra",
        "parent", "kids",
    ]

    /// A JSON value of the kind `kind` (0 absent … 9 nested object), from the random string and number.
    static func value(kind: Int, string: String, number: Int) -> String? {
        switch kind {
        case 0: return nil
        case 1: return String(number)
        case 2: return jsonString(string)
        case 3: return number % 2 == 0 ? "true" : "false"
        case 4: return "null"
        case 5: return "\(number).5"
        case 6: return "[\(number), \(jsonString(string))]"
        case 7: return "{\"url\": \(jsonString(string)), \"width\": \(number)}"
        case 8: return "\(number)e2"
        default: return "{\"a\": {\"b\": [\(jsonString(string))]}}"
        }
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test("any item object decodes as JSONDecoder decodes it; a wrong-typed optional field never costs the row")
    func itemDecoding() async {
        let kinds = Gen.int(in: 0...9).array(of: Self.keys.count)
        let numbers = Gen.int(in: -5...100_000).array(of: Self.keys.count)
        await propertyCheck(count: 300, input: kinds, numbers, Self.hostile) { kinds, numbers, string in
            var fields: [String] = []
            for (index, key) in Self.keys.enumerated() {
                if let value = Self.value(kind: kinds[index], string: string, number: numbers[index]) {
                    fields.append("\(Self.jsonString(key)): \(value)")
                }
            }
            let json = Array(("{" + fields.joined(separator: ", ") + "}").utf8)
            let parsed = ItemParserTests.parsed(item: json)
            #expect(parsed == ItemParserTests.decoded(item: json), "\(String(decoding: json, as: UTF8.self))")
            guard case .item(let exact?) = parsed else {
                Issue.record("an object did not decode: \(String(decoding: json, as: UTF8.self))")
                return
            }
            // The row is decided by id, title, type, dead and deleted alone.
            let item = exact.item
            let kept = !ItemFilter.stories(from: [SourceEntry(location: "p", content: .item(item))]).stories.isEmpty
            let title = item.title ?? ""
            let expected =
                item.id != nil && item.deleted != true && item.dead != true && (item.type ?? "story") == "story"
                && title.contains(where: { !$0.isWhitespace })
            #expect(kept == expected)
        }
    }
}
