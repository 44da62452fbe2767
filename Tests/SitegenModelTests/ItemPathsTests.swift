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
            var story = Story(id: id, title: "t", time: time, markdown: "Body.")
            story.markdownExtras.itemPath = path
            return story
        }
        // In list order, newest first, as a Markdown folder gives them.
        var stories = [story(1, 300, "blog/x"), story(2, 200, nil), story(3, 100, "blog/x"), story(4, nil, "blog/y")]
        let refused = ItemPaths.grant(&stories).refused
        #expect(stories.map(\.markdownExtras.itemPath) == [nil, nil, "blog/x/", "blog/y/"])
        #expect(refused.map(\.id) == [1] && refused.map(\.path) == ["blog/x"])
        #expect(refused.map(\.reason) == ["its place is taken by another page or file"])
    }

    @Test("names hosts read, segments past 240 bytes and paths past 900 are refused, each with its reason")
    func limits() {
        let granted = ItemPaths.resolve([
            (0, "_headers"), (1, "_redirects/x"), (2, String(repeating: "a", count: 241)),
            (3, String(repeating: "a", count: 240)),
            (4, String(repeating: "b/", count: 445)), (5, String(repeating: "c/", count: 446)),
        ])
        #expect(granted.keys.sorted() == [3, 4])
        var claims = OutputClaims()
        let why = ItemPaths.resolve(
            [(0, "_headers"), (1, String(repeating: "a", count: 241)), (2, String(repeating: "c/", count: 446)), (3, "a b")],
            files: [:], siteSlugs: [], claims: &claims
        ).why
        #expect(why[0] == "'_headers' is a name the site or its host uses")
        #expect(why[1] == "a segment longer than 240 bytes")
        #expect(why[2] == "longer than 900 bytes")
        #expect(why[3] == "not a plain path (letters, digits, - _ . ~)")
    }

    @Test("a page never lands on a bundle's file, nor a file on a page: the later one yields")
    func bundles() {
        func story(_ id: Int, _ time: Int, _ path: String, files: [String] = []) -> Story {
            var story = Story(id: id, title: "t", time: time, markdown: "Body.")
            story.markdownExtras.itemPath = path
            story.markdownExtras.files = files.map { StoryFile(source: "/src/\($0)", name: $0) }
            return story
        }
        var stories = [
            story(4, 400, "post/sub", files: ["x.png"]),  // newest: its folder is another's file
            story(3, 300, "post/d.svg"),  // onto the older bundle's file
            story(2, 200, "other", files: ["Sub", "ok.png", String(repeating: "n", count: 241)]),
            story(1, 100, "post", files: ["d.svg", "sub"]),  // oldest: its files come first
        ]
        let (refused, claims) = ItemPaths.grant(&stories)
        #expect(stories.map(\.markdownExtras.itemPath) == [nil, nil, "other/", "post/"])
        #expect(stories[2].markdownExtras.files.map(\.name) == ["Sub", "ok.png"])
        #expect(stories[0].markdownExtras.files.map(\.name) == ["x.png"])
        #expect(refused.map(\.id) == [3, 4, 2])
        #expect(refused[2].file == String(repeating: "n", count: 241) && refused[2].reason == "its path would be too long")
        // A redirect keeps clear of both.
        #expect(!claims.isFree(file: "post/d.svg/index.html") && !claims.isFree(file: "POST/index.html"))
        #expect(claims.isFree(file: "post/new/index.html"))
    }

    @Test("redirects never land on a page, a bundle file or a host's name")
    func redirects() {
        var post = Story(id: 1, title: "t", time: 100, markdown: "x")
        post.markdownExtras.itemPath = "post"
        post.markdownExtras.files = [StoryFile(source: "/s/d.svg", name: "d.svg")]
        post.markdownExtras.aliases = ["/post/d.svg/", "/_headers/", "/old/", "/post/", "/old/"]
        var stories = [post]
        let claims = ItemPaths.grant(&stories).claims
        let redirects = Redirects.plan(stories, withPages: [0], siteSlugs: [], claims: claims)
        #expect(redirects.map(\.path) == ["old/"])
    }

    @Test("an old URL ending .html gets a page of that name, not a folder; index.html, 404.html and odd names none")
    func htmlAliases() {
        var post = Story(id: 1, title: "t", time: 100, markdown: "x")
        post.markdownExtras.itemPath = "2019/hello"
        post.markdownExtras.aliases = [
            "/2019/03/18/Hello-World.html", "/old.htm", "/a/index.html", "/404.html", "/x/a b.html", "/_site/x.html",
            "/2019/03/18/Hello-World.html",
        ]
        var stories = [post]
        let claims = ItemPaths.grant(&stories).claims
        let redirects = Redirects.plan(stories, withPages: [0], siteSlugs: [], claims: claims)
        #expect(redirects.map(\.path) == ["2019/03/18/Hello-World.html", "old.htm"])
        #expect(redirects.map(\.file) == ["2019/03/18/Hello-World.html", "old.htm"])
        #expect(Redirects.Redirect(path: "old/", story: 0).file == "old/index.html")
    }

    @Test("claims: a file where a folder is, a folder where a file is, or the same name in other case, is not free")
    func claims() {
        var claims = OutputClaims()
        let first = claims.claim(file: "a/b/c.png")
        #expect(first)
        for taken in ["a/b/c.png", "A/B/C.PNG", "a/b", "a/b/c.png/index.html"] {
            let claimed = claims.claim(file: taken)
            #expect(!claimed, "\(taken)")
        }
        let others = claims.claim(file: "a/b/d.png") && claims.claim(file: "a/index.html")
        #expect(others)
    }

    @Test("a story without an item page takes no path: one with a page may have it")
    func withoutPages() {
        var link = Story(id: 1, title: "a link", time: 100)  // older, but no body
        link.markdownExtras.itemPath = "docs"
        var page = Story(id: 2, title: "a page", time: 200, markdown: "Body.")
        page.markdownExtras.itemPath = "docs"
        var stories = [page, link]
        #expect(ItemPaths.grant(&stories).refused.isEmpty)
        #expect(stories.map(\.markdownExtras.itemPath) == ["docs/", nil])
        var none = [page]
        #expect(ItemPaths.grant(&none, itemPages: false).refused.isEmpty && none[0].markdownExtras.itemPath == nil)
    }
}
