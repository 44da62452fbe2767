extension ItemParser {
    /// A read position in a UTF-8 document that moves as swift-foundation's JSONScanner moves.
    /// JSONScanner records a map of the whole document for decoding later; the cursor lets the
    /// item code (ItemParser+Items.swift) decode the fields it wants on the way instead.
    struct Cursor {
        /// JSONScanner's limit; deeper nesting fails the whole document, skipped values included.
        package static let maxDepth = 512

        private let start: UnsafePointer<UInt8>
        private let limit: UnsafePointer<UInt8>
        private var p: UnsafePointer<UInt8>
        private var depth = 0
        /// Reused by every string with escapes, so unescaping does not allocate each time.
        package var scratch: [UInt8] = []

        package init(_ bytes: UnsafeBufferPointer<UInt8>) {
            // An empty buffer may have no address; nothing is ever read through this one.
            start = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            limit = start + bytes.count
            p = start
        }

        /// A cursor at `offset` of `document`, `depth` arrays and objects deep: where a reading
        /// from the start would be, had it come this far (ItemParser+Split.swift).
        package init(_ document: UnsafeBufferPointer<UInt8>, at offset: Int, depth: Int) {
            self.init(document)
            p = start + offset
            self.depth = depth
        }

        var remaining: Int { limit - p }
        package var offset: Int { p - start }

        /// The next byte that is not JSON whitespace, left unread.
        @inline(__always)
        mutating func nonSpace() throws(SyntaxError) -> UInt8 {
            while p < limit {
                switch p.pointee {
                case 0x20, 0x0A, 0x0D, 0x09: p += 1
                case let byte: return byte
                }
            }
            throw failure(.endOfFile)
        }

        /// Only whitespace may follow the top-level value.
        package mutating func finish() throws(SyntaxError) {
            while p < limit {
                switch p.pointee {
                case 0x20, 0x0A, 0x0D, 0x09: p += 1
                case let byte: throw failure(.unexpected(byte, .afterValue))
                }
            }
        }

        /// Moves into the array or object whose opener is next: true when it has elements, false
        /// when it closes at once (and is left). `another` leaves it after the last element.
        mutating func enter(closer: UInt8) throws(SyntaxError) -> Bool {
            guard depth < Self.maxDepth else { throw failure(.tooDeep) }
            depth += 1
            p += 1
            guard try nonSpace() == closer else { return true }
            p += 1
            depth -= 1
            return false
        }

        /// After an element: true when another follows. A comma before the closer is allowed.
        package mutating func another(closer: UInt8, place: Problem.Place) throws(SyntaxError) -> Bool {
            switch try nonSpace() {
            case ASCII.comma:
                p += 1
                guard try nonSpace() == closer else { return true }
            case closer:
                break
            case let byte:
                throw failure(.unexpected(byte, place))
            }
            p += 1
            depth -= 1
            return false
        }

        package mutating func colon() throws(SyntaxError) {
            let byte = try nonSpace()
            guard byte == ASCII.colon else { throw failure(.unexpected(byte, .object)) }
            p += 1
        }

        package mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let count = word.utf8CodeUnitCount
            guard limit - p >= count else { throw failure(.endOfFile) }
            for i in 0..<count where p[i] != word.utf8Start[i] {
                p += i
                throw failure(.unexpected(p.pointee, .literal))
            }
            p += count
        }

        /// A number token as JSONScanner takes it: a sign or digit, then any run of digits, signs,
        /// dots and exponent letters. Whether that is a number is decided where it is read.
        package mutating func number() -> UnsafeBufferPointer<UInt8> {
            let token = p
            p += 1
            scan: while p < limit {
                switch p.pointee {
                case ASCII.digits, ASCII.dot, ASCII.plus, ASCII.minus, ASCII.e, ASCII.E: p += 1
                default: break scan
                }
            }
            return UnsafeBufferPointer(start: token, count: p - token)
        }

        /// Any value, checked only as far as JSONScanner checks it.
        mutating func skipValue(_ first: UInt8) throws(SyntaxError) {
            switch first {
            case ASCII.quote: _ = try string(place: .value)
            case ASCII.openBrace:
                guard try enter(closer: ASCII.closeBrace) else { return }
                // Keys inside a skipped value are never decoded, so they are not checked either.
                repeat {
                    _ = try string(place: .object)
                    try colon()
                    try skipValue(try nonSpace())
                } while try another(closer: ASCII.closeBrace, place: .object)
            case ASCII.openBracket:
                guard try enter(closer: ASCII.closeBracket) else { return }
                repeat { try skipValue(try nonSpace()) } while try another(closer: ASCII.closeBracket, place: .array)
            case ASCII.t: try literal("true")
            case ASCII.f: try literal("false")
            case ASCII.n: try literal("null")
            case ASCII.minus, ASCII.digits: _ = number()
            default: throw failure(.unexpected(first, .value))
            }
        }

        /// A string's contents (the opening quote is next), delimited as JSONScanner delimits them:
        /// only escapes are looked at here, and raw control characters or invalid UTF-8 only
        /// fail when the string is decoded.
        package mutating func string(place: Problem.Place) throws(SyntaxError) -> StringToken {
            guard p.pointee == ASCII.quote else { throw failure(.unexpected(p.pointee, place)) }
            p += 1
            let contents = p
            var escaped = false
            // Any byte below 0x20 sets a high bit in `controls`; any beyond ASCII one in `union`.
            var controls: UInt64 = 0
            var union: UInt64 = 0
            while true {
                // Most of a document is text: eight bytes at a time until a quote or backslash.
                while limit - p >= 8 {
                    let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
                    if Self.hasZeroByte(word ^ 0x2222_2222_2222_2222) || Self.hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C) { break }
                    controls |= (word &- 0x2020_2020_2020_2020) & ~word
                    union |= word
                    p += 8
                }
                guard p < limit else { break }
                let byte = p.pointee
                if byte == ASCII.quote {
                    defer { p += 1 }
                    return StringToken(
                        bytes: UnsafeBufferPointer(start: contents, count: p - contents), escaped: escaped,
                        control: controls & 0x8080_8080_8080_8080 != 0, nonASCII: union & 0x8080_8080_8080_8080 != 0)
                }
                p += 1
                if byte == ASCII.backslash {
                    escaped = true
                    guard p < limit else { break }
                    let escape = p.pointee
                    p += 1
                    if escape == ASCII.u {
                        guard limit - p >= 4 else { break }
                        guard p[0] != ASCII.quote, p[1] != ASCII.quote, p[2] != ASCII.quote, p[3] != ASCII.quote else {
                            throw failure(.shortUnicodeEscape)
                        }
                        p += 4
                    }
                } else {
                    controls |= byte < 0x20 ? 0x80 : 0
                    union |= UInt64(byte)
                }
            }
            throw failure(.endOfFile)
        }

        /// Whether any of the eight bytes is zero. The formula can also flag a byte above a zero
        /// one, so it answers "any" exactly but not "which"; likewise for `controls` above.
        @inline(__always)
        private static func hasZeroByte(_ word: UInt64) -> Bool {
            (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
        }

        private func failure(_ problem: Problem) -> SyntaxError {
            SyntaxError(offset: (problem == .endOfFile ? limit : p) - start, problem: problem)
        }
    }

    /// A string as it stands in the document, between its quotes.
    struct StringToken {
        package var bytes: UnsafeBufferPointer<UInt8>
        package var escaped: Bool
        var control: Bool
        var nonASCII: Bool
        /// The bytes are the text: printable ASCII only.
        var isPlain: Bool { !escaped && !control && !nonASCII }
    }

    enum ASCII {
        package static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
        static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
        static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")
        static let minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+"), dot = UInt8(ascii: ".")
        package static let digits = UInt8(ascii: "0")...UInt8(ascii: "9"), zero = UInt8(ascii: "0")
        package static let e = UInt8(ascii: "e"), E = UInt8(ascii: "E"), u = UInt8(ascii: "u")
        package static let t = UInt8(ascii: "t"), f = UInt8(ascii: "f"), n = UInt8(ascii: "n")
        package static let b = UInt8(ascii: "b"), r = UInt8(ascii: "r")
    }
}
