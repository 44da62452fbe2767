/// One item as the archive keeps it: the API's JSON as it came, and the few fields the store
/// orders and filters by, read from it by the source (the store parses nothing).
public struct ArchivedItem: Sendable, Equatable {
    public var id: Int
    /// The item's `type` (`story`, `comment`, `job`, `poll`, `pollopt`), or `null` when the API
    /// answered null for the id (HN does for ids it never gave out, or no longer has).
    public var kind: String
    /// Unix seconds, when the item has a time.
    public var time: Int?
    /// Dead or deleted: kept as what it is, but no longer listed.
    public var gone: Bool
    /// The API's answer, byte for byte.
    public var json: [UInt8]
    /// A comment's parent (a comment or the story), by which its thread finds it.
    public var parent: Int?

    public init(id: Int, kind: String, time: Int?, gone: Bool, json: [UInt8], parent: Int? = nil) {
        self.parent = parent
        self.id = id
        self.kind = kind
        self.time = time
        self.gone = gone
        self.json = json
    }
}
