import Foundation
import SitegenModel
import SitegenSystem

/// One build at a time per output: an exclusive flock(2) on `.<name>.lock` beside the output.
/// The kernel drops the lock when the process ends however it ends (SIGKILL included), so a
/// killed build never leaves a stale lock behind; the file itself stays (removing it would let two
/// builds lock two different files of the same name).
package final class OutputLock: @unchecked Sendable {
    private var descriptor: Int32

    /// Takes the lock or throws `outputLocked` at once: a second build waiting silently for the
    /// first would look hung.
    package init(output: String) throws {
        let path = BesideOutput.path(of: output, "lock")
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError.writeFailed(path: path, reason: SystemErrorText.ofErrno()) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = SystemErrorText.ofErrno()
            close(descriptor)
            descriptor = -1
            throw busy ? WriteError.outputLocked(path: output) : WriteError.writeFailed(path: path, reason: reason)
        }
    }

    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
