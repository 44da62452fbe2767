import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSource

/// ItemParser replaced JSONDecoder for items; a file must mean what it meant before. Every
/// expectation here is therefore checked against JSONDecoder as well as against ItemParser.
@Suite("ItemParser")
struct ItemParserTests {
    // MARK: Both parsers, side by side

    /// What a document holding one item (a JSON Lines line, an item file) gives.
    enum ItemOutcome: Equatable {
        case item(Exact?)
        case invalid
    }

    /// What a document that should hold an array of items gives.
    enum ArrayOutcome: Equatable {
        case items([Exact?])
        case notAnArray
        case invalid
    }

    /// RawItem, with strings compared scalar by scalar: String's == would let a decomposed "é"
    /// equal a precomposed one.
    struct Exact: Equatable, CustomStringConvertible {
        let item: RawItem
        init(_ item: RawItem) { self.item = item }
        static func == (a: Exact, b: Exact) -> Bool {
            a.item == b.item && a.scalars == b.scalars
        }
        private var scalars: [[Unicode.Scalar]?] {
            [item.type, item.by, item.title, item.url, item.text].map { $0.map { Array($0.unicodeScalars) } }
        }
        var description: String { String(describing: item) }
    }

    static func parsed(item bytes: [UInt8]) -> ItemOutcome {
        bytes.withUnsafeBytes { raw in
            do throws(ItemParser.SyntaxError) {
                return .item(try ItemParser.item(in: raw).map(Exact.init))
            } catch {
                return .invalid
            }
        }
    }

    static func decoded(item bytes: [UInt8]) -> ItemOutcome {
        do {
            return .item(try JSONDecoder().decode(RawItem?.self, from: Data(bytes)).map(Exact.init))
        } catch {
            return .invalid
        }
    }

    /// `splitFromBytes: 0` reads every array on both cores (ItemParser+Split.swift), as large
    /// files are read; the default, small documents in one pass.
    static func parsed(array bytes: [UInt8], splitFromBytes: Int = ItemParser.splitFromBytes) -> ArrayOutcome {
        bytes.withUnsafeBytes { raw in
            do throws(ItemParser.DocumentError) {
                return .items(try ItemParser.items(in: raw, splitFromBytes: splitFromBytes).map { $0.map(Exact.init) })
            } catch .notAnArray {
                return .notAnArray
            } catch {
                return .invalid
            }
        }
    }

    static func decoded(array bytes: [UInt8]) -> ArrayOutcome {
        do {
            return .items(try JSONDecoder().decode([RawItem?].self, from: Data(bytes)).map { $0.map(Exact.init) })
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
            return .notAnArray
        } catch {
            return .invalid
        }
    }

    /// The item both parsers read from `json`, after checking that they agree.
    static func item(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> ItemOutcome {
        let bytes = Array(json.utf8)
        let outcome = parsed(item: bytes)
        #expect(outcome == decoded(item: bytes), "ItemParser and JSONDecoder differ on \(json)", sourceLocation: sourceLocation)
        return outcome
    }

    static func items(_ json: String) -> Result<[RawItem?], ItemParser.DocumentError> {
        Array(json.utf8).withUnsafeBytes { bytes in
            Result { () throws(ItemParser.DocumentError) in try ItemParser.items(in: bytes) }
        }
    }

    static func object(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> RawItem? {
        guard case .item(let exact?) = item(json, sourceLocation: sourceLocation), exact.item.isObject else { return nil }
        return exact.item
    }

    // MARK: The differential property

    @Test("random documents, valid and broken, read the same as with JSONDecoder", arguments: 0..<8)
    func differential(batch: UInt64) {
        var generator = DocumentGenerator(seed: 0x5173_0000 + batch)
        var disagreements: [String] = []
        var valid = 0
        for _ in 0..<500 {
            let document = generator.document()
            let item = (Self.parsed(item: document), Self.decoded(item: document))
            let array = (Self.parsed(array: document), Self.decoded(array: document))
            let split = Self.parsed(array: document, splitFromBytes: 0)
            if item.0 != item.1 || array.0 != array.1 || split != array.1 {
                disagreements.append(
                    "\(String(decoding: document, as: UTF8.self).debugDescription) \(document):\n"
                        + "  item \(item.0) vs \(item.1)\n  array \(array.0) (split: \(split)) vs \(array.1)")
            }
            if item.1 != .invalid || array.1 != .invalid { valid += 1 }
        }
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) disagreements, first: \(disagreements.prefix(3).joined(separator: "\n"))")
        // A generator that only made broken documents (or only good ones) would prove little.
        #expect((150...450).contains(valid), "\(valid) of 500 documents valid")
    }

    @Test("sitegen's own generated sources read the same as with JSONDecoder")
    func generatedSources() throws {
        let items = SampleGenerator(seed: 7).items(count: 2000)
        let array = Array(try JSONEncoder().encode(items))
        #expect(Self.parsed(array: array) == .items(items.map { Exact($0) }))
        #expect(Self.parsed(array: array) == Self.decoded(array: array))
        for item in items.prefix(200) {
            let line = Array(try JSONEncoder().encode(item))
            #expect(Self.parsed(item: line) == .item(Exact(item)))
        }
    }

    @Test("real documents with a few bytes changed read the same as with JSONDecoder, on one core and on two", arguments: 0..<4)
    func mutatedSources(batch: UInt64) throws {
        // The random documents above are small; these are whole files of the shape sites feed in,
        // broken where a typo, a truncated download or a bad encoder would break them.
        let original = Array(try JSONEncoder().encode(SampleGenerator(seed: batch).items(count: 40)))
        let alphabet = Array(#"{}[],:"\ 0123456789.-+eEtrufalsn"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        var random = TestRandom(seed: 0xF022 + batch)
        var disagreements: [String] = []
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<random.int(in: 1...3) {
                let at = random.int(in: 0...(bytes.count - 1))
                switch random.int(in: 0...2) {
                case 0: bytes[at] = alphabet[random.int(in: 0...(alphabet.count - 1))]
                case 1: bytes.insert(alphabet[random.int(in: 0...(alphabet.count - 1))], at: at)
                default: bytes.remove(at: at)
                }
            }
            let expected = Self.decoded(array: bytes)
            for splitFrom in [ItemParser.splitFromBytes, 0] where Self.parsed(array: bytes, splitFromBytes: splitFrom) != expected
            {
                disagreements.append("\(String(decoding: bytes, as: UTF8.self).debugDescription) (split from \(splitFrom))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.first ?? "")")
    }

    @Test("an array read on both cores gives the items of one pass, and a broken one the same error")
    func split() throws {
        // Written element by element, so where each one starts is known.
        var json = Array("[".utf8)
        var starts: [Int] = []
        for (index, item) in SampleGenerator(seed: 9).items(count: 3000).enumerated() {
            if index > 0 { json += Array(",\n ".utf8) }
            starts.append(json.count)
            json += try JSONEncoder().encode(item)
        }
        json += Array("]".utf8)
        #expect(json.count > ItemParser.splitFromBytes, "large enough to be split by default")
        #expect(json.withUnsafeBufferPointer { ItemParser.itemParts($0)?.count ?? 0 } > 1, "read in parts")
        #expect(Self.parsed(array: json, splitFromBytes: 0) == Self.parsed(array: json, splitFromBytes: .max))
        func error(_ bytes: [UInt8], splitFromBytes: Int) -> ItemParser.DocumentError? {
            bytes.withUnsafeBytes { raw in
                do throws(ItemParser.DocumentError) {
                    _ = try ItemParser.items(in: raw, splitFromBytes: splitFromBytes)
                    return nil
                } catch {
                    return error
                }
            }
        }
        // An element that is not a value, a missing comma, an unclosed array.
        for (offset, byte) in [(starts[1000], "x"), (starts[2000] - 3, " "), (json.count - 1, " ")] {
            var broken = json
            broken[offset] = UInt8(ascii: Unicode.Scalar(byte)!)
            let serial = error(broken, splitFromBytes: .max)
            #expect(serial != nil, "byte \(offset) → \(byte) breaks the document")
            #expect(error(broken, splitFromBytes: 0) == serial)
        }
    }

    @Test("a part that starts inside a string is found out and read again from the true start")
    func splitGuessInString() throws {
        // Every guess for where a part starts falls inside the first title, which looks like
        // element boundaries throughout.
        let title = String(repeating: "},{", count: 40_000)
        let json = Array(#"[{"id":1,"title":"\#(title)"}, {"id":2,"title":"b"},{"id":3,"title":"c"}]"#.utf8)
        let parts = json.withUnsafeBufferPointer { ItemParser.itemParts($0) }
        #expect(parts?.flatMap { $0 }.map { $0?.id } == [1, 2, 3])
        let read = Self.parsed(array: json, splitFromBytes: 0)
        #expect(read == Self.decoded(array: json))
        guard case .items(let items) = read else {
            Issue.record("not read: \(read)")
            return
        }
        #expect(items.map { $0?.item.id } == [1, 2, 3])
        #expect(items.first??.item.title == title)
    }

    @Test("elements holding arrays of objects: guesses inside them are re-read, the items are one pass's")
    func splitGuessInNestedObjects() throws {
        // Each element's "kids" are objects, so `},{` occurs inside elements far more often
        // than between them.
        var json = Array("[".utf8)
        for id in 1...4000 {
            if id > 1 { json += Array(",".utf8) }
            let kids = (0..<5).map { #"{"k":\#($0)}"# }.joined(separator: ",")
            json += Array(#"{"id":\#(id),"kids":[\#(kids)],"title":"t\#(id)"}"#.utf8)
        }
        json += Array("]".utf8)
        let parts = json.withUnsafeBufferPointer { ItemParser.itemParts($0) }
        #expect(parts?.flatMap { $0 }.map { $0?.id } == (1...4000).map { Int?($0) })
        #expect(Self.parsed(array: json, splitFromBytes: 0) == Self.parsed(array: json, splitFromBytes: .max))
        #expect(Self.parsed(array: json, splitFromBytes: 0) == Self.decoded(array: json))
    }

    // MARK: Integers

    @Test(
        "integer fields take what JSONDecoder takes",
        arguments: [
            ("12", 12), ("-1", -1), ("-0", 0), ("0", 0), ("12.0", 12), ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000),
            ("0.5e1", 5), ("100e-2", 1), ("-0.0", 0), ("1e-400", 0), ("9223372036854775807", .max),
            ("-9223372036854775808", .min), ("1e18", 1_000_000_000_000_000_000),
            // Past 2^53 JSONDecoder goes through Decimal, which truncates a fraction.
            ("9007199254740993.0", 9_007_199_254_740_993), ("9007199254740993.5", 9_007_199_254_740_993),
            // Through Double, digits past its precision are lost before the integer check.
            ("12.000000000000000001", 12),
        ] as [(String, Int)])
    func integers(json: String, expected: Int) {
        #expect(Self.object(#"{"id":\#(json)}"#)?.id == expected)
    }

    @Test(
        "an integer field that is fractional, out of range or not a JSON number reads as nil, and the document stays valid",
        arguments: [
            "1.5", "-0.5", "1e-3", "9223372036854775808", "-9223372036854775809", "9223372036854775807.0", "1e19", "1e400",
            "4611686018427387904.5", "01", "-01", "00", "1.", "-", "1e", "1.e5", "1-2", "1.2.3", "--1", "1e5e3",
        ])
    func notIntegers(json: String) {
        let item = Self.object(#"{"id":\#(json),"title":"kept"}"#)
        #expect(item?.id == nil)
        #expect(item?.title == "kept")
    }

    // MARK: Fields of the wrong type, unknown keys, duplicates

    @Test(
        "a field of the wrong type reads as nil and leaves the others",
        arguments: [
            #""score":"abc""#, #""title":5"#, #""dead":"yes""#, #""deleted":1"#, #""id":"12""#, #""by":[1]"#,
            #""url":{"a":1}"#, #""time":true"#, #""text":null"#, #""type":false"#, #""descendants":[]"#,
        ])
    func wrongType(member: String) {
        let good =
            #""score":1,"title":"t","dead":false,"deleted":false,"id":2,"by":"b","#
            + #""url":"u","time":3,"text":"x","type":"story","descendants":4"#
        // The first of duplicate keys wins: after the good fields the wrong one is ignored; before them, it counts.
        let item = Self.object("{" + good + "," + member + "}")
        let wrong = Self.object("{" + member + "," + good + "}")
        #expect(
            item
                == RawItem(
                    id: 2, type: "story", by: "b", time: 3, title: "t", url: "u", text: "x", score: 1, descendants: 4,
                    dead: false,
                    deleted: false))
        #expect(wrong != nil)
        #expect(wrong.map { Self.absentFields($0) } == [String(member.dropFirst().prefix { $0 != "\"" })])
    }

    static func absentFields(_ item: RawItem) -> [String] {
        let fields: [(String, Any?)] = [
            ("id", item.id), ("type", item.type), ("by", item.by), ("time", item.time), ("title", item.title), ("url", item.url),
            ("text", item.text), ("score", item.score), ("descendants", item.descendants), ("dead", item.dead),
            ("deleted", item.deleted),
        ]
        return fields.filter { $0.1 == nil }.map(\.0)
    }

    @Test("unknown keys are skipped, nested values and invalid contents included")
    func unknownKeys() {
        let item = Self.object(#"{"kids":[1,2,{"a":[[]]}],"parent":{"x":"\q","y":[01,1.2.3,-]},"id":1,"poll":null,"title":"T"}"#)
        #expect(item == RawItem(id: 1, type: nil, title: "T"))
    }

    @Test("of duplicate keys the first wins, even when it is null or of the wrong type")
    func duplicates() {
        #expect(Self.object(#"{"id":1,"id":2}"#)?.id == 1)
        #expect(Self.object(#"{"id":"x","id":2}"#)?.id == nil)
        #expect(Self.object(#"{"id":null,"id":2}"#)?.id == nil)
        #expect(Self.object(#"{"\u0069d":1,"id":2}"#)?.id == 1)
    }

    @Test(
        "values that are not objects are items with isObject false; null is nil",
        arguments: ["1", "-2.5", #""s""#, "[1,2]", "[]", "true", "false"])
    func nonObjects(json: String) {
        guard case .item(let exact?) = Self.item(json) else {
            Issue.record("\(json) should be an item")
            return
        }
        #expect(!exact.item.isObject)
        #expect(Self.item("null") == .item(nil))
        let array = Self.parsed(array: Array("[null, \(json), {}]".utf8))
        #expect(array == .items([nil, Exact(exact.item), Exact(RawItem(id: nil, type: nil))]))
    }

    // MARK: Strings

    @Test(
        "escapes decode, surrogate pairs included",
        arguments: [
            (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"), (#""\u00e9\u00E9""#, "éé"),
            (#""\ud83d\ude00""#, "😀"), (#""a\u0000b""#, "a\u{0}b"), (#""e\u0301""#, "e\u{301}"), (#""中文 ✓""#, "中文 ✓"),
        ] as [(String, String)])
    func escapes(json: String, expected: String) {
        let title = Self.object(#"{"title":\#(json)}"#)?.title
        #expect(title.map { Array($0.unicodeScalars) } == Array(expected.unicodeScalars))
    }

    @Test(
        "a string field that does not decode reads as nil; the same string in an unknown key's value is fine",
        arguments: [
            #""\q""#, #""\ud800""#, #""\udc00""#, #""\ud83d\u0041""#, #""\u12G4""#, #""\u+123""#, "\"a\u{01}b\"", "\"tab\tin\"",
        ])
    func undecodableStrings(json: String) {
        #expect(Self.object(#"{"id":1,"title":\#(json)}"#) == RawItem(id: 1, type: nil))
        #expect(Self.object(#"{"id":1,"other":\#(json)}"#) == RawItem(id: 1, type: nil))
    }

    @Test("invalid UTF-8 in a string field reads as nil")
    func invalidUTF8() {
        for bad: [UInt8] in [[0xC3], [0xFF], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            let json = Array(#"{"id":1,"title":"a"#.utf8) + bad + Array(#"b"}"#.utf8)
            #expect(Self.parsed(item: json) == .item(Exact(RawItem(id: 1, type: nil))))
            #expect(Self.decoded(item: json) == Self.parsed(item: json))
        }
    }

    @Test("a key that does not decode makes the whole item not an object", arguments: [#""\q""#, "\"a\u{01}\"", #""\ud800""#])
    func undecodableKey(key: String) {
        guard case .item(let exact?) = Self.item(#"{"id":1,\#(key):2}"#) else {
            Issue.record("expected an item")
            return
        }
        #expect(!exact.item.isObject)
    }

    // MARK: Documents

    @Test("JSONDecoder's looseness is kept: trailing commas, nesting up to 512")
    func looseness() {
        #expect(Self.object(#"{"id":1,"kids":[1,2,],}"#)?.id == 1)
        #expect(Self.parsed(array: Array("[{},]".utf8)) == .items([Exact(RawItem(id: nil, type: nil))]))
        let deep = { (n: Int) in
            Array((#"{"kids":"# + String(repeating: "[", count: n) + String(repeating: "]", count: n) + "}").utf8)
        }
        #expect(Self.parsed(item: deep(511)) == .item(Exact(RawItem(id: nil, type: nil))))
        #expect(Self.parsed(item: deep(512)) == .invalid)
        #expect(Self.decoded(item: deep(511)) == Self.parsed(item: deep(511)))
        #expect(Self.decoded(item: deep(512)) == .invalid)
    }

    @Test(
        "documents that are not JSON are invalid as a whole",
        arguments: [
            "", " ", "nul", "[1", #"{"id":1"#, #"{"id"}"#, "{1:2}", "[,]", "[1,,2]", #"{"x":tru}"#, "{\"id\":1}\u{0C}",
            #"{"id":1} x"#,
            "[01x]", #"{"a":"\u12"}"#,
        ])
    func invalidDocuments(json: String) {
        #expect(Self.item(json) == .invalid)
        #expect(Self.parsed(array: Array(json.utf8)) == .invalid)
    }

    @Test("a byte order mark is skipped, and UTF-16 and UTF-32 documents are converted, as JSONDecoder does")
    func encodings() throws {
        let json = #"[{"id":1,"title":"é"}]"#
        let expected = ArrayOutcome.items([Exact(RawItem(id: 1, type: nil, title: "é"))])
        #expect(Self.parsed(array: [0xEF, 0xBB, 0xBF] + Array(json.utf8)) == expected)
        for encoding: String.Encoding in [.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32LittleEndian, .utf32BigEndian] {
            let bytes = Array(try #require(json.data(using: encoding)))
            #expect(Self.parsed(array: bytes) == expected, "\(encoding)")
            #expect(Self.decoded(array: bytes) == expected, "\(encoding)")
        }
    }

    @Test("a document of another kind is notAnArray, naming what it found")
    func notAnArray() {
        for (json, found) in [
            (#"{"id":1}"#, "an object"), ("5", "a number"), (#""s""#, "a string"), ("null", "null"), ("true", "a boolean"),
        ] {
            #expect(throws: ItemParser.DocumentError.notAnArray(found: found)) { try Self.items(json).get() }
            #expect(Self.decoded(array: Array(json.utf8)) == .notAnArray)
        }
    }

    @Test(
        "a syntax error is reported at its line and column (1-based, in bytes)",
        arguments: [
            ("[\n{\"id\": 1},\n{\"id\": 2,, }\n]", 3, 10), ("[{\"id\": 1}\n{\"id\": 2}]", 2, 1),
            ("[{\"title\": \"é\"} x]", 1, 18),
            ("[1,\n2", 2, 2), ("[\"a\\u12\"]", 1, 6), ("[{\"a\":tru]", 1, 10), ("[]]", 1, 3),
        ] as [(String, Int, Int)])
    func errorPosition(json: String, line: Int, column: Int) {
        let result = Self.items(json)
        guard case .failure(.syntax(let gotLine, let gotColumn, let reason)) = result else {
            Issue.record("expected a syntax error, got \(result)")
            return
        }
        #expect(gotLine == line)
        #expect(gotColumn == column, "\(reason)")
        #expect(Self.decoded(array: Array(json.utf8)) == .invalid)
    }

    @Test("the fields ItemParser knows are exactly RawItem's coding keys")
    func fieldsAreCodingKeys() {
        for field in ItemParser.Field.allCases {
            let name = field.name.description
            #expect(RawItem.CodingKeys(stringValue: name) != nil, "\(name)")
            #expect(Array(name.utf8).withUnsafeBufferPointer { ItemParser.Field.named($0) } == field)
            #expect(ItemParser.Field(name: name) == field)
        }
    }
}

/// Random JSON documents shaped like item sources, valid and broken: items with random field
/// types, nested junk, escapes, Unicode, numbers of every form, varied whitespace, then some cut
/// short, flipped or re-encoded. Seeded, so a failure repeats.
struct DocumentGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
    mutating func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }

    mutating func document() -> [UInt8] {
        var bytes: [UInt8]
        if chance(50) {
            bytes = Array(space().utf8) + Array(itemValue().utf8) + Array(space().utf8)
        } else {
            let items = (0..<below(6)).map { _ in space() + itemValue() + space() }
            bytes = Array(("[" + items.joined(separator: ",") + (chance(10) ? ",]" : "]")).utf8)
        }
        bytes = rawBytes(in: bytes)
        if chance(30) { mutate(&bytes) }
        if chance(3) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        if chance(2) {
            let encoding = rng.pick([String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian])
            bytes = Array(String(decoding: bytes, as: UTF8.self).data(using: encoding) ?? Data())
        }
        return bytes
    }

    /// Stand-ins for bytes that a Swift string cannot hold or that would be awkward in one.
    static let rawStandIns: [(String, [UInt8])] = [
        ("\u{E000}", [0xC3]), ("\u{E001}", [0xFF]), ("\u{E002}", [0xED, 0xA0, 0x80]), ("\u{E003}", [0xC0, 0x80]),
    ]

    func rawBytes(in bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        var out: [UInt8] = []
        guard Self.rawStandIns.contains(where: { text.contains($0.0) }) else { return bytes }
        for scalar in text.unicodeScalars {
            if let raw = Self.rawStandIns.first(where: { $0.0.unicodeScalars.first == scalar }) {
                out += raw.1
            } else {
                out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    mutating func mutate(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let at = below(bytes.count)
        switch below(4) {
        case 0: bytes.removeSubrange(at...)
        case 1: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
        case 2: bytes[at] = rng.pick(Array(#"{}[]",:\ 0-.eu"#.utf8))
        default: bytes.remove(at: at)
        }
    }

    mutating func space() -> String {
        // Form feed and no-break space are not JSON whitespace.
        if chance(60) { return "" }
        return chance(3) ? rng.pick(["\u{0C}", "\u{A0}"]) : rng.pick([" ", "\n", "\t", "\r\n", "  \n "])
    }

    mutating func itemValue() -> String {
        switch below(100) {
        case 0..<80: return object()
        case 80..<88: return "null"
        default: return value(depth: 1)
        }
    }

    static let knownKeys: [(String, Kind)] = [
        ("id", .integer), ("type", .string), ("by", .string), ("time", .integer), ("title", .string), ("url", .string),
        ("text", .string), ("score", .integer), ("descendants", .integer), ("dead", .boolean), ("deleted", .boolean),
        ("image", .image),
    ]
    enum Kind { case integer, string, boolean, image }

    mutating func object() -> String {
        var members: [String] = []
        for _ in 0..<below(10) {
            let key: String
            var kind: Kind?
            switch below(100) {
            case 0..<70:
                let known = rng.pick(Self.knownKeys)
                (key, kind) = ("\"\(known.0)\"", known.1)
            case 70..<85: key = rng.pick([#""kids""#, #""parent""#, #""poll""#, #""x""#, #""""#, #""ID""#])
            case 85..<97:
                key = rng.pick([
                    #""\u0069d""#, #""t\u0069tle""#, #""sc\u006Fre""#, #""tïtle""#, #""id\u0301""#, "\"ti\u{301}tle\"",
                ])
            default: key = rng.pick([#""\q""#, "\"i\u{01}d\"", #""\ud800""#, "\"\u{E000}id\"", #""t\"itle""#])
            }
            let member: String
            if let kind, chance(75) { member = typed(kind) } else { member = value(depth: 1) }
            members.append(space() + key + space() + ":" + space() + member + space())
        }
        return "{" + members.joined(separator: ",") + (chance(8) && !members.isEmpty ? ",}" : "}")
    }

    mutating func typed(_ kind: Kind) -> String {
        switch kind {
        case .integer: number()
        case .string: string()
        case .boolean: rng.pick(["true", "false"])
        case .image: image()
        }
    }

    /// A picture as sources give it: a URL string, or an object whose url, width and height are
    /// sometimes missing, repeated, of the wrong type or under an escaped key.
    mutating func image() -> String {
        if chance(30) { return string() }
        var members: [String] = []
        for _ in 0..<below(5) {
            let key = rng.pick([#""url""#, #""width""#, #""height""#, #""url""#, #""alt""#, #""\q""#])
            let member: String
            switch key {
            case #""url""#, #""u\u0072l""#: member = chance(80) ? string() : value(depth: 2)
            case #""width""#, #""height""#: member = chance(80) ? number() : value(depth: 2)
            default: member = value(depth: 2)
            }
            members.append(space() + key + space() + ":" + space() + member)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    mutating func value(depth: Int) -> String {
        switch below(depth > 3 ? 5 : 8) {
        case 0: return number()
        case 1: return string()
        case 2: return rng.pick(["true", "false", "null"])
        case 3: return rng.pick(["01", "1.2.3", "-", "1e", "--1", "1.", "+1", ".5", "tru", "nul"])
        case 4:
            return chance(3)
                ? String(repeating: "[", count: 510 + below(4)) + String(repeating: "]", count: 510 + below(4)) : "[]"
        case 5: return "[" + (0..<below(4)).map { _ in space() + value(depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let members = (0..<below(4)).map { _ in space() + string() + ":" + value(depth: depth + 1) }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    mutating func number() -> String {
        switch below(4) {
        case 0: return String(Int64(bitPattern: rng.next()) >> Int64(below(64)))
        case 1:
            let n = Int64(bitPattern: rng.next()) >> Int64(below(64))
            return "\(n)" + rng.pick([".0", ".5", ".00", ".000", ".0000", ".25", "e0", "e1", "e-1", "E+2", ".5e1", ".123e3"])
        default:
            return rng.pick([
                "0", "1", "-1", "-0", "-0.0", "1.0", "1.5", "1e3", "1E3", "1e+3", "1e-3", "0.5e1", "100e-2", "1e-400", "1e400",
                "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                "9223372036854775807.0",
                "9007199254740993.0", "9007199254740993.5", "9007199254740992.5", "9007199254740995.00000",
                "4611686018427387904.5",
                "1e18", "1e19", "12.000000000000000001", "01", "1.", "-", "1e", "1.e5", "1-2", "00", "0e0", "1e05",
                "9.007199254740993e15",
                "90071992547409930e-1", "18446744073709551615", "123456789012345678901234567890e-12", "-4611686018427387905.5",
            ])
        }
    }

    mutating func string() -> String {
        let pieces = [
            "Show HN", " ", "a", "é", "😀", "中文", "e\u{301}", "\u{7F}", #"\n"#, #"\""#, #"\\"#, #"\/"#, #"\b\f\r\t"#, #"\u00e9"#,
            #"\u0000"#, #"\ud83d\ude00"#, #"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\q"#, #"\u12G4"#, #"\x"#, "\u{01}", "\t",
            "\u{E000}", "\u{E001}", "\u{E002}", "\u{E003}", #"\uD83D\uDE00"#, "<p>Hi &amp; <a href=\\\"x\\\">",
        ]
        return "\"" + (0..<below(6)).map { _ in chance(60) ? "word" : rng.pick(pieces) }.joined() + "\""
    }
}
