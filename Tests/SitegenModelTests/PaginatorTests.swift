import Testing

@testable import SitegenModel

@Suite("Paginator")
struct PaginatorTests {
    @Test("no stories still give one empty page, so index.html exists")
    func emptyList() {
        #expect(Paginator.pages(total: 0, pageSize: 30) == [0..<0])
    }

    @Test("one story gives one page holding it")
    func oneStory() {
        #expect(Paginator.pages(total: 1, pageSize: 30) == [0..<1])
    }

    @Test("exactly one page's worth gives one full page")
    func exactlyOnePage() {
        #expect(Paginator.pages(total: 30, pageSize: 30) == [0..<30])
    }

    @Test("one more than a page gives a second page with the one extra row")
    func oneMoreThanAPage() {
        let pages = Paginator.pages(total: 31, pageSize: 30)
        #expect(pages == [0..<30, 30..<31])
        #expect(pages.last?.count == 1)
    }

    @Test("page size 1 gives a page per story")
    func pageSizeOne() {
        #expect(Paginator.pages(total: 4, pageSize: 1) == [0..<1, 1..<2, 2..<3, 3..<4])
    }

    @Test(
        "pages are contiguous, cover every row, are full except the last, and number ceil(total/size)",
        arguments: [1, 2, 3, 7, 30, 50], [0, 1, 2, 29, 30, 31, 59, 60, 61, 1000])
    func pagesCoverRows(pageSize: Int, total: Int) {
        let pages = Paginator.pages(total: total, pageSize: pageSize)
        let expectedCount = total == 0 ? 1 : (total + pageSize - 1) / pageSize
        #expect(pages.count == expectedCount)
        #expect(pages.first?.lowerBound == 0)
        #expect(pages.last?.upperBound == total)
        for (a, b) in zip(pages, pages.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        for page in pages.dropLast() { #expect(page.count == pageSize) }
        if total > 0 { #expect((1...pageSize).contains(pages.last!.count)) }
        // Every row's page (by Paginator.page(ofRow:)) is the one whose range holds it.
        for row in 0..<total {
            let number = Paginator.page(ofRow: row, pageSize: pageSize)
            #expect(pages[number - 1].contains(row))
        }
    }

    @Test("page 1 is the site's root; page N lives at page/N/")
    func pathOfPage() {
        #expect(Paginator.path(ofPage: 1) == "")
        #expect(Paginator.path(ofPage: 2) == "page/2/")
        #expect(Paginator.path(ofPage: 34) == "page/34/")
        #expect(Paginator.path(ofPage: 33_334) == "page/33334/")
    }

    @Test("site paths put pages, items, shards and manifest parts under the base")
    func sitePaths() {
        let root = SitePaths(base: "/")
        #expect(root.page(1) == "/")
        #expect(root.page(3) == "/page/3/")
        #expect(root.item(42) == "/item/42/")
        let sub = SitePaths(base: "/sub")  // a missing trailing slash is added
        #expect(sub.base == "/sub/")
        #expect(sub.page(1) == "/sub/")
        #expect(sub.page(2) == "/sub/page/2/")
        #expect(sub.item(7) == "/sub/item/7/")
        #expect(SitePaths.pageFile(1) == "index.html")
        #expect(SitePaths.pageFile(5) == "page/5/index.html")
        #expect(SitePaths.itemFile(Story(id: 9, title: "t")) == "item/9/index.html")
        var placed = Story(id: 9, title: "t")
        placed.markdownExtras.itemPath = "blog/t/"
        #expect(SitePaths.itemFile(placed) == "blog/t/index.html")
        #expect(sub.item(placed) == "/sub/blog/t/")
        #expect(SitePaths.shardFile("abc") == "s/abc.json")
        #expect(SitePaths.manifestPartFile(build: "b", index: 3) == "m/b/3.json")
    }
}
