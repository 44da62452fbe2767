import SitegenModel
import Testing

@testable import SitegenThreads

@Suite("ThreadPlanner")
struct ThreadPlannerTests {
    /// A tree from `(id, parent)` pairs in the order HN lists replies; `states` marks some.
    static func tree(_ pairs: [(Int, Int?)], states: [Int: SitegenModel.Comment.State] = [:]) -> CommentTree {
        var tree = CommentTree()
        for (id, parent) in pairs {
            tree.comments[id] = SitegenModel.Comment(id: id, by: "u\(id)", text: "text \(id)", state: states[id] ?? .live)
            if let parent { tree.comments[parent]!.kids.append(id) } else { tree.roots.append(id) }
        }
        return tree
    }

    @Test("reading order is depth first, in HN's order, with depths, parents and replies")
    func readingOrder() {
        let tree = Self.tree([(1, nil), (2, 1), (3, 2), (4, 1), (5, nil), (6, 5)])
        let plan = ThreadPlanner.plan(tree, descendants: 6, cap: 100)
        #expect(plan.rows.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(plan.rows.map(\.depth) == [0, 1, 2, 1, 0, 1])
        #expect(plan.rows.map(\.parent) == [nil, 0, 1, 0, nil, 4])
        #expect(plan.rows.map(\.replies) == [3, 1, 0, 0, 1, 0])
        #expect(plan.leftOut == 0 && !plan.capped)
        #expect(plan.ancestors(of: 2) == [0, 1])
    }

    @Test("a deleted or flagged comment keeps its place only above a shown reply")
    func placeholders() {
        let tree = Self.tree(
            [(1, nil), (2, 1), (3, nil), (4, nil), (5, 4), (6, 5)], states: [1: .deleted, 3: .flagged, 4: .deleted, 6: .flagged])
        let plan = ThreadPlanner.plan(tree, descendants: 2, cap: 100)
        // 1 stays (its reply 2 is live); 3 has none; 4 and its reply 5 stay (5 is live), 6 goes.
        #expect(plan.rows.map(\.id) == [1, 2, 4, 5])
        #expect(plan.leftOut == 0)
    }

    @Test("the cap keeps the first comments in reading order and counts the rest as left out")
    func cap() {
        let tree = Self.tree([(1, nil), (2, 1), (3, 2), (4, nil), (5, 4)])
        let plan = ThreadPlanner.plan(tree, descendants: 5, cap: 3)
        #expect(plan.rows.map(\.id) == [1, 2, 3])
        #expect(plan.capped)
        #expect(plan.leftOut == 2)
        #expect(plan.rows[0].replies == 2)
        // Without a count, what the cap cut is still said.
        #expect(ThreadPlanner.plan(tree, descendants: nil, cap: 3).leftOut == 2)
    }

    @Test("comments the story counts but the source did not read are left out")
    func unread() {
        var tree = Self.tree([(1, nil), (2, 1)])
        tree.comments[1]!.kids.append(99)  // named, never read
        let plan = ThreadPlanner.plan(tree, descendants: 4, cap: 100)
        #expect(plan.rows.map(\.id) == [1, 2])
        #expect(plan.leftOut == 2 && !plan.capped)
    }

    @Test("a comment named twice, or a loop, is placed once")
    func loops() {
        var tree = Self.tree([(1, nil), (2, 1), (3, 2)])
        tree.roots.append(2)
        tree.comments[3]!.kids = [1, 3]
        let plan = ThreadPlanner.plan(tree, descendants: nil, cap: 100)
        #expect(plan.rows.map(\.id) == [1, 2, 3])
    }

    @Test("a chain 200,000 deep is planned without the program's stack")
    func deepChain() {
        let pairs = (1...200_000).map { ($0, $0 == 1 ? nil : $0 - 1) }
        let plan = ThreadPlanner.plan(Self.tree(pairs), descendants: 200_000, cap: 1_000_000)
        #expect(plan.rows.count == 200_000)
        #expect(plan.rows.last?.depth == 199_999)
        #expect(plan.rows.first?.replies == 199_999)
    }

    @Test("pages: the story's page first, then even pages, covering every row once")
    func pages() {
        let pairs = (1...1000).map { ($0, Optional<Int>.none) }
        let plan = ThreadPlanner.plan(Self.tree(pairs), descendants: 1000, cap: 10_000, firstPageRows: 40, pageRows: 200)
        #expect(plan.pages == [0..<40, 40..<240, 240..<440, 440..<640, 640..<840, 840..<1000])
        #expect(plan.page(of: 0) == 0 && plan.page(of: 39) == 0 && plan.page(of: 40) == 1 && plan.page(of: 999) == 5)
        #expect(ThreadPlanner.plan(CommentTree(), descendants: 3, cap: 10).pages.isEmpty)
    }
}
