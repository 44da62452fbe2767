import Foundation

/// The folder above a path, as the file system reads the path: above `.` is the working
/// folder's parent, above `docs/.` the working folder, above `posts/hello.md` `posts`.
///
/// Not `NSString.deletingLastPathComponent`: on Linux it traps on `.` and `./` (so
/// `sitegen build --source .` crashed), and it reads `docs/.` as a path inside `docs`.
public enum FolderAbove {
    /// An absolute path when `path` is relative (read from the working folder).
    public static func of(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    }
}
