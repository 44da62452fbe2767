import Foundation
import SitegenModel
import SitegenSource

extension FrontMatter {
    /// A JSON object at the top of the file (Hugo's third form), and the body after it.
    static func json(_ text: Substring) throws(Error) -> (fields: [String: Field], body: String) {
        let bytes = Array(text.utf8)
        guard let end = Self.endOfObject(bytes) else {
            throw Error(line: 1, reason: "front matter is never closed (the '{' has no matching '}')")
        }
        let object: JSONValue
        do {
            object = try JSONDecoder().decode(JSONValue.self, from: Data(bytes[..<end]))
        } catch {
            throw Error(line: 1, reason: "invalid JSON front matter")
        }
        guard case .object(let dictionary) = object else {
            throw Error(line: 1, reason: "front matter must be a JSON object")
        }
        var fields: [String: Field] = [:]
        for (key, value) in dictionary {
            fields[key] = Field(value: Self.value(value), line: Self.line(of: key, in: bytes[..<end]))
        }
        var body = bytes[end...]
        // The line the object ends on is not the body's.
        while let first = body.first, first == 0x20 || first == 0x09 || first == 0x0D { body = body.dropFirst() }
        if body.first == 0x0A { body = body.dropFirst() }
        return (fields, String(decoding: body, as: UTF8.self))
    }

    private static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: .null
        case .bool(let bool): .text(bool ? "true" : "false")
        case .int(let int): .text(String(int))
        case .double(let double): .text(String(double))
        case .string(let string): .text(string)
        case .array(let items): .list(items.map(value))
        case .object(let fields): .map(fields.mapValues(value))
        }
    }

    /// The byte after the `}` that closes the object the text starts with (strings skipped).
    private static func endOfObject(_ bytes: [UInt8]) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for (i, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 0 { return i + 1 }
            default: break
            }
        }
        return nil
    }

    /// The line of `"key":` in the object, for messages.
    private static func line(of key: String, in object: ArraySlice<UInt8>) -> Int {
        let needle = Array("\"\(key)\"".utf8)
        guard let at = object.indices.first(where: { object[$0...].starts(with: needle) }) else { return 1 }
        return TextPosition.of(byte: at - object.startIndex, in: object).line
    }
}
