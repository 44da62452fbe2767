/// What a template sees: plain values, typed, so rendering needs no reflection or casts.
public enum TemplateValue: Sendable, Equatable {
    case string(String)
    /// Already-rendered HTML, as UTF-8 bytes (a page's rows, an item's row and text): `{{{…}}}`
    /// inserts it as it is, with no trip through `String` and back; `{{…}}` escapes it.
    case html([UInt8])
    case int(Int)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateObject)

    /// The value as swift-mustache takes it (`[String: Any]`, `[Any]`, …): the differential
    /// tests render both engines from the same values.
    public var any: Any {
        switch self {
        case .string(let s): return s
        case .html(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .int(let n): return n
        case .bool(let b): return b
        case .list(let items): return items.map(\.any)
        case .object(let fields): return fields.dictionary.mapValues(\.any)
        }
    }

    package subscript(key: TemplateKey) -> TemplateValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue {
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var intValue: Int? {
        if case .int(let n) = self { return n }
        return nil
    }
}
