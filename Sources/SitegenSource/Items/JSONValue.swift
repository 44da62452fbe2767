import Foundation

/// Any JSON value, for sources whose items are not in the HN shape (paged APIs): decoded once,
/// then read field by field through `FieldMapping`.
public enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        // Bool before the numbers and Int before Double: JSONDecoder is strict about each, so
        // the first that decodes is the value's own type.
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Int.self) {
            self = .int(value)
        } else if let value = try? c.decode(Double.self) {
            self = .double(value)
        } else if let value = try? c.decode(String.self) {
            self = .string(value)
        } else if let value = try? c.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    /// The value at a dotted path ("meta.total", "labels.medium"); nil when any step is missing
    /// or not an object. The empty path is the value itself.
    public func at(_ path: String) -> JSONValue? {
        var value = self
        for key in path.split(separator: ".", omittingEmptySubsequences: true) {
            guard case .object(let fields) = value, let next = fields[String(key)] else { return nil }
            value = next
        }
        return value
    }

    /// What the value is, for messages ("an object", "a string").
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// An integer, from an integral number or a string of digits.
    var integer: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value): return value == value.rounded() && abs(value) < 9e15 ? Int(value) : nil
        case .string(let text): return Int(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
