/// Every URL the site links to, under the base URL. Pure, so templates, pages, shards and the
/// manifest agree on one layout:
///
///     index.html            page 1            page/N/index.html   page N
///     item/<id>/index.html  a story's text    s/<hash>.json        a shard
///     m/<build>/<k>.json    manifest part k   assets/<name>.<hash>.<ext>
///     <slug>/index.html     a site page (pages/<slug>.md)
///     <path>/index.html     a story's text at the path it asked for (`ItemPaths`)
public struct SitePaths: Sendable, Equatable {
    /// Always ends in "/".
    public let base: String

    public init(base: String) {
        self.base = base.hasSuffix("/") ? base : base + "/"
    }

    public func page(_ number: Int) -> String { base + Paginator.path(ofPage: number) }
    public func item(_ id: Int) -> String { base + "item/\(id)/" }
    /// A story's item page: its own path when it has one (`ItemPaths`), else `item/<id>/`.
    public func item(_ story: Story) -> String { base + Self.itemFolder(story) }
    public func sitePage(_ slug: String) -> String { base + slug + "/" }

    /// Paths of files relative to the output folder.
    public static func pageFile(_ number: Int) -> String { Paginator.path(ofPage: number) + "index.html" }
    public static func itemFile(_ story: Story) -> String { itemFolder(story) + "index.html" }
    /// The item page's folder, where the files of its page bundle go.
    public static func itemFolder(_ story: Story) -> String { story.markdownExtras.itemPath ?? "item/\(story.id)/" }
    public static func sitePageFile(_ slug: String) -> String { "\(slug)/index.html" }
    public static func shardFile(_ name: String) -> String { "s/\(name).json" }
    public static func manifestPartFile(build: String, index: Int) -> String { "m/\(build)/\(index).json" }
    public static func assetFile(_ stem: String, hash: String, ext: String) -> String { "assets/\(stem).\(hash).\(ext)" }
}
