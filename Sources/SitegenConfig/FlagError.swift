/// A setting flag the command line could not read (`SiteConfig(flags:command:)`), naming the
/// flag as it was typed. A value in range is checked later, with the config file's
/// (`SiteConfig.check`).
public enum FlagError: Error, Equatable, CustomStringConvertible {
    /// Not a flag of this command; `likely` is the one it most likely meant.
    case unknown(flag: String, command: ConfigKey.Command, likely: String?)
    /// A value that is not of the flag's kind (`--page-size abc`).
    case wrongValue(flag: String, expected: String, got: String)
    /// A flag that needs a value came last, or before another flag.
    case missingValue(flag: String, valueName: String)
    /// An on/off flag given a value (`--search=yes`).
    case valueGiven(flag: String)
    /// A word where a flag was expected.
    case unexpected(String)

    public var description: String {
        switch self {
        case .unknown(let flag, let command, let likely):
            "--\(flag): not a flag of sitegen \(command.rawValue)" + (likely.map { " (did you mean --\($0)?)" } ?? "")
        case .wrongValue(let flag, let expected, let got):
            "--\(flag): expected \(expected), got '\(got)'"
        case .missingValue(let flag, let valueName):
            "--\(flag): needs a value (<\(valueName)>)"
        case .valueGiven(let flag):
            "--\(flag): takes no value (--\(flag) or --no-\(flag))"
        case .unexpected(let word):
            "unexpected argument '\(word)': settings are given as flags (--source \(word))"
        }
    }
}
