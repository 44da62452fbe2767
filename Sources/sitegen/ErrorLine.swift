import Foundation

/// The one place the command line says what went wrong: `error: ` and the error's own line.
/// Every module's errors (SourceError, ConfigError, FlagError, ThemeError, WriteError,
/// DeployError, BuildError, ArchiveStoreError, CommandError) name their file, line, item id or
/// flag in that line.
enum ErrorLine {
    static func write(_ error: any Error) {
        // `String(describing:)` is an error's `description`, each module's one line.
        FileHandle.standardError.write(Data("error: \(String(describing: error))\n".utf8))
    }
}

/// What a command itself refuses, before any module is asked.
enum CommandError: Error, CustomStringConvertible {
    /// A flag that is missing or names nothing usable.
    case invalidOption(name: String, reason: String)
    /// A file the command writes could not be made.
    case cannotWrite(path: String)

    var description: String {
        switch self {
        case .invalidOption(let name, let reason): "--\(name): \(reason)"
        case .cannotWrite(let path): "\(path): cannot write: cannot create the file"
        }
    }
}
