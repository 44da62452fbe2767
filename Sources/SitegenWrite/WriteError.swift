/// The output could not be written; the previous output is left as it was.
public enum WriteError: Error, Equatable, CustomStringConvertible {
    case writeFailed(path: String, reason: String)
    /// Another build is writing the same output (its lock is held).
    case outputLocked(path: String)
    /// A file the output copies (a page bundle's) could not be read.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .writeFailed(let path, let reason):
            "\(path): cannot write: \(reason); the previous output was left as it was"
        case .outputLocked(let path):
            "\(path): another sitegen build is writing this output; try again when it is done"
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        }
    }
}
