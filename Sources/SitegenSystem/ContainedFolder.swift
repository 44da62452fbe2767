import Foundation

/// A folder the build reads from (a Markdown source, its site pages, a theme), and the rule that
/// keeps the build inside it: a path counts only when, with every symbolic link on the way
/// resolved, it still lies under the folder. A link to `/etc/passwd` or `../../.ssh` inside a
/// contributor's folder is then never read, however it is reached. (Jekyll's safe mode does the
/// same; a hard link cannot be told from the file itself and is not covered.)
public struct ContainedFolder: Sendable {
    /// The folder as given, for messages and for joining relative paths.
    public let path: String
    /// The folder with its own links resolved: the one prefix every resolved path must have.
    public let resolved: String

    /// nil when the folder does not exist.
    public init?(_ path: String) {
        guard let resolved = Self.realPath(path) else { return nil }
        self.path = path
        self.resolved = resolved
    }

    /// Whether `real`, a path with its links resolved, lies inside the folder (the folder itself
    /// counts).
    public func isInside(resolved real: String) -> Bool {
        real == resolved || real.hasPrefix(resolved == "/" ? "/" : resolved + "/")
    }

    /// The file at `relative` under the folder, when it exists, is a regular file, and lies
    /// inside once resolved; nil otherwise (missing, a folder, or a link out).
    public func file(_ relative: String) -> String? {
        let full = (path as NSString).appendingPathComponent(relative)
        guard let real = Self.realPath(full), isInside(resolved: real) else { return nil }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return full
    }

    /// The path with every link resolved (`realpath(3)`), nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
