import SitegenSystem

/// The sample that ships inside the binary: `sitegen build` with no `--source` builds it, offline,
/// on a fresh machine. 300 stories plus a few entries every real feed has (a dead story, a deleted
/// one, a job, a null), so the first build already shows what skipping looks like.
public struct SampleSource: StorySource {
    public var count: Int
    public var seed: UInt64
    public var name: String { "the embedded sample" }

    public init(count: Int = 300, seed: UInt64 = 1) {
        self.count = count
        self.seed = seed
    }

    /// Made from its count and seed alone (and the binary, which the build's stamp holds).
    public func stamp() async throws -> String? { "sample \(count) \(seed)" }

    /// Each story's comments, made as its items are (`ThreadGenerator`).
    public func threads() async throws -> (any ThreadReader)? {
        let (count, seed) = (count, seed)
        return try await BlockingExecutor.run {
            SampleThreads(items: SampleGenerator(seed: seed).items(count: count), seed: seed)
        }
    }

    /// Made on a thread of its own: a large sample's making holds its thread for a while.
    public func entries() async throws -> [SourceEntry] {
        try await BlockingExecutor.run { [self] in madeEntries() }
    }

    private func madeEntries() -> [SourceEntry] {
        var contents: [SourceEntry.Content] = SampleGenerator(seed: seed).items(count: count).map { .item($0) }
        if contents.count >= 40 {
            // HN's lists carry these too; each is skipped and counted in the summary.
            contents.insert(.item(RawItem(id: 45_999_001, title: "[dead]", dead: true)), at: 6)
            contents.insert(.item(RawItem(id: 45_999_002, type: "job", title: "Sitegen (YC W26) is hiring")), at: 18)
            contents.insert(.item(RawItem(id: 45_999_003, deleted: true)), at: 32)
            contents.insert(.null, at: 39)
        }
        return contents.enumerated().map { SourceEntry(location: "sample entry \($0.offset + 1)", content: $0.element) }
    }
}
