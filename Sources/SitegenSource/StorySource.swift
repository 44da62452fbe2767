import Foundation

/// Where stories come from. A source only reads: it returns every entry in rank order, good or
/// bad, and leaves judging them to `ItemFilter`, so all sources skip the same things the same way.
/// Sources that fetch over the network (Hacker News API, paged JSON APIs) conform too, which is
/// why `entries()` is async.
public protocol StorySource: Sendable {
    /// What the summary calls this source ("stories.jsonl", "the embedded sample").
    var name: String { get }
    /// Throws `SourceError` when the source as a whole is unusable; item-level faults become
    /// `.null` or `.unreadable` entries instead.
    func entries() async throws -> [SourceEntry]
    /// What the source holds, in a few bytes, when the source can tell without reading every
    /// entry (a file's identity and time, the archive's count of changes): a build whose stamp
    /// and settings are the last build's leaves the output as it is, in milliseconds. nil when it
    /// cannot tell: the build always runs. A source may do its fetching here; `entries()` after
    /// it does not repeat it.
    func stamp() async throws -> String?
    /// The entries a window at a time (`EntryWindows`), for a source too big to hold whole (a
    /// JSON Lines export, the archive); nil when the source is read whole, with `entries()`.
    /// The windows, in order, are the entries `entries()` returns.
    func windows() async throws -> (any EntryWindows)?
    /// Where the stories' comments are read (`ThreadReader`); nil for a source without
    /// comments (a JSON file, a Markdown folder).
    func threads() async throws -> (any ThreadReader)?
    /// This source, keeping what it may between builds in `folder` (a Markdown folder keeps its
    /// files' parses: `KeptParses`). Most sources keep nothing: themselves.
    func keeping(in folder: KeptFolder) -> any StorySource
}

/// Where a build lets its source keep things between builds: beside the output, each kind in
/// a file of its own (`file("parses")`). `reuse`: whether this build may take what the last
/// one kept: a build into an output that is there does; a first build reads everything, so a
/// fresh build is always one.
public struct KeptFolder: Sendable {
    public let reuse: Bool
    private let path: @Sendable (String) -> String

    public init(reuse: Bool, path: @escaping @Sendable (String) -> String) {
        self.reuse = reuse
        self.path = path
    }

    /// The file for what is kept of `kind`.
    public func file(_ kind: String) -> String { path(kind) }
}

extension StorySource {
    public func keeping(in folder: KeptFolder) -> any StorySource { self }
    public func stamp() async throws -> String? { nil }
    public func windows() async throws -> (any EntryWindows)? { nil }
    public func threads() async throws -> (any ThreadReader)? { nil }
}

/// A source's entries a window at a time, in rank order, so that a build holds a window's
/// stories rather than the list's. `next()` blocks (a file's read, the store's query): the
/// build calls it on its own thread, never on Swift's cooperative pool.
public protocol EntryWindows: AnyObject, Sendable {
    /// The next window of entries, nil after the last.
    func next() throws -> [SourceEntry]?
}

/// Entries already read whole, as one window.
public final class WholeEntries: EntryWindows, @unchecked Sendable {
    // Taken once, by the one thread that reads the windows.
    private var entries: [SourceEntry]?

    public init(_ entries: consuming [SourceEntry]) { self.entries = entries }

    public func next() throws -> [SourceEntry]? { entries.take() }
}
