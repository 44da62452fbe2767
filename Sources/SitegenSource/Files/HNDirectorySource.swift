import Foundation
import SitegenSystem
import Synchronization

/// A folder in the Hacker News API's shape, as a mirror of `/v0` would be:
/// `topstories.json` (ranked ids) and `item/<id>.json` for each. A missing or unparsable item file
/// is skipped and named; a missing or malformed `topstories.json` fails the build.
public struct HNDirectorySource: StorySource {
    public let path: String
    public let list: String
    public var name: String { path }

    /// Each story's first reply (or none), as its file named it when `entries` read it: finding
    /// which stories have a thread then reads the reply's file alone, not the story's a second
    /// time (a fifth of a 100,000-story folder's build).
    private let firstReplies = FirstReplies()

    public init(path: String, list: String = "topstories") {
        self.path = path
        self.list = list
    }

    /// Comments are items of the folder too (`item/<id>.json`), found from each story's `kids`.
    public func threads() async throws -> (any ThreadReader)? {
        FolderThreads(root: path, firstReplies: firstReplies.read())
    }

    /// Read on a thread of its own: its files' reads block it.
    public func entries() async throws -> [SourceEntry] {
        try await BlockingExecutor.run { [self] in try readEntries() }
    }

    private func readEntries() throws -> [SourceEntry] {
        let listPath = (path as NSString).appendingPathComponent("\(list).json")
        let ids = try JSONInput.itemIDs(try JSONInput.read(listPath), path: listPath)
        var results = [SourceEntry?](repeating: nil, count: ids.count)
        // Each story's first reply (nil inside: none), where its file read as an item.
        var replies = [Int??](repeating: nil, count: ids.count)
        let root = path
        let chunks = Swift.max(1, Swift.min(ids.count / 256, ProcessInfo.processInfo.activeProcessorCount * 4))
        BlockingExecutor.willBlock("HNDirectorySource: reads every item's file")
        results.withUnsafeMutableBufferPointer { out in
            replies.withUnsafeMutableBufferPointer { firstReply in
                nonisolated(unsafe) let (out, firstReply) = (out, firstReply)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    for i in (chunk * ids.count / chunks)..<((chunk + 1) * ids.count / chunks) {
                        (out[i], firstReply[i]) = Self.entry(id: ids[i], root: root)
                    }
                }
            }
        }
        var known: [Int: Int?] = [:]
        for (id, reply) in zip(ids, replies) { if let reply { known[id] = reply } }
        firstReplies.keep(known)
        return results.map { $0! }
    }

    /// The entry of item `id`, and its first reply (nil inside: none) when its file reads as an item.
    private static func entry(id: Int, root: String) -> (entry: SourceEntry, firstReply: Int??) {
        let relative = "item/\(id).json"
        let location = (root as NSString).appendingPathComponent(relative)
        guard let data = FileManager.default.contents(atPath: location) else {
            return (SourceEntry(location: location, content: .unreadable("missing file")), nil)
        }
        switch data.withUnsafeBytes({ SourceEntry.Content(itemJSON: $0) }) {
        case .item(var item):
            // The list names the id; an item file without one is still that item.
            if item.isObject, item.id == nil { item.id = id }
            let firstReply = item.kids?.first
            return (SourceEntry(location: location, content: .item(item)), .some(firstReply))
        case let other:
            return (SourceEntry(location: location, content: other), nil)
        }
    }
}

/// The first replies `HNDirectorySource.entries` found, kept for its thread reader (a source
/// is a value, read first and asked for its threads after).
private final class FirstReplies: Sendable {
    private let replies = Mutex<[Int: Int?]>([:])

    func keep(_ found: [Int: Int?]) { replies.withLock { $0 = found } }
    func read() -> [Int: Int?] { replies.withLock { $0 } }
}
