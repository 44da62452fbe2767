/// Bytes that stand for a value, field by field, for hashing: two values with the same
/// fingerprint are the same value. Each field is written with its length first, so no two
/// different sequences of fields run together into the same bytes ("ab", "c" and "a", "bc"
/// differ), and an absent value is written apart from an empty one.
///
/// What a build keeps between builds is stamped with the hash of its inputs' fingerprints
/// (`KeptPages`): a field left out of a fingerprint is a change a rebuild would not see, so
/// each type's `fingerprint(into:)` writes every stored property, and tests hold them to it.
public struct Fingerprint: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func add(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            add(count: utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func add(_ bytes: [UInt8]) {
        add(count: bytes.count)
        self.bytes.append(contentsOf: bytes)
    }

    public mutating func add(_ number: Int) {
        withUnsafeBytes(of: UInt64(bitPattern: Int64(number)).littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func add(_ flag: Bool) {
        bytes.append(flag ? 1 : 0)
    }

    /// An optional: a mark for nil, or a mark and the value.
    public mutating func add<T>(_ value: T?, _ element: (inout Fingerprint, T) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        element(&self, value)
    }

    public mutating func add(_ string: String?) { add(string) { $0.add($1) } }
    public mutating func add(_ number: Int?) { add(number) { $0.add($1) } }

    /// A list: its length, then each element.
    public mutating func add<T>(list: [T], _ element: (inout Fingerprint, T) -> Void) {
        add(count: list.count)
        for value in list { element(&self, value) }
    }

    public mutating func add(_ strings: [String]) { add(list: strings) { $0.add($1) } }

    private mutating func add(count: Int) { add(count) }
}
