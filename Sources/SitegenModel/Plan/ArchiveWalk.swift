/// Which ids an archive's build asks the API for, from the store's marks and the API's newest
/// id (`maxitem`). Pure.
///
/// The walk covers `low...maxitem`. `low` is set on the first run, `backfill` ids below the
/// newest (HN's items are numbered in the order they were made, stories and comments alike);
/// a later run with a larger `backfill` walks further back from there. `done` is the highest id
/// up to which every id from `low` is stored: a run asks only for ids above it, window by
/// window, and moves `done` past a window once all of its ids are stored, so a killed build
/// resumes at the first window it had not finished, and asks only for what that window still
/// lacks.
public enum ArchiveWalk {
    /// The marks, as the store keeps them.
    public struct Marks: Sendable, Equatable {
        public var low: Int
        public var done: Int

        public init(low: Int, done: Int) {
            self.low = low
            self.done = done
        }
    }

    /// Ids a window holds: one query of which the store holds already, and one step of `done`.
    public static let window = 1_000
    /// Items fetched and stored as one transaction: what a killed build can lose.
    public static let batch = 100

    /// The marks of a walk that has not begun, or of one asked to go further back.
    public static func start(_ marks: Marks?, maxItem: Int, backfill: Int) -> Marks {
        let wanted = max(1, maxItem - max(0, backfill) + 1)
        guard var marks else { return Marks(low: wanted, done: wanted - 1) }
        if wanted < marks.low {
            // Further back than before: walked again from there, up; the windows already stored
            // cost a query each, no request.
            marks = Marks(low: wanted, done: wanted - 1)
        }
        return marks
    }

    /// The windows to walk, in order: upward from `done`, to `maxItem`.
    public static func windows(_ marks: Marks, maxItem: Int) -> [ClosedRange<Int>] {
        guard marks.done < maxItem else { return [] }
        return stride(from: marks.done + 1, through: maxItem, by: window).map { $0...min($0 + window - 1, maxItem) }
    }
}
