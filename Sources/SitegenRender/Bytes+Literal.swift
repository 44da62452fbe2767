extension Array where Element == UInt8 {
    /// Appends a string literal's UTF-8 bytes. A `StaticString` is a pointer and a count, copied
    /// at once, where `+= "…".utf8` goes through String's generic sequence copy call by call:
    /// the built-in row appends some twenty literals, so every row render must use this.
    @inline(__always)
    package mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
