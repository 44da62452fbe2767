/// A template context's fields: a short list of keys and values, looked up by comparing keys.
/// Contexts hold a dozen fields and a million rows each build one, so a list beats a Dictionary:
/// no hashing on every insert and lookup, one allocation instead of a table. Hot code names
/// fields by `TemplateKey` (interned once); the `String` subscript interns on every call.
public struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var fields: [(key: TemplateKey, value: TemplateValue)] = []

    public init() {}

    /// Room for `capacity` fields without growing.
    public init(capacity: Int) { fields.reserveCapacity(capacity) }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        fields.reserveCapacity(elements.count + 10)
        for (name, value) in elements { self[name] = value }
    }

    /// Fields named by interned keys: for contexts built once a page, where interning each name
    /// again would take the registry's lock (which both cores then wait on) a dozen times a page.
    package init(_ fields: KeyValuePairs<TemplateKey, TemplateValue>, capacity: Int = 0) {
        self.fields.reserveCapacity(max(capacity, fields.count))
        for (key, value) in fields { self[key] = value }
    }

    public init(_ dictionary: [String: TemplateValue]) {
        fields = dictionary.map { (TemplateKey($0.key), $0.value) }
    }

    public subscript(key: TemplateKey) -> TemplateValue? {
        get {
            // By index: `for field in fields` would copy (retain and release) every value passed.
            fields.withUnsafeBufferPointer { fields in
                for i in fields.indices where fields[i].key == key { return fields[i].value }
                return nil
            }
        }
        set {
            if let index = fields.firstIndex(where: { $0.key == key }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append((key, newValue))
            }
        }
    }

    public subscript(name: String) -> TemplateValue? {
        get { self[TemplateKey(name)] }
        set { self[TemplateKey(name)] = newValue }
    }

    public var names: [String] { fields.map(\.key.name) }

    public var dictionary: [String: TemplateValue] {
        Dictionary(fields.map { ($0.key.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Equal when they hold the same names with the same values, in any order.
    public static func == (a: TemplateObject, b: TemplateObject) -> Bool { a.dictionary == b.dictionary }
}
