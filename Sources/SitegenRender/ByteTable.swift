/// A value for each of the 256 byte values, looked up by the escapers (JSON, HTML) for every
/// byte they write.
///
/// Plain memory, made once and never freed, rather than an Array: reading a shared Array from
/// a loop retains and releases it each call, and two cores doing that to one object at once
/// took a tenth of escaping's time. (An `InlineArray` was tried: its subscript on a `let` copied
/// all 256 bytes for every byte read.)
struct ByteTable: @unchecked Sendable {
    // Immutable after init, so sharing it between threads is safe.
    private let values: UnsafePointer<UInt8>

    package init(_ value: (UInt8) -> UInt8) {
        let values = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0...255 { values[byte] = value(UInt8(byte)) }
        self.values = UnsafePointer(values)
    }

    @inline(__always) package subscript(byte: UInt8) -> UInt8 { values[Int(byte)] }
}
