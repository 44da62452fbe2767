import SitegenModel

/// A theme that cannot be used: a template missing or that does not parse, at its line and
/// column, or a theme folder that cannot be read.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
    case template(path: String, line: Int, column: Int, reason: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .template(let path, let line, let column, let reason):
            "\(fileLocation(path, line: line, column: column)): template error: \(reason)"
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        }
    }
}
