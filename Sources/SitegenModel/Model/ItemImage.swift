/// A story's picture: where it is and, when known, its size (which the row reserves).
public struct ItemImage: Sendable, Equatable, Codable {
    public var url: String
    public var width: Int?
    public var height: Int?

    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }

    package enum CodingKeys: String, CodingKey { case url, width, height }

    /// A bare string is the URL; an object has `url` and optional `width` and `height`.
    public init(from decoder: Decoder) throws {
        if let url = try? decoder.singleValueContainer().decode(String.self) {
            self.init(url: url)
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try c.decode(String.self, forKey: .url),
            width: (try? c.decodeIfPresent(Int.self, forKey: .width)) ?? nil,
            height: (try? c.decodeIfPresent(Int.self, forKey: .height)) ?? nil)
    }
}
