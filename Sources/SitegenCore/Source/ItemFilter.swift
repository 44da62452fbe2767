/// Why an entry did not become a row.
public enum SkipReason: String, Sendable, CaseIterable, Comparable {
    case null
    case malformed
    case unfetched = "not fetched"
    case noID = "no id"
    case deleted
    case dead
    case notAStory = "not a story"
    case noTitle = "no title"
    case duplicate = "duplicate id"

    public static func < (a: SkipReason, b: SkipReason) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

public struct Skip: Sendable, Equatable {
    public var reason: SkipReason
    public var location: String
    public var id: Int?
    /// Extra words for malformed entries (the parser's message).
    public var detail: String?
}

/// The one place that decides which entries become stories. Pure.
public enum ItemFilter {
    public static func stories(from entries: [SourceEntry]) -> (stories: [Story], skipped: [Skip]) {
        // Each entry is judged on its own, on both cores; only "seen before?" needs the order,
        // and it is the last question, so it is asked after, in rank order, of ids alone. The
        // stories are then made on both cores too: a pass on one core that copies every story
        // touches every string of every story, and at 100,000 stories that was a tenth of a
        // build.
        let verdicts = Parallel.map(entries, judge)
        var kept: [Int] = []
        kept.reserveCapacity(entries.count)
        var skipped: [Skip] = []
        var seen = Set<Int>(minimumCapacity: entries.count)
        for (index, verdict) in verdicts.enumerated() {
            switch verdict {
            case .keep(let id) where seen.insert(id).inserted:
                kept.append(index)
            case .keep(let id):
                skipped.append(Skip(reason: .duplicate, location: entries[index].location, id: id))
            case .skip(let skip):
                skipped.append(skip)
            }
        }
        let keep = kept
        let stories = Parallel.array(count: keep.count) { story(from: entries[keep[$0]]) }
        return (stories, skipped)
    }

    enum Verdict: Sendable {
        /// A story, unless an earlier one has its id.
        case keep(id: Int)
        case skip(Skip)
    }

    @Sendable private static func judge(_ entry: SourceEntry) -> Verdict {
        func skip(_ reason: SkipReason, id: Int? = nil, detail: String? = nil) -> Verdict {
            .skip(Skip(reason: reason, location: entry.location, id: id, detail: detail))
        }
        let item: RawItem
        switch entry.content {
        case .null: return skip(.null)
        case .unreadable(let why): return skip(.malformed, id: entry.id, detail: why)
        case .unfetched(let why): return skip(.unfetched, id: entry.id, detail: why)
        case .item(let raw): item = raw
        }
        guard item.isObject else { return skip(.malformed, detail: "not a JSON object") }
        guard let id = item.id else { return skip(.noID) }
        if item.deleted == true { return skip(.deleted, id: id) }
        if item.dead == true { return skip(.dead, id: id) }
        // A source without `type` (a hand-written JSON file) means stories; HN's jobs and polls are not.
        if let type = item.type, type != "story" { return skip(.notAStory, id: id, detail: type) }
        guard let title = item.title, hasText(title) else {
            return skip(.noTitle, id: id)
        }
        return .keep(id: id)
    }

    /// Whether `title` holds more than whitespace. A printable ASCII byte settles it at once;
    /// only a title without one is looked at Character by Character (Unicode's whitespace).
    private static func hasText(_ title: String) -> Bool {
        title.utf8.contains { $0 > 0x20 && $0 < 0x7F } || title.contains { !$0.isWhitespace }
    }

    /// The story of an entry `judge` kept.
    private static func story(from entry: SourceEntry) -> Story {
        guard case .item(let item) = entry.content, let id = item.id, let title = item.title else {
            preconditionFailure("only entries judged stories become stories")
        }
        return Story(
            id: id, title: title, url: item.url, by: item.by, time: item.time, score: item.score,
            descendants: item.descendants, text: item.text, image: item.image, markdown: item.markdown)
    }

}
