import SitegenModel

/// A comment item of HN's API as JSON (`{"by":…,"id":…,"kids":[…],"parent":…,"text":…,
/// "time":…,"type":"comment"}`), read by `ItemParser` as stories are: a field of the wrong
/// type reads as absent, and a million comments are not a million JSONDecoder runs.
enum CommentJSON {
    /// The comment, and the item it replies to; nil when the bytes are not a comment's object.
    static func read(_ json: [UInt8], id expected: Int? = nil) -> (comment: Comment, parent: Int?)? {
        guard let item = self.item(json), item.type == "comment", let id = item.id ?? expected,
            expected == nil || id == expected
        else { return nil }
        let state: Comment.State = item.deleted == true ? .deleted : item.dead == true ? .flagged : .live
        let comment = Comment(
            id: id, by: item.by, time: item.time, text: state == .live ? item.text : nil, state: state,
            kids: item.kids ?? [])
        return (comment, item.parent)
    }

    /// An item's replies (`kids`), from its JSON; none when it has none or is not an object.
    static func kids(_ json: [UInt8]) -> [Int] { item(json)?.kids ?? [] }

    private static func item(_ json: [UInt8]) -> RawItem? {
        guard case .item(let item) = json.withUnsafeBytes({ SourceEntry.Content(itemJSON: $0) }), item.isObject else {
            return nil
        }
        return item
    }
}
