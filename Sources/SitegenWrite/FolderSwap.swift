import Foundation

/// Puts a finished folder in the output's place. On Linux one renameat2(RENAME_EXCHANGE) swaps
/// the two names at once, so the output path always names a whole build, old or new: a server
/// reading it, or a build killed at that instant, never sees a missing or half-made output.
enum FolderSwap {
    /// Swaps `staged` and `output` (both must exist). false when the system or file system can't
    /// (then the caller falls back to two renames).
    static func exchange(_ staged: String, _ output: String) -> Bool {
        #if os(Linux)
        guard let renameat2 else { return false }
        return renameat2(AT_FDCWD, staged, AT_FDCWD, output, renameExchange) == 0
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// RENAME_EXCHANGE from <linux/fs.h>.
    private static let renameExchange: UInt32 = 1 << 1
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc has had renameat2 since 2.28, but Swift's Glibc module does not import it (it is
    /// behind _GNU_SOURCE), so it is looked up by name: no C target for one call.
    private static let renameat2: RenameAt2? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2")
        .map { unsafeBitCast($0, to: RenameAt2.self) }
    #endif
}
