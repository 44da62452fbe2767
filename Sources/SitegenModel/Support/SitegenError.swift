/// Every way a build can fail, each carrying where: the file, the line and column, the item id or
/// the flag. `description` is the one line the command prints.
public enum SitegenError: Error, Equatable, CustomStringConvertible {
    /// A source file or folder could not be read.
    case unreadable(path: String, reason: String)
    /// A whole file is not the JSON it must be (an item-level fault is skipped instead, see `Skip`).
    case invalidJSON(path: String, line: Int?, column: Int?, reason: String)
    /// A field that the whole file depends on has the wrong shape (e.g. topstories.json not an array of ids).
    case invalidField(path: String, field: String, reason: String)
    /// A Mustache template does not parse.
    case template(path: String, line: Int, column: Int, reason: String)
    /// A flag's value is out of range.
    case invalidOption(name: String, reason: String)
    /// The output could not be written; the previous output is left as it was.
    case writeFailed(path: String, reason: String)
    /// A request the whole build depends on (a story list, a page of a paged API) failed after
    /// its retries, or the fetch's deadline passed.
    case fetchFailed(url: String, reason: String)
    /// A site page (`--pages`) is not usable: its front matter, or its file name.
    case sitePage(path: String, line: Int?, reason: String)
    /// Another build is writing the same output (its lock is held).
    case outputLocked(path: String)
    /// The config file (`sitegen.toml`): TOML that does not parse, an unknown key, a wrong type
    /// or a value out of range.
    case config(path: String, line: Int?, column: Int?, reason: String)
    /// A deploy could not finish: the store's answer (its error code and message) or the
    /// network's, for the object or bucket named; nothing was deleted.
    case deployFailed(target: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .invalidJSON(let path, let line, let column, let reason):
            let position = [line.map { ":\($0)" }, column.map { ":\($0)" }].compactMap { $0 }.joined()
            return "\(path)\(position): invalid JSON: \(reason)"
        case .invalidField(let path, let field, let reason):
            return "\(path): field '\(field)': \(reason)"
        case .template(let path, let line, let column, let reason):
            return "\(path):\(line):\(column): template error: \(reason)"
        case .invalidOption(let name, let reason):
            return "--\(name): \(reason)"
        case .writeFailed(let path, let reason):
            return "\(path): cannot write: \(reason); the previous output was left as it was"
        case .fetchFailed(let url, let reason):
            return "\(url): cannot fetch: \(reason); the previous output was left as it was"
        case .sitePage(let path, let line, let reason):
            return "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)"
        case .outputLocked(let path):
            return "\(path): another sitegen build is writing this output; try again when it is done"
        case .config(let path, let line, let column, let reason):
            let position = [line.map { ":\($0)" }, column.map { ":\($0)" }].compactMap { $0 }.joined()
            return "\(path)\(position): \(reason)"
        case .deployFailed(let target, let reason):
            return "\(target): \(reason); nothing was deleted"
        }
    }
}
