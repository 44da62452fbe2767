import Foundation

/// The folder above a path. Above `.` is the working folder's parent; above `docs/.` is the
/// working folder; above `posts/hello.md` is the folder `posts`. `.` and `..` are resolved as
/// text, as a shell's `cd` does, not through symbolic links.
///
/// Not `NSString.deletingLastPathComponent`: on Linux it traps on `.` and `./` (so
/// `sitegen build --source .` crashed), and it reads `docs/.` as a path inside `docs`.
public enum FolderAbove {
    /// Always an absolute path; a relative `path` is read from the working folder.
    public static func of(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    }
}
