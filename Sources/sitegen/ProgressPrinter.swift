import Foundation
import SitegenBuild
import SitegenHTTP
import SitegenModel
import SitegenSource
import Synchronization

/// Shows a fetch's progress on standard error: a bar redrawn in place on a terminal, a plain line
/// at each quarter when standard error is a file or a pipe (CI logs), and a summary line at the
/// end. Retries are shown with --verbose only.
final class ProgressPrinter: FetchProgress {
    private struct State {
        var started = ContinuousClock.now
        var lastDraw = ContinuousClock.now
        var lastQuarter = 0
        var barShown = false
    }

    private let isTerminal: Bool
    private let verbose: Bool
    private let state = Mutex(State())

    /// What is done, as the log's first line and the summary say it: "Fetching", "Fetched"; a
    /// deploy's "Sending", "Sent".
    private let verbs: (now: String, done: String)

    init(verbose: Bool, verbs: (now: String, done: String) = ("Fetching", "Fetched")) {
        self.isTerminal = isatty(STDERR_FILENO) == 1
        self.verbose = verbose
        self.verbs = verbs
    }

    func begin(_ what: String, total: Int) {
        state.withLock { $0 = State() }
        if !isTerminal { write("\(verbs.now) \(total) \(what)\n") }
    }

    func update(_ counts: FetchCounts) {
        state.withLock { state in
            let elapsed = state.started.duration(to: .now)
            if isTerminal {
                // Ten frames a second is smooth enough and keeps a fast fetch from spending its
                // time on the terminal.
                guard state.lastDraw.duration(to: .now) > .milliseconds(100) || counts.done == counts.total else { return }
                state.lastDraw = .now
                state.barShown = true
                write("\r\u{1B}[2K" + ProgressLine.bar(counts, elapsed: elapsed))
            } else {
                let quarter = counts.total > 0 ? counts.done * 4 / counts.total : 4
                guard quarter > state.lastQuarter, quarter < 4 else { return }
                state.lastQuarter = quarter
                write(ProgressLine.bar(counts, elapsed: elapsed) + "\n")
            }
        }
    }

    func note(_ message: String, isDetail: Bool) {
        guard verbose || !isDetail else { return }
        state.withLock { state in
            write((state.barShown ? "\r\u{1B}[2K" : "") + message + "\n")
            state.lastDraw = .now - .seconds(1)
        }
    }

    func end(_ counts: FetchCounts) {
        state.withLock { state in
            write(
                (state.barShown ? "\r\u{1B}[2K" : "")
                    + ProgressLine.summary(counts, elapsed: state.started.duration(to: .now), verb: verbs.done)
                    + "\n")
            state.barShown = false
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
