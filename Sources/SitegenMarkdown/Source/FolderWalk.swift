import Foundation
import SitegenModel
import SitegenSource
import SitegenSystem

/// Every file under a source folder, at any depth, as paths relative to it, without ever
/// leaving it. A symbolic link to a file is followed only when the file lies inside the folder
/// (`ContainedFolder`). A link to a folder is not followed, inside or out, as Hugo does: inside,
/// its files are read where they are already, and following links to folders is how walks
/// loop or multiply (a link to the root, a thousand links to one big folder). Links not followed
/// are returned with the reason, so the build names them rather than reading what they point to.
enum FolderWalk {
    struct Result: Equatable {
        /// Regular files, sorted by path.
        var files: [String] = []
        /// Links not followed, with why, sorted by path.
        var refused: [Refused] = []
    }

    struct Refused: Equatable {
        var path: String
        var reason: String
    }

    static let outside = "a symbolic link out of the folder"
    static let hidden = "a symbolic link to a file under _ or . (not read)"
    static let broken = "a symbolic link to nothing"
    static let folder = "a symbolic link to a folder (not followed)"

    static func files(in folder: String) throws -> Result {
        guard let root = ContainedFolder(folder) else {
            throw SourceError.unreadable(path: folder, reason: "no such folder")
        }
        // The folder itself may be a link (`content -> ../docs`), but not one out of the folder
        // it is named in: a contributor's `content -> /home/runner` would make all of it the source.
        var own = stat()
        if lstat(folder, &own) == 0, own.st_mode & S_IFMT == S_IFLNK,
            let parent = ContainedFolder(FolderAbove.of(folder)),
            !parent.isInside(resolved: root.resolved)
        {
            throw SourceError.unreadable(
                path: folder, reason: "a symbolic link out of the folder it is in; name the folder itself")
        }
        var result = Result()
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let real = relative.isEmpty ? root.resolved : root.resolved + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: real) else {
                if relative.isEmpty { throw SourceError.unreadable(path: folder, reason: "cannot list the folder") }
                continue
            }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = real + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    pending.append(path)
                case S_IFREG:
                    result.files.append(path)
                case S_IFLNK:
                    guard let resolved = ContainedFolder.realPath(full), stat(resolved, &info) == 0 else {
                        result.refused.append(Refused(path: path, reason: broken))
                        continue
                    }
                    if !root.isInside(resolved: resolved) {
                        result.refused.append(Refused(path: path, reason: outside))
                    } else if Self.isHidden(String(resolved.dropFirst(root.resolved.count))) {
                        // A file the walk would not read where it is (`.git/config`, `_private/`)
                        // is not read through a link either.
                        result.refused.append(Refused(path: path, reason: hidden))
                    } else if info.st_mode & S_IFMT == S_IFDIR {
                        result.refused.append(Refused(path: path, reason: Self.folder))
                    } else if info.st_mode & S_IFMT == S_IFREG {
                        result.files.append(path)
                    }
                default:
                    // Sockets, pipes and devices are not files a site is made of: passed over.
                    continue
                }
            }
        }
        result.files.sort()
        result.refused.sort { $0.path < $1.path }
        return result
    }

    /// Whether a path under the folder passes through a name starting with `.` or `_`, which the
    /// Markdown source does not read as pages (`_posts` and `_drafts` aside).
    static func isHidden(_ relative: String) -> Bool {
        relative.split(separator: "/").contains { ($0.hasPrefix(".") || $0.hasPrefix("_")) && $0 != "_posts" && $0 != "_drafts" }
    }
}
