import Testing

@testable import SitegenModel

@Suite("Pager")
struct PagerTests {
    typealias Slot = Pager.Slot

    /// Shorthand: numbers are pages, nil is a gap.
    func slots(_ numbers: Int?...) -> [Slot] { numbers.map { $0.map(Slot.page) ?? .gap } }

    @Test("every page of up to 40 pages, radius 0 to 3: each number once, ascending, gaps where numbers are skipped")
    func allSmallSites() {
        for count in 0...40 {
            for current in 0...(count + 1) {
                for radius in 0...3 {
                    // The rule, written the slow, obvious way.
                    let shown = Set([1, count] + ((current - radius)...(current + radius)).map { $0 }).filter {
                        (1...max(1, count)).contains($0)
                    }
                    var expected: [Slot] = []
                    var previous = 0
                    for n in shown.sorted() {
                        if n > previous + 1 { expected.append(.gap) }
                        expected.append(.page(n))
                        previous = n
                    }
                    #expect(
                        Pager.slots(current: current, count: count, radius: radius) == (count > 1 ? expected : []),
                        "page \(current) of \(count), radius \(radius)")
                }
            }
        }
    }

    @Test("a single page (or none) shows no pager")
    func singlePage() {
        #expect(Pager.slots(current: 1, count: 1).isEmpty)
        #expect(Pager.slots(current: 1, count: 0).isEmpty)
    }

    @Test("few pages are all shown, without gaps")
    func fewPages() {
        #expect(Pager.slots(current: 1, count: 2) == slots(1, 2))
        #expect(Pager.slots(current: 3, count: 5) == slots(1, 2, 3, 4, 5))
        #expect(Pager.slots(current: 4, count: 7) == slots(1, 2, 3, 4, 5, 6, 7))
    }

    @Test("first page: itself and two after, a gap, the last")
    func firstOfMany() {
        #expect(Pager.slots(current: 1, count: 100) == slots(1, 2, 3, nil, 100))
    }

    @Test("middle page: first, gap, current ±2, gap, last")
    func middleOfMany() {
        #expect(Pager.slots(current: 50, count: 100) == slots(1, nil, 48, 49, 50, 51, 52, nil, 100))
    }

    @Test("last page: first, gap, two before and itself")
    func lastOfMany() {
        #expect(Pager.slots(current: 100, count: 100) == slots(1, nil, 98, 99, 100))
    }

    @Test("no gap where the window touches the first or last page")
    func windowTouchesEnds() {
        #expect(Pager.slots(current: 3, count: 100) == slots(1, 2, 3, 4, 5, nil, 100))
        #expect(Pager.slots(current: 4, count: 100) == slots(1, 2, 3, 4, 5, 6, nil, 100))
        #expect(Pager.slots(current: 97, count: 100) == slots(1, nil, 95, 96, 97, 98, 99, 100))
    }

    @Test("a huge page count keeps the pager small")
    func hugeCount() {
        #expect(Pager.slots(current: 1, count: 33_334) == slots(1, 2, 3, nil, 33_334))
        #expect(
            Pager.slots(current: 16_000, count: 33_334)
                == slots(1, nil, 15_998, 15_999, 16_000, 16_001, 16_002, nil, 33_334))
        #expect(Pager.slots(current: 33_334, count: 33_334) == slots(1, nil, 33_332, 33_333, 33_334))
    }

    @Test("for every current page: increasing pages, gaps exactly at jumps, first/last/current±2 present, ≤ 9 slots")
    func invariants() {
        for count in 2...40 {
            for current in 1...count {
                let result = Pager.slots(current: current, count: count)
                let pages = result.compactMap { slot -> Int? in if case .page(let n) = slot { n } else { nil } }
                #expect(pages == pages.sorted() && Set(pages).count == pages.count, "\(current)/\(count)")
                var expected: Set<Int> = [1, count]
                for n in (current - 2)...(current + 2) where (1...count).contains(n) { expected.insert(n) }
                #expect(Set(pages) == expected, "\(current)/\(count)")
                #expect(result.first == .page(1) && result.last == .page(count), "\(current)/\(count)")
                // A gap sits between two pages exactly when they are not neighbours.
                for (i, slot) in result.enumerated() where slot == .gap {
                    guard i > 0, i + 1 < result.count,
                        case .page(let before) = result[i - 1], case .page(let after) = result[i + 1]
                    else {
                        Issue.record("gap not between two pages: \(result)")
                        continue
                    }
                    #expect(after > before + 1)
                }
                for (a, b) in zip(result, result.dropFirst()) {
                    if case .page(let x) = a, case .page(let y) = b { #expect(y == x + 1, "\(result)") }
                }
                #expect(result.count <= 9)
            }
        }
    }
}
