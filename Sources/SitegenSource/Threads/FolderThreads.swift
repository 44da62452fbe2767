import Foundation
import SitegenModel

/// Threads from a folder in the API's shape (`HNDirectorySource`): each comment is
/// `item/<id>.json`, found from the story's `kids` down. A file that is missing or not a
/// comment is left out.
struct FolderThreads: ThreadReader {
    let root: String
    /// Stories' first replies (nil: none) as the source read them (`HNDirectorySource`): a
    /// story named here is not read again to find its first reply; one not named is.
    var firstReplies: [Int: Int?] = [:]

    func tree(of story: Int, limit: Int) throws -> CommentTree {
        guard let json = read(story) else { return CommentTree() }
        return Self.levels(roots: CommentJSON.kids(json), limit: limit) { ids in
            ids.compactMap { id in read(id).flatMap { CommentJSON.read($0, id: id)?.comment } }
        }
    }

    func hasThread(_ story: Int) throws -> Bool {
        let known = firstReplies[story]
        guard let first = known ?? read(story).flatMap({ CommentJSON.kids($0).first }) else { return false }
        return read(first).flatMap { CommentJSON.read($0, id: first) } != nil
    }

    private func read(_ id: Int) -> [UInt8]? {
        FileManager.default.contents(atPath: (root as NSString).appendingPathComponent("item/\(id).json")).map(Array.init)
    }
}
