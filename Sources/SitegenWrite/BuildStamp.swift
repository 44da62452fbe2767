import Foundation

/// What the last build of an output was made from, as one line in `.<name>.stamp` beside the
/// output (where its lock is): the source's stamp and every setting, hashed (`Build`). A build
/// whose stamp is the file's leaves the output as it is. The file is removed before a build
/// puts anything in place and written after, so a build killed in between leaves none, and the
/// next build runs whole.
package enum BuildStamp {
    package static func file(of output: String) -> String { BesideOutput.path(of: output, "stamp") }

    /// The stamp of the output's last build, nil when there is none (or no output).
    package static func read(output: String) -> String? {
        guard FileManager.default.fileExists(atPath: output),
            let data = FileManager.default.contents(atPath: file(of: output))
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    package static func remove(output: String) {
        unlink(file(of: output))
    }

    /// Written whole or not at all; a stamp that could not be written only costs the next build
    /// its shortcut.
    package static func write(_ stamp: String, output: String) {
        _ = BesideOutput.writeWhole(Data(stamp.utf8), to: file(of: output))
    }
}
