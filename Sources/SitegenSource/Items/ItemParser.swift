import Foundation
import SitegenModel

/// Reads Hacker News items straight from JSON bytes into `RawItem`s, without the JSON tree and
/// `Decodable` calls through which JSONDecoder made reading the slowest step of a build.
///
/// What a source file means must not change with the parser, so the results are JSONDecoder's
/// (swift-foundation's), quirks included; `ItemParserTests` holds the two side by side on
/// thousands of random documents. The quirks, found by reading its source and probing it:
/// - The document is checked as its JSONScanner checks it, which is looser than RFC 8259: a comma
///   may trail the last element of an array or object, and strings and numbers are only
///   validated where a field is decoded, so a skipped `"kids"` value may hold `01` or `"\q"`.
/// - An item decodes as `RawItem.init(from:)`: a field that is of the wrong type, or a string or
///   number that does not decode, reads as absent; of duplicate keys the first wins; and every
///   key is decoded, so an object with one undecodable key (a raw control character, a bad
///   escape, invalid UTF-8) is "not an object".
/// - A document that starts with a BOM, or whose first bytes hold zeros the way UTF-16 or UTF-32
///   text does, is read in that encoding.
package enum ItemParser {
    /// The items of a document holding a JSON array of items; a `null` entry stays `nil`.
    package static func items(
        in bytes: UnsafeRawBufferPointer, splitFromBytes: Int = ItemParser.splitFromBytes
    ) throws(DocumentError) -> [RawItem?] {
        try items(in: bytes, splitFromBytes: splitFromBytes) { _, item in item }
    }

    /// The entries `entry` makes of the items of a document holding a JSON array of items, given
    /// each item's index in the array; a `null` entry is a `nil` item. Documents of
    /// `splitFromBytes` and more are read on both cores (ItemParser+Split.swift).
    package static func items<Entry>(
        in bytes: UnsafeRawBufferPointer, splitFromBytes: Int = ItemParser.splitFromBytes,
        _ entry: @Sendable (_ index: Int, _ item: consuming RawItem?) -> Entry
    ) throws(DocumentError) -> [Entry] {
        var parts = try withUTF8(bytes) { (utf8) throws(DocumentError) -> [[RawItem?]] in
            if utf8.count >= splitFromBytes, let parts = itemParts(utf8) { return parts }
            var cursor = Cursor(utf8)
            let document: Cursor.Document
            do throws(SyntaxError) {
                document = try cursor.document()
            } catch {
                let (line, column) = TextPosition.of(byte: error.offset, in: utf8)
                throw .syntax(line: line, column: column, reason: error.problem.description)
            }
            switch document {
            case .array(let items): return [items]
            case .other(let kind): throw .notAnArray(found: kind)
            }
        }
        return joined(&parts, entry)
    }

    /// The one item of a document (a JSON Lines line, an `item/<id>.json` file); `nil` for `null`.
    package static func item(in bytes: UnsafeRawBufferPointer) throws(SyntaxError) -> RawItem? {
        try withUTF8(bytes) { (utf8) throws(SyntaxError) -> RawItem? in
            var cursor = Cursor(utf8)
            let item = try cursor.item()
            try cursor.finish()
            return item
        }
    }

    /// Where in the (UTF-8) document it stops being JSON, and why.
    package struct SyntaxError: Error, Equatable {
        package var offset: Int
        var problem: Problem
    }

    enum Problem: Equatable, CustomStringConvertible {
        case endOfFile
        case unexpected(UInt8, Place)
        case tooDeep
        /// A `\u` whose four hex digits would run past the closing quote.
        case shortUnicodeEscape
        case notText

        enum Place: String {
            case value = "where a value should start"
            case array = "in an array"
            case object = "in an object"
            case literal = "in true, false or null"
            case afterValue = "after the top-level value"
        }

        package var description: String {
            switch self {
            case .endOfFile: "unexpected end of file"
            case .unexpected(let byte, let place): "unexpected \(Self.name(of: byte)) \(place.rawValue)"
            case .tooDeep: "arrays and objects nested more than \(Cursor.maxDepth) deep"
            case .shortUnicodeEscape: "a \\u escape cut short by a quote"
            case .notText: "not readable as UTF-8, UTF-16 or UTF-32 text"
            }
        }

        private static func name(of byte: UInt8) -> String {
            (0x21...0x7E).contains(byte)
                ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    package enum DocumentError: Error, Equatable {
        /// Not JSON; line and column are 1-based, the column counted in bytes like the rest of sitegen's.
        case syntax(line: Int, column: Int, reason: String)
        /// Valid JSON, but not an array ("an object", "null", ...).
        case notAnArray(found: String)
    }

    /// Hands `body` the document as UTF-8, without its byte order mark. JSONDecoder reads UTF-16
    /// and UTF-32 too, recognised by a BOM or by the zero bytes their first ASCII characters
    /// carry; such a document is converted first, as JSONDecoder does.
    private static func withUTF8<Value, Failure: ItemParserFailure>(
        _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
        let (encoding, bom) = encoding(of: utf8)
        guard let encoding else { return try body(UnsafeBufferPointer(rebasing: utf8.dropFirst(bom))) }
        guard var text = String(bytes: utf8.dropFirst(bom), encoding: encoding) else { throw Failure.notText }
        // withUTF8 only rethrows untyped errors; Result carries the typed one through.
        return try text.withUTF8 { converted in Result { () throws(Failure) in try body(converted) } }.get()
    }

    /// JSONDecoder's table (RFC 4627 section 3, plus BOMs): the encoding when it is not UTF-8,
    /// and the length of the byte order mark to drop.
    private static func encoding(of bytes: UnsafeBufferPointer<UInt8>) -> (String.Encoding?, bom: Int) {
        func byte(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        switch (byte(0), byte(1), byte(2), byte(3)) {
        case (0, 0, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0, 0): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): return (nil, 3)
        case (0, 0, 0, .some(let a)) where a != 0: return (.utf32BigEndian, 0)
        case (0, .some(let a), 0, .some(let b)) where a != 0 && b != 0: return (.utf16BigEndian, 0)
        case (.some(let a), 0, 0, 0) where a != 0: return (.utf32LittleEndian, 0)
        case (.some(let a), 0, .some(let b), 0) where a != 0 && b != 0: return (.utf16LittleEndian, 0)
        case (0, .some(let a), nil, nil) where a != 0: return (.utf16BigEndian, 0)
        case (.some(let a), 0, nil, nil) where a != 0: return (.utf16LittleEndian, 0)
        default: return (nil, 0)
        }
    }
}

/// The two error types `withUTF8` can throw when a document is not text at all.
protocol ItemParserFailure: Error {
    static var notText: Self { get }
}

extension ItemParser.SyntaxError: ItemParserFailure {
    static var notText: Self { Self(offset: 0, problem: .notText) }
}

extension ItemParser.DocumentError: ItemParserFailure {
    static var notText: Self { .syntax(line: 1, column: 1, reason: ItemParser.Problem.notText.description) }
}

extension SourceEntry.Content {
    /// An item read from JSON (`nil` for `null`) as an entry's content, moved, not copied.
    package init(_ item: consuming RawItem?) {
        switch consume item {
        case .some(let item): self = .item(item)
        case .none: self = .null
        }
    }

    /// A document holding one item (a JSON Lines line, an `item/<id>.json` file) as an entry.
    package init(itemJSON bytes: UnsafeRawBufferPointer) {
        do {
            self = Self(try ItemParser.item(in: bytes))
        } catch {
            self = .unreadable("not valid JSON")
        }
    }
}
