/// Character references, as far as the sanitizer needs them.
enum Entities {
    /// Length of a well-formed reference at `i` ("&amp;", "&#39;", "&#x2F;"), nil if there is none;
    /// a lone "&" is then escaped.
    static func referenceLength(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        var j = i + 1
        guard j < s.count else { return nil }
        if s[j] == UInt8(ascii: "#") {
            j += 1
            let hex = j < s.count && (s[j] == UInt8(ascii: "x") || s[j] == UInt8(ascii: "X"))
            if hex { j += 1 }
            let digitsStart = j
            while j < s.count, j - digitsStart < 8, hex ? isHex(s[j]) : (0x30...0x39).contains(s[j]) { j += 1 }
            guard j > digitsStart, j < s.count, s[j] == UInt8(ascii: ";") else { return nil }
            return j + 1 - i
        }
        let nameStart = j
        while j < s.count, j - nameStart < 32, HTMLTagReader.isAlnum(s[j]) { j += 1 }
        guard j > nameStart, j < s.count, s[j] == UInt8(ascii: ";") else { return nil }
        return j + 1 - i
    }

    package static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]

    /// Decodes references in an attribute value, so "javascript&#58;" is seen for what it is.
    package static func decode(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
        var value = value
        return value.withUTF8 { decode($0) }
    }

    private static func decode(_ s: UnsafeBufferPointer<UInt8>) -> String {
        var out = ""
        var i = 0
        var run = 0  // start of the current plain run
        while i < s.count {
            guard s[i] == UInt8(ascii: "&"), let length = referenceLength(s, at: i) else {
                i += 1
                continue
            }
            out += String(decoding: UnsafeBufferPointer(rebasing: s[run..<i]), as: UTF8.self)
            let body = String(decoding: UnsafeBufferPointer(rebasing: s[(i + 1)..<(i + length - 1)]), as: UTF8.self)
            if let decoded = decodeBody(body) { out += decoded } else { out += "&\(body);" }
            i += length
            run = i
        }
        out += String(decoding: UnsafeBufferPointer(rebasing: s[run..<s.count]), as: UTF8.self)
        return out
    }

    private static func decodeBody(_ body: String) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "\u{FFFD}"
        }
        return named[body]
    }

    private static func isHex(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }
}
