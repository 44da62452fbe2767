/// Where in a file a fault is, as an error message writes it: `path`, `path:3` or `path:3:14`
/// (the form editors and terminals turn into a link).
public func fileLocation(_ path: String, line: Int? = nil, column: Int? = nil) -> String {
    path + (line.map { ":\($0)" } ?? "") + (line != nil ? column.map { ":\($0)" } ?? "" : "")
}
