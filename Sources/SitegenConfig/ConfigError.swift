import SitegenModel

/// A setting refused: in the config file (at its line, and column when TOML says it), or as the
/// flag that gave it (`ConfigKey.error` words which). A flag that cannot be read at all is a
/// `FlagError`.
public enum ConfigError: Error, Equatable, CustomStringConvertible {
    /// `sitegen.toml`: TOML that does not parse, an unknown key, a wrong type or a value out of range.
    case config(path: String, line: Int?, column: Int?, reason: String)
    /// A flag's value out of range.
    case invalidOption(name: String, reason: String)
    /// The config file named could not be read.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .config(let path, let line, let column, let reason): "\(fileLocation(path, line: line, column: column)): \(reason)"
        case .invalidOption(let name, let reason): "--\(name): \(reason)"
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        }
    }
}
