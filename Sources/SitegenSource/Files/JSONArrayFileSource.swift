import Foundation
import SitegenModel
import SitegenSystem

/// A JSON file holding an array of HN-shaped items, in rank order.
public struct JSONArrayFileSource: StorySource {
    public let path: String
    public var name: String { path }

    public init(path: String) { self.path = path }

    public func stamp() async throws -> String? { fileStamp(path) }

    /// Read on a thread of its own: the file's read and parse block it.
    public func entries() async throws -> [SourceEntry] {
        try await BlockingExecutor.run { [self] in try readEntries() }
    }

    func readEntries() throws -> [SourceEntry] {
        let data = try JSONInput.read(path)
        if data.isEmpty { throw SourceError.invalidJSON(path: path, line: nil, column: nil, reason: "the file is empty") }
        let prefix = path + " entry "
        let parsed = data.withUnsafeBytes { bytes in
            Result { () throws(ItemParser.DocumentError) in
                try ItemParser.items(in: bytes) { index, item in
                    SourceEntry(prefix: prefix, number: index + 1, content: SourceEntry.Content(item))
                }
            }
        }
        switch parsed {
        case .success(let entries):
            return entries
        case .failure(.syntax(let line, let column, let reason)):
            throw SourceError.invalidJSON(path: path, line: line, column: column, reason: reason)
        case .failure(.notAnArray(let found)):
            throw SourceError.invalidField(path: path, field: "(top level)", reason: "must be an array of items, not \(found)")
        }
    }
}
