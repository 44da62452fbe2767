import Foundation
import SitegenModel

/// The URLs whose bytes a build changed, for a CDN's purge: `.<name>.changed` beside the output
/// (where its lock and stamp are), one URL a line, sorted; written by every build (empty when
/// nothing changed). A file written new or removed is listed under the base URL (a full one
/// when `--base-url` is a full URL); a page (`…/index.html`) also as its folder's URL, the one
/// readers ask for. Precompressed siblings go with their file and are not listed.
package enum ChangedURLs {
    package static func file(of output: String) -> String { BesideOutput.path(of: output, "changed") }

    /// The lines for files at these paths (relative to the output).
    package static func lines(_ files: [String], paths: SitePaths) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(files.count * 2)
        for file in files {
            let url = paths.base + SitePaths.urlPath(file)
            lines.append(url)
            if file == "index.html" || file.hasSuffix("/index.html") { lines.append(String(url.dropLast("index.html".count))) }
        }
        return lines.sorted()
    }

    /// Writes the list whole or not at all (`BesideOutput.writeWhole`).
    package static func write(_ files: [String], paths: SitePaths, output: String) throws {
        let path = file(of: output)
        let text = lines(files, paths: paths).map { $0 + "\n" }.joined()
        // The same list as before (a build that found nothing, after another) is left as it is:
        // a watcher of the folder (`sitegen serve`) sees no change.
        if FileManager.default.contents(atPath: path) == Data(text.utf8) { return }
        guard BesideOutput.writeWhole(Data(text.utf8), to: path) else {
            throw WriteError.writeFailed(path: path, reason: "cannot write the list of changed URLs")
        }
    }
}
