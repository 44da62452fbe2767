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
            /// Pages this build made: their files' versions are looked up at `write`.
            var made = KeptBytes.Writer()
            /// Pages kept, their versions known: encoded as the file holds them, and written
            /// as they are, never read back.
            var kept = KeptBytes.Writer()
            var file: SpillFile?
            /// The parts moved to `file`, each whole records of one kind.
            var parts: [(range: Range<Int>, kept: Bool)] = []
            var count = 0
        }

        /// Where the spill file goes (the output's parent, on the disk the user chose).
        private let folder: String
        private let state = Mutex(State())

        package init(folder: String) { self.folder = folder }

        package var isEmpty: Bool { state.withLock { $0.count == 0 } }

        package func add(_ page: Page) throws(SpillError) {
            try state.withLock { (state: inout State) throws(SpillError) in
                let kept = !page.versions.isEmpty
                if kept { KeptPagesFile.add(page, to: &state.kept) } else { KeptPagesFile.add(page, to: &state.made) }
                state.count += 1
                guard (kept ? state.kept : state.made).count >= 1 << 20 else { return }
                if state.file == nil { state.file = try SpillFile(folder: folder) }
                let bytes = kept ? state.kept.take() : state.made.take()
                state.parts.append((try state.file!.append(bytes), kept))
            }
        }

        /// The pages, a part at a time, in the order they came: `made`, the pages without
        /// their versions yet, read back; `kept`, the others, as encoded records. A part that
        /// does not read back as written (it cannot, short of a bug) ends them: the pages after
        /// it are not kept.
        package func forEachPart(made: ([Page]) -> Void, kept: ([UInt8]) -> Void) {
            let (file, parts, last) = state.withLock {
                ($0.file, $0.parts, [($0.made.take(), false), ($0.kept.take(), true)])
            }
            /// One part to its closure; false when it does not read back.
            func each(_ bytes: [UInt8]?, isKept: Bool) -> Bool {
                guard let bytes else { return false }
                if bytes.isEmpty { return true }
                if isKept {
                    kept(bytes)
                    return true
                }
                var reader = KeptBytes.Reader(unsealed: bytes)
                var pages: [Page] = []
                while !reader.isAtEnd {
                    guard case let page?? = try? KeptPagesFile.page(&reader) else { return false }
                    pages.append(page)
                }
                made(pages)
                return true
            }
            // Each spilled part read when its turn comes, then the parts still in memory.
            for part in parts { guard each(file?.read(part.range), isKept: part.kept) else { return } }
            for (bytes, isKept) in last { guard each(bytes, isKept: isKept) else { return } }
        }
    }
}
