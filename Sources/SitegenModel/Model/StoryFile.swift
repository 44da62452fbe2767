/// A file that goes with a story's item page: a Hugo page bundle's picture or attachment,
/// copied beside the page so the body's relative links (`![](diagram.png)`) find it.
public struct StoryFile: Sendable, Equatable {
    /// Where it is read from.
    public var source: String
    /// Its path under the item page's folder (`diagram.png`, `images/a.png`).
    public var name: String

    public init(source: String, name: String) {
        self.source = source
        self.name = name
    }
}
