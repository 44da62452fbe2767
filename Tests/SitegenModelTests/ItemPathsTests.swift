import Testing

@testable import SitegenModel

@Suite("item page paths a story asks for")
struct ItemPathsTests {
    @Test("plain paths are folders under the site; anything else is not a path")
    func normalized() {
        #expect(ItemPaths.normalized("/blog/my-post/") == "blog/my-post/")
        #expect(ItemPaths.normalized("blog/My_Post.v2") == "blog/My_Post.v2/")
        #expect(ItemPaths.normalized("//a//b") == "a/b/")
        for bad in [
            "", "/", "../up", "a/./b", "a b", "a?b", "é", "a/%20", "/:title/", "/about.html", "sitemap-2.xml", "/.well-known/x",
            "a/.git",
        ] {
            #expect(ItemPaths.normalized(bad) == nil, "\(bad)")
        }
    }

    @Test("first come, first served; the site's own names and site pages are refused; pages nest, as sections do")
    func resolve() {
        let granted = ItemPaths.resolve(
            [
                (0, "blog/a"), (1, "blog/a/"), (2, "item/5"), (3, "about"), (4, "blog"), (5, "blog/a/b"), (6, "docs/x"),
                (7, "s"), (8, "feed.xml"), (9, "blog/b"),
            ],
            siteSlugs: ["about"])
        #expect(granted == [0: "blog/a/", 4: "blog/", 5: "blog/a/b/", 6: "docs/x/", 9: "blog/b/"])
        // Case-insensitive disks would merge these: compared without case.
        #expect(
            ItemPaths.resolve([(0, "Blog/x"), (1, "blog/X"), (2, "Page/2"), (3, "About/me")], siteSlugs: ["about"]) == [
                0: "Blog/x/"
            ])
    }

    @Test("grant: older stories first, so a newer one asking for a taken path keeps item/<id>/")
    func grant() {
        func story(_ id: Int, _ time: Int?, _ path: String?) -> Story {
            var story = Story(id: id, title: "t", time: time)
            story.markdownExtras.itemPath = path
            return story
        }
        // In list order, newest first, as a Markdown folder gives them.
        var stories = [story(1, 300, "blog/x"), story(2, 200, nil), story(3, 100, "blog/x"), story(4, nil, "blog/y")]
        let refused = ItemPaths.grant(&stories)
        #expect(stories.map(\.markdownExtras.itemPath) == [nil, nil, "blog/x/", "blog/y/"])
        #expect(refused.map(\.id) == [1] && refused.map(\.path) == ["blog/x"])
    }
}
