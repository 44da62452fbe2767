import Foundation
import Testing

/// Parses JSON with Foundation's parser (an independent reader of what sitegen writes).
public func parseJSON(_ data: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
}

public func parseJSON(_ bytes: [UInt8]) throws -> Any { try parseJSON(Data(bytes)) }

public func parseJSON(_ text: String) throws -> Any { try parseJSON(Data(text.utf8)) }

/// A JSON object (dictionary) or a recorded failure.
public func jsonObject(_ value: Any, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    try #require(value as? [String: Any], "expected a JSON object, got \(value)", sourceLocation: sourceLocation)
}

public func jsonArray(_ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Any] {
    try #require(value as? [Any], "expected a JSON array, got \(String(describing: value))", sourceLocation: sourceLocation)
}

public func jsonInt(_ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    if let int = value as? Int { return int }
    return try #require(
        (value as? NSNumber)?.intValue, "expected an integer, got \(String(describing: value))", sourceLocation: sourceLocation)
}

public func jsonString(_ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try #require(value as? String, "expected a string, got \(String(describing: value))", sourceLocation: sourceLocation)
}

/// A manifest or page-config shard entry: `[first, count, "name", bytes]`.
public struct WireShard: Equatable {
    public var first: Int
    public var count: Int
    public var name: String
    public var bytes: Int
    public var rows: Range<Int> { first..<(first + count) }

    public init(_ value: Any, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let array = try jsonArray(value, sourceLocation: sourceLocation)
        try #require(array.count == 4, "a shard entry has 4 fields: \(array)", sourceLocation: sourceLocation)
        first = try jsonInt(array[0], sourceLocation: sourceLocation)
        count = try jsonInt(array[1], sourceLocation: sourceLocation)
        name = try jsonString(array[2], sourceLocation: sourceLocation)
        bytes = try jsonInt(array[3], sourceLocation: sourceLocation)
    }
}
