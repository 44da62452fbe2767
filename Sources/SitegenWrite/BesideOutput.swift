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

    /// Writes `bytes` at `path` whole or not at all (`WholeWrite.replace`; a killed build's
    /// `.new` is cleared by the next, `OutputFolder`). false when it could not.
    package static func writeWhole(_ bytes: Data, to path: String) -> Bool {
        WholeWrite.replace(path, with: bytes)
    }
}
