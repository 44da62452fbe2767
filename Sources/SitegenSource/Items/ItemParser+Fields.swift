import Foundation

extension ItemParser {
    /// The keys `RawItem` decodes (its `CodingKeys`); each is a bit in an item's set of keys seen.
    enum Field: UInt8, CaseIterable {
        case id, type, by, time, title, url, text, score, descendants, dead, deleted, image, parent, kids

        var bit: UInt16 { 1 << rawValue }

        package var name: StaticString {
            switch self {
            case .id: "id"
            case .type: "type"
            case .by: "by"
            case .time: "time"
            case .title: "title"
            case .url: "url"
            case .text: "text"
            case .score: "score"
            case .descendants: "descendants"
            case .dead: "dead"
            case .deleted: "deleted"
            case .image: "image"
            case .parent: "parent"
            case .kids: "kids"
            }
        }

        /// The field a plain key (printable ASCII, no escapes) names, by its bytes: the common
        /// case, which needs no String.
        package static func named(_ key: UnsafeBufferPointer<UInt8>) -> Field? {
            guard let first = key.first else { return nil }
            let candidate: Field
            switch (key.count, first) {
            case (2, UInt8(ascii: "i")): candidate = .id
            case (2, UInt8(ascii: "b")): candidate = .by
            case (3, UInt8(ascii: "u")): candidate = .url
            case (4, UInt8(ascii: "d")): candidate = .dead
            case (4, UInt8(ascii: "k")): candidate = .kids
            case (6, UInt8(ascii: "p")): candidate = .parent
            case (4, UInt8(ascii: "t")):
                switch key[2] {
                case UInt8(ascii: "p"): candidate = .type
                case UInt8(ascii: "m"): candidate = .time
                default: candidate = .text
                }
            case (5, UInt8(ascii: "t")): candidate = .title
            case (5, UInt8(ascii: "s")): candidate = .score
            case (5, UInt8(ascii: "i")): candidate = .image
            case (7, UInt8(ascii: "d")): candidate = .deleted
            case (11, UInt8(ascii: "d")): candidate = .descendants
            default: return nil
            }
            return memcmp(key.baseAddress!, candidate.name.utf8Start, key.count) == 0 ? candidate : nil
        }

        /// A key that needed decoding (escapes, non-ASCII) matches as JSONDecoder's dictionary
        /// matches it: by String equality, so `"\u0069d"` is `id`.
        package init?(name: String) {
            guard let field = Self.allCases.first(where: { $0.name.description == name }) else { return nil }
            self = field
        }
    }
}
