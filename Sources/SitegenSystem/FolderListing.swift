import Foundation

/// A folder's entries read with readdir(3) and its entry types: no stat a file, and no
/// FileManager, whose walk over a 100,000-story output's 15,000 folders took a quarter of a
/// rebuild, and whose file attributes on Linux look the owner's name up in /etc/passwd for
/// every file (three seconds of a deploy that found nothing to send).
package enum FolderListing {
    package enum Kind: Sendable { case folder, file, other }

    /// The entries of `folder` (relative to `root`, "" for the root itself), as paths relative
    /// to `root`, each with its kind; none when it cannot be read.
    package static func entries(of folder: String, under root: String) -> [(relative: String, kind: Kind)] {
        let full = folder.isEmpty ? root : root + "/" + folder
        guard let directory = opendir(full) else { return [] }
        defer { closedir(directory) }
        var entries: [(relative: String, kind: Kind)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var kind: Kind =
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): .folder
                case Int32(DT_REG): .file
                default: .other
                }
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                // A file system that does not say (some network ones): ask.
                var info = stat()
                if lstat(full + "/" + name, &info) == 0 {
                    kind = (info.st_mode & S_IFMT) == S_IFDIR ? .folder : (info.st_mode & S_IFMT) == S_IFREG ? .file : .other
                }
            }
            entries.append((folder.isEmpty ? name : folder + "/" + name, kind))
        }
        return entries
    }

    /// Every regular file under `root` (symbolic links not followed), as paths relative to it, sorted.
    package static func files(under root: String) -> [String] {
        var files: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            for (relative, kind) in entries(of: folder, under: root) {
                switch kind {
                case .folder: folders.append(relative)
                case .file: files.append(relative)
                case .other: break
                }
            }
        }
        return files.sorted()
    }
}
