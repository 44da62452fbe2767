/// Every URL the site links to, under the base URL. Pure, so templates, pages, shards and the
/// manifest agree on one layout:
///
///     index.html            the list's front  page/N/index.html   page N, 1 the oldest
///     item/<id>/index.html  a story's text    s/<hash>.json        a shard
///     m/<build>/<k>.json    manifest part k   assets/<name>.<hash>.<ext>
///     <slug>/index.html     a site page (pages/<slug>.md)
///     <path>/index.html     a story's text at the path it asked for (`ItemPaths`)
///     tags/index.html       the index of a taxonomy's terms (tags/, categories/)
///     tags/<slug>/index.html   a term's list's front; tags/<slug>/page/N/index.html, page N
///     head.json, tags/<slug>/head.json   a list's length and manifest (`ListHead`)
///     t/<id>.txt            a document's text, for search's passages (`DocumentText`)
///     <item>comments/N/index.html   page N of a story's thread (page 1 is the item page)
///     c/<hash>.json         a thread's shard, or its manifest (`ThreadPlan`)
public struct SitePaths: Sendable, Equatable {
    /// Always ends in "/".
    public let base: String

    public init(base: String) {
        self.base = base.hasSuffix("/") ? base : base + "/"
    }

    /// Page N of the site's list of `pageCount` pages (`Paginator`).
    public func page(_ number: Int, of pageCount: Int) -> String {
        base + Paginator.path(ofPage: number, pageCount: pageCount)
    }
    public func item(_ id: Int) -> String { base + "item/\(id)/" }
    /// A story's item page: its own path when it has one (`ItemPaths`), else `item/<id>/`.
    public func item(_ story: Story) -> String { base + Self.itemFolder(story) }
    public func sitePage(_ slug: String) -> String { base + slug + "/" }
    /// Page N of the list in `folder` ("" for the site's list, `tags/swift/` for a term's), of
    /// `pageCount` pages.
    public func list(_ folder: String, page number: Int, of pageCount: Int) -> String {
        base + Self.urlPath(folder) + Paginator.path(ofPage: number, pageCount: pageCount)
    }
    /// The list's front page: the folder itself.
    public func list(_ folder: String) -> String { base + Self.urlPath(folder) }
    public func term(_ taxonomy: Taxonomy, slug: String) -> String { base + Self.urlPath(taxonomy.folder + slug + "/") }
    public func taxonomy(_ taxonomy: Taxonomy) -> String { base + taxonomy.folder }

    /// Paths of files relative to the output folder.
    public static func listPageFile(_ folder: String, _ number: Int, of pageCount: Int) -> String {
        folder + Paginator.path(ofPage: number, pageCount: pageCount) + "index.html"
    }
    /// The list's head (`ListHead`): its length and manifest now, read by pages that do not
    /// name them (every page but the front).
    public static func listHeadFile(_ folder: String) -> String { folder + "head.json" }
    public static func taxonomyFile(_ taxonomy: Taxonomy) -> String { taxonomy.folder + "index.html" }
    public static func itemFile(_ story: Story) -> String { itemFolder(story) + "index.html" }
    /// The item page's folder, where the files of its page bundle go.
    public static func itemFolder(_ story: Story) -> String { story.markdownExtras.itemPath ?? "item/\(story.id)/" }
    public static func sitePageFile(_ slug: String) -> String { "\(slug)/index.html" }
    public static func shardFile(_ name: String) -> String { "s/\(name).json" }
    /// Page `number` of a story's thread: the item page itself for 1, then `comments/N/`.
    public func threadPage(_ story: Story, page number: Int) -> String {
        number <= 1 ? item(story) : item(story) + "comments/\(number)/"
    }
    public static func threadPageFile(_ story: Story, page number: Int) -> String {
        number <= 1 ? itemFile(story) : itemFolder(story) + "comments/\(number)/index.html"
    }
    /// A thread's shard or manifest, named by its content.
    public static func threadFile(_ name: String) -> String { "c/\(name).json" }
    /// A file of the search index (docs/internals/format.md, "Search"), named by its content.
    public static func searchFile(_ name: String) -> String { "x/\(name).json" }
    /// The list of every file of the search index whose root is `name`: what keeping a
    /// generation carries.
    public static func searchListing(_ name: String) -> String { "x/\(name).txt" }
    /// The listing of the index whose root is at `root` (`x/<name>.json`).
    public static func searchListing(ofRoot root: String) -> String { String(root.dropLast(".json".count)) + ".txt" }
    public static let searchPageFile = "search/index.html"
    /// A document's text, which the search page reads for the passage a row shows: by the
    /// story's id, which the row's record carries.
    public static func textFile(_ id: Int) -> String { "t/\(id).txt" }
    /// The folders whose files are named by their content: assets, row shards, the search
    /// index, threads' shards. A file there never changes under its name (cached forever,
    /// uploaded first).
    public static let contentNamedFolders = ["assets/", "s/", "x/", "c/"]
    public static func isContentNamed(_ path: String) -> Bool { contentNamedFolders.contains { path.hasPrefix($0) } }
    /// The search page (`/search/?q=words`).
    public var search: String { base + "search/" }
    public static func manifestPartFile(build: String, index: Int) -> String { "m/\(build)/\(index).json" }
    /// `path` with every byte a URL path may not hold as it is percent-encoded (a term's
    /// `zürich` → `z%C3%BCrich`): the file keeps the UTF-8 name, which servers find by decoding.
    public static func urlPath(_ path: String) -> String {
        guard !path.utf8.allSatisfy(isPathByte) else { return path }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            if isPathByte(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters and `/`.
    private static func isPathByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
            || b == 0x5F || b == 0x7E || b == 0x2F
    }

    public static func assetFile(_ stem: String, hash: String, ext: String) -> String { "assets/\(stem).\(hash).\(ext)" }
}
