import Foundation
import SitegenModel
import SitegenSource
import SitegenTestSupport
import Testing

@testable import SitegenMarkdown

/// A file's parse kept between builds (`KeptParses`) must come back as the very story parsing
/// the file makes, and only for the very bytes it was parsed from.
@Suite("Kept parses")
struct KeptParsesTests {
    /// A post with every field a parse can fill, and more: a full item, as the kept file must
    /// carry it.
    static var story: MarkdownStory {
        let text = """
            ---
            title: "Rust 1.88.0: 한국어 and 中文"
            date: 2024-03-05T10:00:00+01:00
            tags: [rust, 검색]
            categories: [releases]
            aliases: [/old/rust/]
            summary: A *short* summary.
            extra: {nested: [1, {deep: true}], empty: ~}
            ---
            # Section of its own

            ```swift
            let doubled = [1, 2, 3].map { $0 * 2 }
            ```
            """
        let matter = try! FrontMatter.parse(text)
        var story = MarkdownStory(file: "posts/Rust-1.88.md", matter: matter, committed: 1_700_000_000)
        story.item.markdownExtras.files = [StoryFile(source: "/site/posts/a.png", name: "a.png")]
        story.item.markdownExtras.templateLines = [4]
        story.item.markdownExtras.headingIDs = .kramdown
        story.item.image = ItemImage(url: "/a.png", width: 3, height: 4)
        story.item.parent = 9
        story.item.kids = [1, 2]
        story.item.dead = false
        story.item.deleted = true
        story.item.descendants = 3
        story.item.text = "<p>text</p>"
        return story
    }

    /// Writes `parses`, reads them back.
    static func roundTrip(_ parses: [KeptParses.Parse], in folder: TemporaryFolder, stamp: String = "s") -> KeptParses {
        KeptParses.write(parses, stamp: stamp, to: folder.path("kept"))
        return KeptParses.read(folder.path("kept"), stamp: stamp)
    }

    @Test("a story comes back whole, every field, its body from the file's bytes; a property left out fails here")
    func everyField() throws {
        try withTemporaryFolder { folder in
            let story = Self.story
            let bytes = Array(("---\ntitle: x\n---\n" + story.item.markdown!).utf8)
            let hash = KeptParses.hash(bytes)
            let parse = KeptParses.parse(of: story, bytes: bytes, hash: hash, committed: 5)
            #expect(parse.body == .from(bytes.count - story.item.markdown!.utf8.count))
            let kept = Self.roundTrip([parse], in: folder)
            let back = try #require(kept.story(of: "posts/Rust-1.88.md", bytes: bytes, hash: hash, committed: 5)?.0)
            #expect(back.item == story.item)
            #expect(back.orderKey == story.orderKey && back.isDraft == story.isDraft && back.isUnwritten == story.isUnwritten)
            // Kept again as read (its bytes copied, not encoded again): the same story once more.
            let again = try #require(kept.story(of: "posts/Rust-1.88.md", bytes: bytes, hash: hash, committed: 5)?.1)
            #expect(again.encoded != nil)
            let twice = Self.roundTrip([again], in: folder)
            #expect(twice.story(of: "posts/Rust-1.88.md", bytes: bytes, hash: hash, committed: 5)?.0.item == story.item)
            // Each stored property of the item (and of the story) is one the encoding writes.
            #expect(
                Mirror(reflecting: story.item).children.compactMap(\.label) == [
                    "id", "type", "by", "time", "title", "url", "text", "score", "descendants", "dead", "deleted", "image",
                    "parent", "kids", "isObject", "markdown", "markdownExtras",
                ])
            #expect(Mirror(reflecting: story).children.compactMap(\.label) == ["item", "orderKey", "isDraft", "isUnwritten"])
            #expect(Mirror(reflecting: story.orderKey).children.compactMap(\.label) == ["weight", "time", "file", "broken"])
        }
    }

    @Test("only for the same bytes, first commit and stamp; a body rewritten is kept whole, none is none")
    func onlyTheSame() throws {
        try withTemporaryFolder { folder in
            var story = Self.story
            let bytes = Array("A body.\n".utf8)
            story.item.markdown = "A body, rewritten.\n"
            let hash = KeptParses.hash(bytes)
            let parse = KeptParses.parse(of: story, bytes: bytes, hash: hash, committed: nil)
            #expect(parse.body == .text("A body, rewritten.\n"))
            var bodiless = Self.story
            bodiless.item.markdown = nil
            bodiless.item.markdownExtras.sourceFile = "b.md"
            let other = KeptParses.Parse(
                hash: hash, committed: nil,
                story: MarkdownStory(
                    item: bodiless.item, orderKey: OrderKey(weight: 1, time: nil, file: "b.md"), isDraft: true, isUnwritten: false
                ),
                body: .none)
            let kept = Self.roundTrip([parse, other], in: folder)
            #expect(
                kept.story(of: "posts/Rust-1.88.md", bytes: bytes, hash: hash, committed: nil)?.0.item.markdown
                    == "A body, rewritten.\n")
            #expect(kept.story(of: "b.md", bytes: bytes, hash: hash, committed: nil)?.0.item.markdown == nil)
            #expect(kept.story(of: "b.md", bytes: bytes, hash: hash, committed: nil)?.0.isDraft == true)
            var changed = bytes
            changed[0] = UInt8(ascii: "a")
            #expect(kept.story(of: "posts/Rust-1.88.md", bytes: changed, hash: KeptParses.hash(changed), committed: nil) == nil)
            #expect(kept.story(of: "posts/Rust-1.88.md", bytes: bytes, hash: hash, committed: 1) == nil)
            #expect(kept.story(of: "posts/other.md", bytes: bytes, hash: hash, committed: nil) == nil)
            KeptParses.write([parse], stamp: "one", to: folder.path("kept"))
            #expect(
                KeptParses.read(folder.path("kept"), stamp: "two").story(
                    of: "posts/Rust-1.88.md", bytes: bytes, hash: hash, committed: nil) == nil)
        }
    }

    @Test("a kept file cut anywhere, or with its bytes flipped, is no parses: never a crash, never a wrong story")
    func damaged() throws {
        try withTemporaryFolder { folder in
            let story = Self.story
            let bytes = Array(story.item.markdown!.utf8)
            let hash = KeptParses.hash(bytes)
            KeptParses.write(
                [KeptParses.parse(of: story, bytes: bytes, hash: hash, committed: nil)], stamp: "s", to: folder.path("kept"))
            let whole = try readBytes(folder.path("kept"))
            for cut in 0..<whole.count {
                try whole.prefix(cut).write(to: URL(fileURLWithPath: folder.path("cut")))
                #expect(
                    KeptParses.read(folder.path("cut"), stamp: "s").story(
                        of: "posts/Rust-1.88.md", bytes: bytes, hash: hash, committed: nil) == nil, "cut at \(cut)")
            }
            var rng = SplitMix64(seed: 57)
            for _ in 0..<200 {
                var flipped = [UInt8](whole)
                flipped[Int(rng.next() % UInt64(whole.count))] ^= UInt8(1 << (rng.next() % 8))
                try Data(flipped).write(to: URL(fileURLWithPath: folder.path("flipped")))
                #expect(
                    KeptParses.read(folder.path("flipped"), stamp: "s").story(
                        of: "posts/Rust-1.88.md", bytes: bytes, hash: hash, committed: nil) == nil)
            }
        }
    }
}
