import SitegenModel
import SitegenSystem

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
    /// A symbolic link in a Markdown folder that leads out of it (or to a folder, or nowhere):
    /// not read, and named, since it is what a hostile folder would try.
    case notFollowed = "link not followed"
    /// Not faults: a Markdown folder's drafts and the files it does not read. The summary
    /// counts them apart from the skipped (`BuildReport`).
    case draft
    case ignored

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
        var entries = entries
        return stories(taking: &entries)
    }

    /// `stories(from:)`, moving each story's strings out of `entries` instead of copying them,
    /// and leaving `entries` empty. A build has no use for its entries after, and copying one
    /// touches every string it holds: at 100,000 stories, copying and releasing entries was a
    /// tenth of the build's time.
    package static func stories(taking entries: inout [SourceEntry]) -> (stories: [Story], skipped: [Skip]) {
        var seen = Set<Int>(minimumCapacity: entries.count)
        return stories(taking: &entries, seen: &seen)
    }

    /// `stories(taking:)` for one window of a source's entries (`EntryWindows`): `seen` holds
    /// the ids of the windows before, so a story whose id came earlier is a duplicate here too.
    package static func stories(
        taking entries: inout [SourceEntry], seen: inout Set<Int>
    ) -> (stories: [Story], skipped: [Skip]) {
        // Each entry is judged on its own, on both cores; only "seen before?" needs the order,
        // and it is the last question, so it is asked after, in rank order, of ids alone. The
        // stories are then made on both cores too.
        let verdicts: [Verdict] = entries.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            return Parallel.array(count: buffer.count) { judge(buffer.baseAddress! + $0) }
        }
        var kept: [Int] = []
        kept.reserveCapacity(entries.count)
        var skipped: [Skip] = []
        // (`seen` is a Set<Int>, not a set of our own: a hand-written one did not earn its
        // place, docs/internals/architecture.md, "What the fast paths buy".)
        seen.reserveCapacity(seen.count + entries.count)
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
        let stories: [Story] = entries.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            return Parallel.array(count: keep.count) { k in story(taking: (buffer.baseAddress! + keep[k]).pointer(to: \.content)!)
            }
        }
        // What is left (the entries' places, and the skipped entries) is released on one core:
        // the numbered places all hold one prefix string, which two cores would fight over.
        entries = []
        return (stories, skipped)
    }

    enum Verdict: Sendable {
        /// A story, unless an earlier one has its id.
        case keep(id: Int)
        case skip(Skip)
    }

    /// The verdict on the entry at `entry`, read where it lies: a copy would retain every string
    /// it holds, and release them again.
    private static func judge(_ entry: UnsafePointer<SourceEntry>) -> Verdict {
        func skip(_ reason: SkipReason, id: Int? = nil, detail: String? = nil) -> Verdict {
            .skip(Skip(reason: reason, location: entry.pointee.location, id: id, detail: detail))
        }
        switch entry.pointee.content {
        case .null: return skip(.null)
        case .unreadable(let why): return skip(.malformed, id: entry.pointee.id, detail: why)
        case .unfetched(let why): return skip(.unfetched, id: entry.pointee.id, detail: why)
        case .draft: return skip(.draft)
        case .ignored(let why): return skip(.ignored, detail: why)
        case .notFollowed(let why): return skip(.notFollowed, detail: why)
        case .item(let item): return judge(item, skip: skip)
        }
    }

    private static func judge(_ item: RawItem, skip: (SkipReason, Int?, String?) -> Verdict) -> Verdict {
        guard item.isObject else { return skip(.malformed, nil, "not a JSON object") }
        guard let id = item.id else { return skip(.noID, nil, nil) }
        if item.deleted == true { return skip(.deleted, id, nil) }
        if item.dead == true { return skip(.dead, id, nil) }
        // A source without `type` (a hand-written JSON file) means stories; HN's jobs and polls are not.
        if let type = item.type, type != "story" { return skip(.notAStory, id, type) }
        guard let title = item.title, hasText(title) else { return skip(.noTitle, id, nil) }
        return .keep(id: id)
    }

    /// Whether `title` holds more than whitespace. A printable ASCII byte settles it at once;
    /// only a title without one is looked at Character by Character (Unicode's whitespace).
    private static func hasText(_ title: String) -> Bool {
        title.utf8.contains { $0 > 0x20 && $0 < 0x7F } || title.contains { !$0.isWhitespace }
    }

    /// The most characters of a title kept (HN allows 80): a title is laid out in every list it
    /// is in, and a hostile one of a million characters without a space took Chromium minutes.
    static let maxTitleCharacters = 1_000

    /// `title`, cut to `maxTitleCharacters` with "…" when longer. (A byte count first: almost
    /// every title is far under it, and counting characters walks the whole string.)
    static func bounded(_ title: String) -> String {
        guard title.utf8.count > maxTitleCharacters, title.count > maxTitleCharacters else { return title }
        return String(title.prefix(maxTitleCharacters)) + "…"
    }

    /// The story of an entry `judge` kept, made of the strings of the entry's content, which is
    /// left `.null`. Taken field by field: building the story from a copy of the item retained
    /// every string, and releasing the item released them again.
    private static func story(taking content: UnsafeMutablePointer<SourceEntry.Content>) -> Story {
        guard case .item(var item) = content.move(), let id = item.id, let title = item.title.take() else {
            preconditionFailure("only entries judged stories become stories")
        }
        content.initialize(to: .null)
        var story = Story(
            id: id, title: bounded(title), url: item.url.take(), by: item.by.take(), time: item.time, score: item.score,
            descendants: item.descendants, text: item.text.take(), image: item.image.take(), markdown: item.markdown.take())
        story.markdownExtras = item.markdownExtras
        return story
    }

}
