import Foundation
import SitegenSystem

/// The files a build keeps beside its output rather than in it (`.<name>.lock`, `.<name>.stamp`,
/// `.<name>.changed`): never deployed, and found from the output's path alone.
package enum BesideOutput {
    /// `.<name>.<kind>` in the output's parent folder.
    package static func path(of output: String, _ kind: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(kind)").path
    }

    /// Writes `bytes` at `path` whole or not at all: beside it as `.new`, then renamed over (a
    /// killed build's `.new` is cleared by the next, `OutputFolder`). false when it could not.
    /// (`.new` is written in place, not through `FileManager.createFile`, which writes a
    /// temporary file of its own first: a build killed then left a `.dat.nosync…` file beside
    /// the output that no later build knew to clear.)
    package static func writeWhole(_ bytes: Data, to path: String) -> Bool {
        let temporary = path + ".new"
        guard writeInPlace(bytes, to: temporary), rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    private static func writeInPlace(_ bytes: Data, to path: String) -> Bool {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { return false }
        defer { close(file) }
        return bytes.withUnsafeBytes { WholeWrite.write($0, to: file) }
    }
}
