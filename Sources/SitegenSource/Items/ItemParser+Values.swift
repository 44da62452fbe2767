import Foundation

// Strings and integers as JSONDecoder decodes them. Every failure here is a field's, never the
// document's: the caller reads nil, as RawItem's lenient decoding does.

extension ItemParser.Cursor {
    /// The text of a string token, or nil where JSONDecoder throws: a raw control character, an
    /// unknown escape, a `\u` that is not four hex digits or is half a surrogate pair, or bytes
    /// that are not UTF-8.
    package mutating func decode(_ token: ItemParser.StringToken) -> String? {
        if token.control { return nil }
        if !token.escaped {
            return token.nonASCII ? String(validating: token.bytes, as: UTF8.self) : String(decoding: token.bytes, as: UTF8.self)
        }
        return unescape(token.bytes)
    }

    private mutating func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Every escape is at least as long as what it stands for, so the text fits in as many bytes.
        if scratch.count < bytes.count { scratch = [UInt8](repeating: 0, count: Swift.max(bytes.count, 2 * scratch.count)) }
        return scratch.withUnsafeMutableBufferPointer { out -> String? in
            var i = 0
            var n = 0
            // The cursor has checked that a byte follows every backslash and four every `\u`.
            while i < bytes.count {
                let byte = bytes[i]
                guard byte == ASCII.backslash else {
                    out[n] = byte
                    n += 1
                    i += 1
                    continue
                }
                let escape = bytes[i + 1]
                i += 2
                switch escape {
                case ASCII.quote, ASCII.backslash, ASCII.slash: out[n] = escape
                case ASCII.b: out[n] = 0x08
                case ASCII.f: out[n] = 0x0C
                case ASCII.n: out[n] = 0x0A
                case ASCII.r: out[n] = 0x0D
                case ASCII.t: out[n] = 0x09
                case ASCII.u:
                    guard let unit = Self.hex(bytes, at: i) else { return nil }
                    i += 4
                    var scalar = Unicode.Scalar(unit)
                    if UTF16.isLeadSurrogate(unit) {
                        guard i + 2 <= bytes.count, bytes[i] == ASCII.backslash, bytes[i + 1] == ASCII.u,
                            let trail = Self.hex(bytes, at: i + 2), UTF16.isTrailSurrogate(trail)
                        else { return nil }
                        i += 6
                        scalar = UTF16.decode(UTF16.EncodedScalar([unit, trail]))
                    }
                    // A trail surrogate on its own is no scalar.
                    guard let scalar else { return nil }
                    UTF8.encode(scalar) { unit in
                        out[n] = unit
                        n += 1
                    }
                    continue
                default:
                    return nil
                }
                n += 1
            }
            // Escapes only ever add whole UTF-8 sequences, so checking the result as a whole fails
            // exactly when one of the raw stretches between escapes is not UTF-8.
            return String(validating: UnsafeBufferPointer(rebasing: out[..<n]), as: UTF8.self)
        }
    }

    private static func hex(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt16? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[start..<(start + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}

extension ItemParser {
    /// A number token as an `Int` field, or nil where JSONDecoder throws: not a JSON number
    /// (`01`, `1.`, `-`, `1e`, `1.2.3`), not integral, or out of range.
    ///
    /// JSONDecoder also takes `12.0`, `1e3` or `-0.0`, going through Double, and above 2^53
    /// (where Doubles are 2 apart) through Decimal, which truncates: `9007199254740993.5` is
    /// 9007199254740993. Both detours are kept: they decide what a file means.
    static func integer(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = token.first == ASCII.minus ? 1 : 0
        let firstDigit = i
        // Accumulated below zero, where Int.min fits.
        var value = 0
        var overflow = false
        while i < token.count, ASCII.digits.contains(token[i]) {
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.subtractingReportingOverflow(Int(token[i] - ASCII.zero))
            value = sum
            overflow = overflow || o1 || o2
            i += 1
        }
        guard i > firstDigit, token[firstDigit] != ASCII.zero || i == firstDigit + 1 else { return nil }
        if i == token.count, !overflow {
            if firstDigit == 1 { return value }
            if value != .min { return -value }
        }
        if i < token.count, token[i] == ASCII.dot {
            i += 1
            guard skipDigits(token, &i) else { return nil }
        }
        if i < token.count, token[i] == ASCII.e || token[i] == ASCII.E {
            i += 1
            if i < token.count, token[i] == ASCII.plus || token[i] == ASCII.minus { i += 1 }
            guard skipDigits(token, &i) else { return nil }
        }
        guard i == token.count else { return nil }
        return integerThroughDouble(String(decoding: token, as: UTF8.self))
    }

    /// Moves past a run of digits; false when there is none.
    private static func skipDigits(_ token: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        let start = i
        while i < token.count, ASCII.digits.contains(token[i]) { i += 1 }
        return i > start
    }

    /// JSONDecoder's slow path for integers, for a valid JSON number that is not plain digits in range.
    private static func integerThroughDouble(_ text: String) -> Int? {
        guard let double = Double(text), let value = Int(exactly: double) else { return nil }
        if double.magnitude < 0x1p53 { return value }
        // Past 2^53 the Double may be a neighbour of the written integer; Decimal keeps its digits.
        guard let decimal = Decimal(string: text) else { return nil }
        return integer(truncating: decimal)
    }

    /// swift-foundation's `FixedWidthInteger.init?(_: Decimal)`: the mantissa must fit in 64 bits
    /// before the exponent is applied, and a negative exponent truncates.
    private static func integer(truncating decimal: Decimal) -> Int? {
        guard !decimal.isNaN, var magnitude = UInt64(decimal.significand.description) else { return nil }
        for _ in 0..<decimal.exponent.magnitude {
            if decimal.exponent < 0 {
                magnitude /= 10
            } else {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = product
            }
        }
        guard let value = Int(exactly: magnitude) else { return nil }
        return decimal.sign == .minus ? -value : value
    }
}
