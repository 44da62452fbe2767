/// A deploy that could not start or finish: a setting that names no store, an output that
/// cannot be read, or the store's or the network's answer. Nothing was deleted.
public enum DeployError: Error, Equatable, CustomStringConvertible {
    /// The store's answer (its error code and message) or the network's, for the object or
    /// bucket named.
    case deployFailed(target: String, reason: String)
    /// `--to` or `--endpoint` not usable.
    case invalidOption(name: String, reason: String)
    /// The built output could not be read.
    case unreadable(path: String, reason: String)
    /// The record of the deploy beside the output could not be written.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .deployFailed(let target, let reason): "\(target): \(reason); nothing was deleted"
        case .invalidOption(let name, let reason): "--\(name): \(reason)"
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .writeFailed(let path, let reason): "\(path): cannot write: \(reason)"
        }
    }
}
