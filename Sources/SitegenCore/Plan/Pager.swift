/// Which page numbers a pager shows: the first, the last, and two on each side of the current
/// one, with gaps between. Bounded, so page 1 of a 33,000-page site stays small. Pure.
public enum Pager {
    public enum Slot: Equatable, Sendable {
        case page(Int)
        case gap
    }

    public static func slots(current: Int, count: Int, radius: Int = 2) -> [Slot] {
        guard count > 1 else { return [] }
        var numbers = Set([1, count])
        for n in (current - radius)...(current + radius) where n >= 1 && n <= count { numbers.insert(n) }
        var slots: [Slot] = []
        var previous = 0
        for n in numbers.sorted() {
            if n > previous + 1 { slots.append(.gap) }
            slots.append(.page(n))
            previous = n
        }
        return slots
    }
}
