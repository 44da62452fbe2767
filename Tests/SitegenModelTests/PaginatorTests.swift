import Testing

@testable import SitegenModel

@Suite("Paginator")
struct PaginatorTests {
    @Test("no stories still give one empty page, so index.html exists")
    func emptyList() {
        #expect(Paginator.pages(total: 0, pageSize: 30) == [0..<0])
    }

    @Test("a list shorter than two pages is all on its front")
    func shortList() {
        #expect(Paginator.pages(total: 1, pageSize: 30) == [0..<1])
        #expect(Paginator.pages(total: 30, pageSize: 30) == [0..<30])
        #expect(Paginator.pages(total: 59, pageSize: 30) == [0..<59])
    }

    @Test("pages are numbered from the oldest; the front holds the newest n mod size + size")
    func fromTheOldest() {
        #expect(Paginator.pages(total: 60, pageSize: 30) == [30..<60, 0..<30])
        #expect(Paginator.pages(total: 100, pageSize: 30) == [70..<100, 40..<70, 0..<40])
        #expect(Paginator.pages(total: 4, pageSize: 1) == [3..<4, 2..<3, 1..<2, 0..<1])
    }

    @Test("stories on top leave every page but the front as it was", arguments: [1, 7, 30], [0, 1, 29, 61, 1000])
    func stableUnderNewStories(pageSize: Int, total: Int) {
        let before = Paginator.pages(total: total, pageSize: pageSize)
        for added in [1, pageSize, 3 * pageSize + 1] {
            let after = Paginator.pages(total: total + added, pageSize: pageSize)
            // Page N's rows, shifted down by the new ones, are the same rows of the list's end.
            for (number, rows) in before.enumerated().dropLast() {
                #expect(after[number] == (rows.lowerBound + added)..<(rows.upperBound + added), "page \(number + 1)")
            }
        }
    }

    @Test(
        "pages are contiguous, cover every row, are full but for the front, and number max(1, total/size)",
        arguments: [1, 2, 3, 7, 30, 50], [0, 1, 2, 29, 30, 31, 59, 60, 61, 1000])
    func pagesCoverRows(pageSize: Int, total: Int) {
        let pages = Paginator.pages(total: total, pageSize: pageSize)
        #expect(pages.count == max(1, total / pageSize))
        #expect(pages.count == Paginator.pageCount(total: total, pageSize: pageSize))
        #expect(pages.last?.lowerBound == 0)
        #expect(pages.first?.upperBound == total)
        for (a, b) in zip(pages, pages.dropFirst()) { #expect(b.upperBound == a.lowerBound) }
        for page in pages.dropLast() { #expect(page.count == pageSize) }
        if total >= pageSize { #expect((pageSize..<(2 * pageSize)).contains(pages.last!.count)) }
        // Every row's page (by Paginator.page(ofRow:)) is the one whose range holds it.
        for row in 0..<total {
            let number = Paginator.page(ofRow: row, total: total, pageSize: pageSize)
            #expect(pages[number - 1].contains(row))
        }
    }

    @Test("the front is the list's root; page N lives at page/N/")
    func pathOfPage() {
        #expect(Paginator.path(ofPage: 1, pageCount: 1) == "")
        #expect(Paginator.path(ofPage: 1, pageCount: 2) == "page/1/")
        #expect(Paginator.path(ofPage: 34, pageCount: 35) == "page/34/")
        #expect(Paginator.path(ofPage: 33_334, pageCount: 33_334) == "")
    }

    @Test("site paths put pages, items, shards and manifest parts under the base")
    func sitePaths() {
        let root = SitePaths(base: "/")
        #expect(root.page(1, of: 1) == "/")
        #expect(root.page(3, of: 4) == "/page/3/")
        #expect(root.item(42) == "/item/42/")
        let sub = SitePaths(base: "/sub")  // a missing trailing slash is added
        #expect(sub.base == "/sub/")
        #expect(sub.page(3, of: 3) == "/sub/")
        #expect(sub.page(2, of: 3) == "/sub/page/2/")
        #expect(sub.item(7) == "/sub/item/7/")
        #expect(SitePaths.listPageFile("", 6, of: 6) == "index.html")
        #expect(SitePaths.listPageFile("", 5, of: 6) == "page/5/index.html")
        #expect(SitePaths.itemFile(Story(id: 9, title: "t")) == "item/9/index.html")
        var placed = Story(id: 9, title: "t")
        placed.markdownExtras.itemPath = "blog/t/"
        #expect(SitePaths.itemFile(placed) == "blog/t/index.html")
        #expect(sub.item(placed) == "/sub/blog/t/")
        #expect(SitePaths.shardFile("abc") == "s/abc.json")
        #expect(SitePaths.manifestPartFile(build: "b", index: 3) == "m/b/3.json")
    }
}
