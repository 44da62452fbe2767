import SitegenModel

/// A source that cannot be read as a whole, naming the file, its line and column, the field or
/// the URL. A fault of one item is not an error: the item is skipped and named (`Skip`).
public enum SourceError: Error, Equatable, CustomStringConvertible {
    /// A source file or folder could not be read.
    case unreadable(path: String, reason: String)
    /// A whole file is not the JSON it must be.
    case invalidJSON(path: String, line: Int?, column: Int?, reason: String)
    /// A field the whole file depends on has the wrong shape (topstories.json not an array of ids).
    case invalidField(path: String, field: String, reason: String)
    /// A request the whole build depends on (a story list, a page of a paged API) failed after
    /// its retries, or the fetch's deadline passed.
    case fetchFailed(url: String, reason: String)
    /// A site page (`--pages`) is not usable: its front matter, or its file name.
    case sitePage(path: String, line: Int?, reason: String)
    /// A source setting that does not name a usable source (`--source`, `--field`).
    case invalidOption(name: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot read: \(reason)"
        case .invalidJSON(let path, let line, let column, let reason):
            "\(fileLocation(path, line: line, column: column)): invalid JSON: \(reason)"
        case .invalidField(let path, let field, let reason):
            "\(path): field '\(field)': \(reason)"
        case .fetchFailed(let url, let reason):
            "\(url): cannot fetch: \(reason); the previous output was left as it was"
        case .sitePage(let path, let line, let reason):
            "\(fileLocation(path, line: line)): \(reason)"
        case .invalidOption(let name, let reason):
            "--\(name): \(reason)"
        }
    }
}
