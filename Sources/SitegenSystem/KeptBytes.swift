/// The encoding of what a build keeps beside its output for the next one (`KeptPages`,
/// `KeptParses`): a first line naming the format, a second line the stamp of what the records
/// hold for (settings, a site's configs), then records of numbers, flags and texts. A number is
/// 8 bytes, little endian; a flag one byte, 0 or 1; a text its length, then its UTF-8.
///
/// The file ends with a checksum of all before it (`ContentHash`, 8 bytes): a byte changed
/// anywhere, by a disk or a hand, and the file is not read. Read back with every length
/// checked against what is left too: a file cut short or written by something else is
/// `Malformed`, never a crash, a read past its end, or a record other than the one written.
/// Such a file costs what it kept, never the build.
package enum KeptBytes {
    @usableFromInline static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 { ContentHash.value(of: bytes) }

    package struct Malformed: Error {
        @inlinable package init() {}
    }

    package struct Writer {
        @usableFromInline var bytes: [UInt8] = []

        /// Records alone, with no format or stamp lines: a part of a file, read back with
        /// `Reader(unsealed:)`.
        @inlinable package init() {}

        /// How many bytes it holds.
        @inlinable package var count: Int { bytes.count }

        /// The bytes added, as they are (a part: `init()`), and the writer empty again.
        @inlinable package mutating func take() -> [UInt8] {
            defer { bytes = [] }
            return bytes
        }

        @inlinable package init(format: String, stamp: String) {
            bytes.append(contentsOf: Array(format.utf8))
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: Array(stamp.utf8))
            bytes.append(UInt8(ascii: "\n"))
        }

        /// The bytes to write: what was added, then its checksum (appended in place: a kept
        /// file can be tens of megabytes, and a copy of it would be the build's peak's).
        package consuming func sealed() -> [UInt8] {
            let checksum = KeptBytes.checksum(bytes[...])
            withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
            return bytes
        }

        @inlinable package mutating func add(count: Int) { add(UInt64(count)) }

        /// Bytes a `Reader` read (`Reader.bytes(from:)`), as they were.
        @inlinable package mutating func add(raw: ArraySlice<UInt8>) { bytes.append(contentsOf: raw) }

        @inlinable package mutating func add(_ number: UInt64) {
            withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        }

        @inlinable package mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }

        @inlinable package mutating func add(_ flag: Bool) { bytes.append(flag ? 1 : 0) }

        @inlinable package mutating func add(_ text: String) {
            add(count: text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }

        @inlinable package mutating func add(_ texts: [String]) {
            add(count: texts.count)
            for text in texts { add(text) }
        }

        /// An optional: a flag, then the value when there is one.
        @inlinable package mutating func add<T>(_ value: T?, _ element: (inout Writer, T) -> Void) {
            add(value != nil)
            if let value { element(&self, value) }
        }

        @inlinable package mutating func add(_ text: String?) { add(text) { $0.add($1) } }
        @inlinable package mutating func add(_ number: Int?) { add(number) { $0.add($1) } }
        @inlinable package mutating func add(_ flag: Bool?) { add(flag) { $0.add($1) } }

        /// A list: its count, then each element.
        @inlinable package mutating func add<T>(list: [T], _ element: (inout Writer, T) -> Void) {
            add(count: list.count)
            for value in list { element(&self, value) }
        }
    }

    package struct Reader {
        @usableFromInline let bytes: [UInt8]
        /// Where the records end (the checksum's start), or 0 for a file that failed it.
        @usableFromInline let end: Int
        @usableFromInline var at = 0

        /// Reads `sealed` (`Writer.sealed`); its checksum is checked first. A file whose
        /// checksum is not its bytes' reads as nothing (the format line fails).
        @inlinable package init(_ sealed: [UInt8]) {
            bytes = sealed
            var kept: UInt64 = 0
            let body = max(0, sealed.count - 8)
            for k in 0..<min(8, sealed.count) { kept |= UInt64(sealed[body + k]) << (8 * k) }
            end = sealed.count >= 8 && KeptBytes.checksum(sealed[..<body]) == kept ? body : 0
        }

        /// Reads records a `Writer()` wrote, with no lines nor checksum (a part of a file the
        /// same process wrote a moment before).
        @inlinable package init(unsealed: [UInt8]) {
            bytes = unsealed
            end = unsealed.count
        }

        /// Goes back to `offset` (an `offset` read before): a record read again.
        @inlinable package mutating func seek(to offset: Int) throws {
            guard offset >= 0 && offset <= end else { throw Malformed() }
            at = offset
        }

        /// Whether every record has been read.
        @inlinable package var isAtEnd: Bool { at == end }

        /// The stamp, after the line naming `format`; `Malformed` for another format.
        @inlinable package mutating func stamp(format: String) throws -> String {
            let line = Array(format.utf8) + [UInt8(ascii: "\n")]
            guard end >= line.count, bytes[0..<line.count].elementsEqual(line) else { throw Malformed() }
            at = line.count
            guard let newline = bytes[at..<end].firstIndex(of: UInt8(ascii: "\n")) else { throw Malformed() }
            defer { at = newline + 1 }
            return String(decoding: bytes[at..<newline], as: UTF8.self)
        }

        /// Where the next read starts, and the bytes read since `start`: a record's bytes, to
        /// write again as they are (`Writer.add(raw:)`).
        @inlinable package var offset: Int { at }
        @inlinable package func bytes(from start: Int) -> ArraySlice<UInt8> { bytes[start..<at] }

        @inlinable package mutating func number() throws -> UInt64 {
            guard end - at >= 8 else { throw Malformed() }
            var value: UInt64 = 0
            for k in 0..<8 { value |= UInt64(bytes[at + k]) << (8 * k) }
            at += 8
            return value
        }

        @inlinable package mutating func int() throws -> Int { Int(Int64(bitPattern: try number())) }

        /// A count of things each at least a byte long: never more than the bytes left.
        @inlinable package mutating func count() throws -> Int {
            let n = try number()
            guard n <= UInt64(end - at) else { throw Malformed() }
            return Int(n)
        }

        @inlinable package mutating func flag() throws -> Bool {
            guard at < end, bytes[at] <= 1 else { throw Malformed() }
            defer { at += 1 }
            return bytes[at] == 1
        }

        @inlinable package mutating func text() throws -> String {
            let n = try count()
            defer { at += n }
            return String(decoding: bytes[at..<at + n], as: UTF8.self)
        }

        @inlinable package mutating func texts() throws -> [String] { try list { try $0.text() } }

        @inlinable package mutating func optional<T>(_ element: (inout Reader) throws -> T) throws -> T? {
            try flag() ? try element(&self) : nil
        }

        @inlinable package mutating func optionalText() throws -> String? { try optional { try $0.text() } }
        @inlinable package mutating func optionalInt() throws -> Int? { try optional { try $0.int() } }
        @inlinable package mutating func optionalFlag() throws -> Bool? { try optional { try $0.flag() } }

        @inlinable package mutating func list<T>(_ element: (inout Reader) throws -> T) throws -> [T] {
            let n = try count()
            var values: [T] = []
            values.reserveCapacity(n)
            for _ in 0..<n { values.append(try element(&self)) }
            return values
        }

        /// Nothing after the last record.
        @inlinable package func finish() throws {
            guard at == end else { throw Malformed() }
        }
    }
}
