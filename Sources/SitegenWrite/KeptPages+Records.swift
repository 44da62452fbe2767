import SitegenSystem
import Synchronization

extension KeptPages {
    /// The pages a build made or kept, gathered for `KeptPages.write` as the writer's threads
    /// finish them: each encoded at once (`KeptPagesFile.add`; the versions of the pages made
    /// are looked up at `write`, once they are in place), and past a mebibyte moved to a file
    /// beside the output (`SpillFile`). An archive's records are tens of megabytes the build has
    /// no use for until its end; held as values, a window's were at the build's peak.
    package final class Records: Sendable {
        private struct State {
            var pending = KeptBytes.Writer()
            var file: SpillFile?
            /// The parts moved to `file`, each whole records.
            var parts: [Range<Int>] = []
            var count = 0
        }

        /// Where the spill file goes (the output's parent, on the disk the user chose).
        private let folder: String
        private let state = Mutex(State())

        package init(folder: String) { self.folder = folder }

        package var isEmpty: Bool { state.withLock { $0.count == 0 } }

        package func add(_ page: Page) throws(SpillError) {
            try state.withLock { (state: inout State) throws(SpillError) in
                KeptPagesFile.add(page, to: &state.pending)
                state.count += 1
                guard state.pending.count >= 1 << 20 else { return }
                if state.file == nil { state.file = try SpillFile(folder: folder) }
                state.parts.append(try state.file!.append(state.pending.take()))
            }
        }

        /// The pages, a part at a time, in the order they came. A part that does not read back
        /// as written (it cannot, short of a bug) ends them: the pages after it are not kept.
        package func forEachPart(_ body: ([Page]) -> Void) {
            let (file, parts, last) = state.withLock { ($0.file, $0.parts, $0.pending.take()) }
            // Each spilled part read when its turn comes, then the part still in memory.
            for part in parts.indices + [parts.count] {
                guard let bytes = part < parts.count ? file?.read(parts[part]) : last else { return }
                var reader = KeptBytes.Reader(unsealed: bytes)
                var pages: [Page] = []
                while !reader.isAtEnd {
                    guard case let page?? = try? KeptPagesFile.page(&reader) else { return }
                    pages.append(page)
                }
                body(pages)
            }
        }
    }
}
