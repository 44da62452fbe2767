import SitegenModel
import SitegenSource

/// Plain values for tests: stories, raw items and source entries with sensible defaults, so a
/// test names only the fields it is about.
extension Story {
    public static func fixture(
        id: Int = 1, title: String = "A title", url: String? = nil, by: String? = nil, time: Int? = nil,
        score: Int? = nil, descendants: Int? = nil, text: String? = nil
    ) -> Story {
        Story(id: id, title: title, url: url, by: by, time: time, score: score, descendants: descendants, text: text)
    }
}

extension RawItem {
    /// A well-formed HN story that `ItemFilter` keeps.
    public static func story(_ id: Int?, title: String? = nil, type: String? = "story") -> RawItem {
        RawItem(id: id, type: type, title: title ?? "Story \(id ?? 0)")
    }
}

extension SourceEntry {
    public static func item(_ raw: RawItem, at location: String = "test") -> SourceEntry {
        SourceEntry(location: location, content: .item(raw))
    }

    public static func story(_ id: Int, title: String? = nil, at location: String? = nil) -> SourceEntry {
        .item(.story(id, title: title), at: location ?? "entry for \(id)")
    }

    public static func null(at location: String = "test") -> SourceEntry { SourceEntry(location: location, content: .null) }

    public static func unreadable(_ why: String, at location: String = "test") -> SourceEntry {
        SourceEntry(location: location, content: .unreadable(why))
    }
}

/// A source that hands over fixed entries, or fails with a fixed error.
public struct StubSource: StorySource {
    public var name = "stub"
    public var result: Result<[SourceEntry], SourceError>

    public init(_ entries: [SourceEntry]) { result = .success(entries) }
    public init(failing error: SourceError) { result = .failure(error) }

    public func entries() async throws -> [SourceEntry] { try result.get() }
}

/// A small deterministic generator (SplitMix64), independent of the one under test, for ids,
/// sizes and other "random" plain values.
public struct TestRandom {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// `count` distinct ids, descending like a "newest first" list, starting below `top`.
    public mutating func descendingIDs(count: Int, top: Int = 50_000_000) -> [Int] {
        var id = top
        return (0..<count).map { _ in
            id -= int(in: 1...37)
            return id
        }
    }
}
