import SitegenModel

// Items and their fields, read as RawItem.init(from:) reads them through JSONDecoder.

extension ItemParser.Cursor {
    // An extension of a nested type does not see its outer type's names.
    typealias ASCII = ItemParser.ASCII
    typealias Field = ItemParser.Field
    typealias SyntaxError = ItemParser.SyntaxError

    enum Document {
        case array([RawItem?])
        /// Valid JSON of another kind: "an object", "a string", "null", ...
        case other(String)
    }

    /// A whole document that should be an array of items.
    package mutating func document() throws(SyntaxError) -> Document {
        let first = try nonSpace()
        guard first == ASCII.openBracket else {
            try skipValue(first)
            try finish()
            return .other(Self.kind(of: first))
        }
        var items: [RawItem?] = []
        // Growing a large array copies it each time; HN items run to 200 bytes and more, and
        // capacity that is never written to costs address space, not memory.
        items.reserveCapacity(remaining / 128)
        if try enter(closer: ASCII.closeBracket) {
            repeat { items.append(try item()) } while try another(closer: ASCII.closeBracket, place: .array)
        }
        try finish()
        return .array(items)
    }

    /// One item value: `nil` for `null`, a non-object as `RawItem` with `isObject == false`.
    package mutating func item() throws(SyntaxError) -> RawItem? {
        let first = try nonSpace()
        switch first {
        case ASCII.openBrace: return try object()
        case ASCII.n:
            try literal("null")
            return nil
        default:
            try skipValue(first)
            return ItemParser.notAnObject
        }
    }

    private mutating func object() throws(SyntaxError) -> RawItem {
        var item = RawItem(id: nil, type: nil)
        guard try enter(closer: ASCII.closeBrace) else { return item }
        var seen: UInt16 = 0
        var keysDecode = true
        repeat {
            let key = try string(place: .object)
            var field: Field?
            if key.isPlain {
                field = Field.named(key.bytes)
            } else if let name = decode(key) {
                field = Field(name: name)
            } else {
                // JSONDecoder decodes every key to build its dictionary; one failure and the
                // item gets no keyed container, which RawItem reads as "not an object".
                keysDecode = false
            }
            try colon()
            let first = try nonSpace()
            if let field, seen & field.bit == 0 {
                // The dictionary keeps the first of duplicate keys, whatever its value.
                seen |= field.bit
                try read(field, startingWith: first, into: &item)
            } else {
                try skipValue(first)
            }
        } while try another(closer: ASCII.closeBrace, place: .object)
        return keysDecode ? item : ItemParser.notAnObject
    }

    private mutating func read(_ field: Field, startingWith first: UInt8, into item: inout RawItem) throws(SyntaxError) {
        switch field {
        case .id: item.id = try integer(first)
        case .type: item.type = try text(first)
        case .by: item.by = try text(first)
        case .time: item.time = try integer(first)
        case .title: item.title = try text(first)
        case .url: item.url = try text(first)
        case .text: item.text = try text(first)
        case .score: item.score = try integer(first)
        case .descendants: item.descendants = try integer(first)
        case .dead: item.dead = try boolean(first)
        case .deleted: item.deleted = try boolean(first)
        case .image: item.image = try image(first)
        case .parent: item.parent = try integer(first)
        case .kids: item.kids = try integers(first)
        }
    }

    /// An array of integers, as `[Int]` decodes: nil when it is not an array, or when any
    /// entry is not an integer (JSONDecoder fails the whole array then).
    private mutating func integers(_ first: UInt8) throws(SyntaxError) -> [Int]? {
        guard first == ASCII.openBracket else {
            try skipValue(first)
            return nil
        }
        var values: [Int] = []
        var whole = true
        if try enter(closer: ASCII.closeBracket) {
            repeat {
                let value = try nonSpace()
                if let n = try integer(value) { values.append(n) } else { whole = false }
            } while try another(closer: ASCII.closeBracket, place: .array)
        }
        return whole ? values : nil
    }

    /// As `ItemImage.init(from:)` reads it: a string is the URL; an object needs a string `url`
    /// and may have integer `width` and `height` (other types there read as nil); the first of
    /// duplicate keys counts; a key that does not decode leaves no image.
    private mutating func image(_ first: UInt8) throws(SyntaxError) -> ItemImage? {
        if first == ASCII.quote { return try text(first).map { ItemImage(url: $0) } }
        guard first == ASCII.openBrace else {
            try skipValue(first)
            return nil
        }
        var url: String??
        var width: Int??
        var height: Int??
        var keysDecode = true
        if try enter(closer: ASCII.closeBrace) {
            repeat {
                let key = decode(try string(place: .object))
                if key == nil { keysDecode = false }
                try colon()
                let value = try nonSpace()
                switch key {
                case "url" where url == nil: url = .some(try text(value))
                case "width" where width == nil: width = .some(try integer(value))
                case "height" where height == nil: height = .some(try integer(value))
                default: try skipValue(value)
                }
            } while try another(closer: ASCII.closeBrace, place: .object)
        }
        guard keysDecode, let found = url ?? nil else { return nil }
        return ItemImage(url: found, width: width ?? nil, height: height ?? nil)
    }

    // A value of another type than the field's is skipped (and so checked) like any value, and
    // reads as nil; so does null.

    private mutating func integer(_ first: UInt8) throws(SyntaxError) -> Int? {
        guard first == ASCII.minus || ASCII.digits.contains(first) else {
            try skipValue(first)
            return nil
        }
        return ItemParser.integer(number())
    }

    private mutating func text(_ first: UInt8) throws(SyntaxError) -> String? {
        guard first == ASCII.quote else {
            try skipValue(first)
            return nil
        }
        return decode(try string(place: .value))
    }

    private mutating func boolean(_ first: UInt8) throws(SyntaxError) -> Bool? {
        switch first {
        case ASCII.t:
            try literal("true")
            return true
        case ASCII.f:
            try literal("false")
            return false
        default:
            try skipValue(first)
            return nil
        }
    }

    private static func kind(of first: UInt8) -> String {
        switch first {
        case ASCII.openBrace: "an object"
        case ASCII.quote: "a string"
        case ASCII.t, ASCII.f: "a boolean"
        case ASCII.n: "null"
        default: "a number"
        }
    }
}

extension ItemParser {
    static let notAnObject: RawItem = {
        var item = RawItem(id: nil, type: nil)
        item.isObject = false
        return item
    }()
}
