/// A build stopped by a rule of its own rather than by bad input or the machine: `--strict`
/// found what a default build leaves out and says (a path refused, a bundle file left out, a
/// link not followed). The previous output is left as it was.
public enum BuildError: Error, Equatable, CustomStringConvertible {
    /// Each line names a file (or story) and what was refused.
    case strict([String])

    public var description: String {
        switch self {
        case .strict(let lines):
            let shown = lines.prefix(5).joined(separator: "; ")
            let more = lines.count > 5 ? "; +\(lines.count - 5) more" : ""
            return "--strict: \(lines.count) refused: \(shown)\(more); the previous output was left as it was"
        }
    }
}
