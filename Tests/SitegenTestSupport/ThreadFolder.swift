import Foundation
import SitegenSource

/// A folder in the API's shape (`topstories.json`, `item/<id>.json`) holding stories with
/// threads shaped like HN's (`ThreadGenerator`): the fixture the thread tests build from.
public enum ThreadFolder {
    /// A thread's facts as the test checks them.
    public struct Thread: Sendable {
        public var story: Int
        /// Every comment id in the folder, and those that are deleted or flagged.
        public var ids: [Int]
        public var deleted: Set<Int>
        public var flagged: Set<Int>
        /// The live comments: HN's `descendants`.
        public var live: Int
    }

    /// Writes `stories` (each `(id, comments, deepest)`) and their threads under `root`, and
    /// `extra` comment items (`id → json`) besides, whose ids the test adds to a story's kids
    /// by `extraKids` (story id → ids, placed first).
    @discardableResult
    public static func write(
        _ stories: [(id: Int, comments: Int, deepest: Int)], to root: String, extra: [Int: String] = [:],
        extraKids: [Int: [Int]] = [:]
    ) throws -> [Thread] {
        try FileManager.default.createDirectory(atPath: root + "/item", withIntermediateDirectories: true)
        var threads: [Thread] = []
        for story in stories {
            let items = ThreadGenerator().items(story: story.id, count: story.comments, deepest: story.deepest)
            var kids: [Int] = extraKids[story.id] ?? []
            var thread = Thread(story: story.id, ids: [], deleted: [], flagged: [], live: 0)
            for item in items {
                try item.json.write(toFile: root + "/item/\(item.id).json", atomically: false, encoding: .utf8)
                thread.ids.append(item.id)
                if item.json.contains(#""parent":\#(story.id),"#) { kids.append(item.id) }
                if item.json.contains(#""deleted":true"#) {
                    thread.deleted.insert(item.id)
                } else if item.json.contains(#""dead":true"#) {
                    thread.flagged.insert(item.id)
                } else {
                    thread.live += 1
                }
            }
            let story =
                #"{"id":\#(story.id),"type":"story","by":"pg","time":1795000000,"title":"Thread \#(story.id)","score":512,"descendants":\#(thread.live + (extraKids[story.id]?.count ?? 0)),"kids":[\#(kids.map(String.init).joined(separator: ","))]}"#
            try story.write(toFile: root + "/item/\(thread.story).json", atomically: false, encoding: .utf8)
            threads.append(thread)
        }
        for (id, json) in extra { try json.write(toFile: root + "/item/\(id).json", atomically: false, encoding: .utf8) }
        let list = "[" + stories.map { String($0.id) }.joined(separator: ",") + "]"
        try list.write(toFile: root + "/topstories.json", atomically: false, encoding: .utf8)
        return threads
    }
}
