/// Which page numbers a pager shows: the first, the last, and two on each side of the current
/// one, with gaps between. Bounded, so page 1 of a 33,000-page site stays small. Pure.
public enum Pager {
    public enum Slot: Equatable, Sendable {
        case page(Int)
        case gap
    }

    public static func slots(current: Int, count: Int, radius: Int = 2) -> [Slot] {
        guard count > 1 else { return [] }
        // The numbers in ascending order already (1, the window, the last), so each is kept
        // when it is past the one before: no Set to hash them into and sort back out, which
        // every list page did.
        var slots: [Slot] = []
        slots.reserveCapacity(2 * radius + 5)
        var previous = 0
        func add(_ n: Int) {
            guard n > previous, n >= 1, n <= count else { return }
            if n > previous + 1 { slots.append(.gap) }
            slots.append(.page(n))
            previous = n
        }
        add(1)
        for n in (current - radius)...(current + radius) { add(n) }
        add(count)
        return slots
    }
}
