import Foundation

/// The operating system's words for a failed file operation, short enough for the one line
/// each module's errors print: "no such file", "permission denied", or strerror's text.
public enum SystemErrorText {
    /// The reason inside a Foundation file error (FileManager, Data(contentsOf:)), which wraps
    /// the POSIX error in layers of userInfo.
    public static func of(_ error: Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError: return "permission denied"
        default: return nsError.localizedDescription
        }
    }

    /// strerror's text for `errno` as it is now (after a failed system call).
    public static func ofErrno(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
