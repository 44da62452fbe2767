import Testing

@testable import SitegenModel

/// A page is kept between builds while its story's fingerprint stays the same (`KeptPages`):
/// every stored property must change it, or an edit to that property would leave a page stale.
@Suite("Story fingerprints")
struct StoryFingerprintTests {
    static func print(_ story: Story) -> [UInt8] {
        var print = Fingerprint()
        story.fingerprint(into: &print)
        return print.bytes
    }

    static var base: Story {
        var story = Story(
            id: 7, title: "Rust 1.88.0", url: "https://example.com/a", by: "pg", time: 1_700_000_000, score: 5,
            descendants: 2, text: "<p>Hi</p>", image: ItemImage(url: "/a.png", width: 3, height: 4), markdown: "# Hi")
        story.markdownExtras.files = [StoryFile(source: "/src/a.png", name: "a.png")]
        story.markdownExtras.meta = ["tags": .list([.text("swift")]), "draft": .text("false"), "x": .null]
        story.markdownExtras.itemPath = "posts/hi/"
        story.markdownExtras.sourceFile = "posts/Hi.md"
        story.markdownExtras.templateLines = [3]
        story.markdownExtras.aliases = ["/old/"]
        story.markdownExtras.summary = .init(html: "<p>Hi</p>", line: "Hi")
        story.markdownExtras.utcOffset = 3_600
        story.markdownExtras.terms = [.tags: ["swift"], .categories: ["web"]]
        return story
    }

    /// One change to each stored property of `Story` (its `markdownExtras` below).
    static let storyChanges: [(String, @Sendable (inout Story) -> Void)] = [
        ("id", { $0.id = 8 }), ("title", { $0.title = "Rust 1.88.1" }), ("url", { $0.url = nil }),
        ("by", { $0.by = "dang" }), ("time", { $0.time = 1 }), ("score", { $0.score = 6 }),
        ("descendants", { $0.descendants = 3 }), ("text", { $0.text = "" }), ("image", { $0.image?.width = nil }),
        ("markdown", { $0.markdown = "# Hi!" }), ("markdownExtras", { $0.markdownExtras = MarkdownExtras() }),
        ("hasThread", { $0.hasThread = true }),
    ]

    /// One change to each field of `MarkdownExtras`.
    static let extrasChanges: [(String, @Sendable (inout MarkdownExtras) -> Void)] = [
        ("files", { $0.files[0].name = "b.png" }), ("meta", { $0.meta["tags"] = .list([.text("rust")]) }),
        ("itemPath", { $0.itemPath = nil }), ("sourceFile", { $0.sourceFile = "posts/hi.md" }),
        ("templateLines", { $0.templateLines = [4] }), ("aliases", { $0.aliases = [] }),
        ("summary", { $0.summary?.line = "Hi." }), ("utcOffset", { $0.utcOffset = 0 }),
        ("headingIDs", { $0.headingIDs = .zola }), ("terms", { $0.terms[.tags] = ["rust"] }),
    ]

    @Test("each stored property of a story and of its Markdown extras changes its fingerprint; none is left out")
    func everyPropertyCounts() {
        let base = Self.print(Self.base)
        for (name, change) in Self.storyChanges {
            var story = Self.base
            change(&story)
            #expect(Self.print(story) != base, "\(name)")
        }
        for (name, change) in Self.extrasChanges {
            var story = Self.base
            change(&story.markdownExtras)
            #expect(Self.print(story) != base, "markdownExtras.\(name)")
        }
        // A property added to either type and not to its fingerprint fails here.
        let stored = Mirror(reflecting: Self.base).children.compactMap(\.label)
        #expect(stored == Self.storyChanges.map(\.0))
        let box = Mirror(reflecting: Self.base.markdownExtras).children.first?.value
        let fields = box.flatMap { Mirror(reflecting: $0).children.first?.value }.flatMap {
            Mirror(reflecting: $0).children.first?.value
        }
        #expect(fields.map { Mirror(reflecting: $0).children.compactMap(\.label) } == Self.extrasChanges.map(\.0))
    }

    @Test("a fingerprint is the same for the same story, whatever order its dictionaries were filled in")
    func sameStorySamePrint() {
        var a = Self.base
        a.markdownExtras.meta = ["x": .null, "draft": .text("false"), "tags": .list([.text("swift")])]
        a.markdownExtras.terms = [.categories: ["web"], .tags: ["swift"]]
        #expect(Self.print(a) == Self.print(Self.base))
    }

    @Test("fields never run together: moving bytes from one field to the next, or nil to empty, is another print")
    func fieldsKeepTheirBounds() {
        var a = Story(id: 1, title: "ab", url: "c")
        var b = Story(id: 1, title: "a", url: "bc")
        #expect(Self.print(a) != Self.print(b))
        a.url = nil
        b = a
        b.url = ""
        #expect(Self.print(a) != Self.print(b))
        var place = DocumentPlace()
        place.pages = [.init(title: "a", href: "/b/")]
        var other = DocumentPlace()
        other.pages = [.init(title: "a/", href: "b/")]
        var (p, q) = (Fingerprint(), Fingerprint())
        place.fingerprint(into: &p)
        other.fingerprint(into: &q)
        #expect(p.bytes != q.bytes)
    }
}
