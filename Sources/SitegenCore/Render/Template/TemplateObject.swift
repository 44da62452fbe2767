/// A template context's fields: a short list of names and values, looked up by comparing names.
/// Contexts hold a dozen fields and a million rows each build one, so a list beats a Dictionary:
/// no hashing of every name on every insert and lookup, one allocation instead of a table.
public struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var fields: [(name: String, value: TemplateValue)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        fields.reserveCapacity(elements.count + 10)
        for (name, value) in elements { self[name] = value }
    }

    public init(_ dictionary: [String: TemplateValue]) {
        fields = dictionary.map { ($0.key, $0.value) }
    }

    public subscript(name: String) -> TemplateValue? {
        get {
            for field in fields where field.name == name { return field.value }
            return nil
        }
        set {
            if let index = fields.firstIndex(where: { $0.name == name }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    public var names: [String] { fields.map(\.name) }

    public var dictionary: [String: TemplateValue] {
        Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Equal when they hold the same names with the same values, in any order.
    public static func == (a: TemplateObject, b: TemplateObject) -> Bool { a.dictionary == b.dictionary }
}
