import Foundation
import SitegenModel

/// A comment item of HN's API as JSON (`{"by":…,"id":…,"kids":[…],"parent":…,"text":…,
/// "time":…,"type":"comment"}`), read leniently as stories are (`RawItem`): a field of the
/// wrong type reads as absent.
enum CommentJSON {
    /// The comment, and the item it replies to; nil when the bytes are not a comment's object.
    static func read(_ json: [UInt8], id expected: Int? = nil) -> (comment: Comment, parent: Int?)? {
        guard let item = try? JSONDecoder().decode(Item.self, from: Data(json)), item.type == "comment",
            let id = item.id ?? expected, expected == nil || id == expected
        else { return nil }
        let state: Comment.State = item.deleted == true ? .deleted : item.dead == true ? .flagged : .live
        let comment = Comment(
            id: id, by: item.by, time: item.time, text: state == .live ? item.text : nil, state: state,
            kids: item.kids ?? [])
        return (comment, item.parent)
    }

    /// A story's replies (`kids`), from its JSON; none when it has none or is not an object.
    static func kids(_ json: [UInt8]) -> [Int] {
        (try? JSONDecoder().decode(Item.self, from: Data(json)))?.kids ?? []
    }

    private struct Item: Decodable {
        var id: Int?
        var type: String?
        var by: String?
        var time: Int?
        var text: String?
        var parent: Int?
        var kids: [Int]?
        var dead: Bool?
        var deleted: Bool?

        enum Keys: String, CodingKey { case id, type, by, time, text, parent, kids, dead, deleted }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            func lenient<T: Decodable>(_ key: Keys) -> T? { (try? c.decodeIfPresent(T.self, forKey: key)) ?? nil }
            id = lenient(.id)
            type = lenient(.type)
            by = lenient(.by)
            time = lenient(.time)
            text = lenient(.text)
            parent = lenient(.parent)
            // A list with one entry of another type is read without that entry.
            kids = (try? c.decodeIfPresent([Lenient].self, forKey: .kids))?.compactMap(\.value)
            dead = lenient(.dead)
            deleted = lenient(.deleted)
        }
    }

    private struct Lenient: Decodable {
        var value: Int?
        init(from decoder: Decoder) throws { value = try? decoder.singleValueContainer().decode(Int.self) }
    }
}
