import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenSource

/// Terms as folders, and the lists they make: pure.
@Suite("taxonomies: term slugs and lists")
struct TaxonomyTests {
    @Test(
        "a term's slug keeps letters and digits of any script, lowercased, spells out + and #, and makes every other run one -",
        arguments: [
            ("Swift", "swift"), ("Swift on Linux", "swift-on-linux"), ("  --Web__Dev--  ", "web-dev"), ("C++", "c-plus-plus"),
            ("C#", "c-sharp"), ("C", "c"), ("Zürich", "zürich"), ("Zu\u{308}rich", "zu\u{308}rich"), ("日本語", "日本語"),
            ("ÉCOLE", "école"), ("ΛΌΓΟΣ", "λόγοσ"), ("λόγος", "λόγοσ"), ("Straße", "strasse"), ("v1.2", "v1-2"),
            ("node.js", "node-js"), ("a/b", "a-b"), ("../../etc", "etc"),
        ])
    func slug(term: String, slug: String) {
        #expect(TermSlug.of(term) == slug)
    }

    @Test("a term with no letter or digit, or too long for a file name, has no slug", arguments: ["", "!!!", " - ", "..", "/"])
    func noSlug(term: String) {
        #expect(TermSlug.of(term) == nil)
        #expect(TermSlug.of(String(repeating: "a", count: 201)) == nil)
    }

    @Test("every slug is a single plain folder name: no separator, no dot, no space, nothing a path could climb with")
    func slugsArePlain() {
        var random = SplitMix64(seed: 5)
        let alphabet = Array("aZ09 -_./\\+#%?&:é日\u{308}\t\n\"'<>")
        for _ in 0..<5000 {
            let term = String((0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            guard let slug = TermSlug.of(term) else { continue }
            #expect(!slug.isEmpty && !slug.hasPrefix("-") && !slug.hasSuffix("-") && !slug.contains("--"), "\(term) → \(slug)")
            #expect(!slug.contains { "/\\. \t\n%?#&:\"'<>".contains($0) }, "\(term) → \(slug)")
            #expect(slug == slug.lowercased())
        }
    }

    @Test("the byte-by-byte slug of an ASCII term is the one the general reading gives")
    func asciiFastPath() {
        var random = SplitMix64(seed: 6)
        let alphabet = Array("aZq09 -_.+#/!~\t".utf8)
        for _ in 0..<20000 {
            let term = String(
                decoding: (0..<Int(random.next() % 14)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] },
                as: UTF8.self)
            #expect(TermSlug.ascii(term) == TermSlug.unicode(term), "\(term)")
        }
    }

    static func story(_ id: Int, tags: [String] = [], categories: [String] = []) -> Story {
        var story = Story(id: id, title: "s\(id)")
        var terms: [Taxonomy: [String]] = [:]
        if !tags.isEmpty { terms[.tags] = tags }
        if !categories.isEmpty { terms[.categories] = categories }
        story.markdownExtras.terms = terms
        return story
    }

    @Test("each term lists its stories in the site's order, once each; spellings of one slug are one term, named as first seen")
    func lists() {
        let stories = [
            Self.story(1, tags: ["Swift", "web"]), Self.story(2), Self.story(3, tags: ["swift", "SWIFT"], categories: ["News"]),
            Self.story(4, tags: ["!!!", "Web"], categories: ["news", "Swift"]),
        ]
        let terms = TaxonomyPlanner.terms(stories)
        #expect(terms.map(\.folder) == ["categories/news/", "categories/swift/", "tags/swift/", "tags/web/"])
        #expect(terms.map(\.name) == ["News", "Swift", "Swift", "web"])
        #expect(terms.map(\.stories) == [[2, 3], [3], [0, 2], [0, 3]])
    }

    @Test("lists are the same whatever order terms are met in a story, and for any stories: every story of a term carries it")
    func listsProperty() {
        var random = SplitMix64(seed: 8)
        let words = ["a", "B", "b", "c d", "C-D", "é", "E\u{301}", "++"]
        for _ in 0..<200 {
            let stories = (0..<Int(random.next() % 30)).map { id in
                Self.story(
                    id, tags: (0..<Int(random.next() % 4)).map { _ in words[Int(random.next() % 8)] },
                    categories: (0..<Int(random.next() % 2)).map { _ in words[Int(random.next() % 8)] })
            }
            let terms = TaxonomyPlanner.terms(stories)
            #expect(Set(terms.map { "\($0.taxonomy)/\($0.slug)" }).count == terms.count, "no term twice")
            for term in terms {
                #expect(term.stories == term.stories.sorted() && Set(term.stories).count == term.stories.count)
                for i in term.stories {
                    #expect((stories[i].markdownExtras.terms[term.taxonomy] ?? []).contains { TermSlug.of($0) == term.slug })
                }
            }
            let memberships = stories.reduce(0) { sum, story in
                sum + story.markdownExtras.terms.reduce(0) { $0 + Set($1.value.compactMap(TermSlug.of)).count }
            }
            #expect(terms.reduce(0) { $0 + $1.stories.count } == memberships, "every story in each of its terms' lists")
        }
    }

    @Test("a term's list has shards and a manifest only when it runs past one page; the site's list always has them")
    func listShards() {
        let term = Term(taxonomy: .tags, name: "x", slug: "x", stories: [4, 7, 9])
        #expect(!StoryList(term: term).hasShards(pageSize: 3))
        // Three stories at two a page are one page (the front holds up to two pages' worth).
        #expect(!StoryList(term: term).hasShards(pageSize: 2))
        #expect(StoryList(term: term).hasShards(pageSize: 1))
        #expect(StoryList(all: 1).hasShards(pageSize: 30))
        #expect(StoryList(term: term).story(atRow: 1) == 7 && StoryList(all: 5).story(atRow: 1) == 1)
        #expect(StoryList(term: term).folder == "tags/x/" && StoryList(all: 5).folder == "")
    }

    @Test("links to a term percent-encode what is not plain ASCII; its file keeps the UTF-8 name")
    func termURLs() {
        let paths = SitePaths(base: "/news")
        #expect(paths.term(.tags, slug: "zürich") == "/news/tags/z%C3%BCrich/")
        #expect(paths.list("tags/zürich/", page: 2, of: 3) == "/news/tags/z%C3%BCrich/page/2/")
        #expect(paths.list("tags/zürich/", page: 3, of: 3) == "/news/tags/z%C3%BCrich/")
        #expect(paths.list("tags/zürich/") == "/news/tags/z%C3%BCrich/")
        #expect(SitePaths.listPageFile("tags/zürich/", 2, of: 3) == "tags/zürich/page/2/index.html")
        #expect(SitePaths.listPageFile("", 1, of: 1) == "index.html")
        #expect(SitePaths.listHeadFile("tags/zürich/") == "tags/zürich/head.json")
        #expect(paths.list("", page: 3, of: 5) == paths.page(3, of: 5))
    }

    @Test("the generation record carries the term lists' manifests, and reads an older record without them")
    func generationsWithLists() {
        let generation = Generation(build: "abc1", assets: ["assets/a.1.css"], lists: ["def2", "0123"])
        #expect(Generations.parse(Generations.text([generation])) == [generation])
        #expect(Generations.parse("abc1 assets/a.1.css\n") == [Generation(build: "abc1", assets: ["assets/a.1.css"])])
        #expect(Generations.parse("abc1 assets/a.1.css ../x\n").isEmpty)
        #expect(generation.builds == ["abc1", "def2", "0123"])
        // A previous generation with the same site list and other term lists stays, as an older
        // generation that counts toward keep; one whose lists the current has goes.
        let current = Generation(build: "abc1", assets: [], lists: ["0123"])
        let next = Generations.next(current: current, previous: [generation, Generation(build: "fe", assets: [])], keep: 3)
        #expect(next == [current, generation, Generation(build: "fe", assets: [])])
        #expect(Generations.next(current: current, previous: [generation], keep: 0) == [current])
        #expect(
            Generations.next(current: current, previous: [generation, Generation(build: "fe", assets: [])], keep: 1) == [
                current, generation,
            ])
        let same = Generation(build: "abc1", assets: ["assets/a.1.css"], lists: ["0123"])
        #expect(Generations.next(current: current, previous: [same], keep: 3) == [current], "nothing of it to keep")
    }
}
