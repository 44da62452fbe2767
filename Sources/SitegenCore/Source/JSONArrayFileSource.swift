import Foundation

/// A JSON file holding an array of HN-shaped items, in rank order.
public struct JSONArrayFileSource: StorySource {
    public let path: String
    public var name: String { path }

    public init(path: String) { self.path = path }

    public func entries() async throws -> [SourceEntry] {
        let data = try JSONInput.read(path)
        let items = try JSONInput.decode([RawItem?].self, from: data, path: path)
        return items.enumerated().map { index, item in
            SourceEntry(location: "\(path) entry \(index + 1)", content: item.map { .item($0) } ?? .null)
        }
    }
}
