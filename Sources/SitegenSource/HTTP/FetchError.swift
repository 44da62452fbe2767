import SitegenHTTP
import SitegenModel

/// Why a URL could not be had, after every attempt.
public enum FetchFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The last answer's status (a non-transient 4xx at once, a 5xx/429 after the retries).
    case status(Int)
    case transport(TransportError)
    /// An attempt got no whole answer within the per-request timeout.
    case timedOut(Duration)
    /// The build's overall deadline passed.
    case deadline(Duration)
    /// `--offline`, and the cache has no copy.
    case notCached

    public var description: String {
        switch self {
        case .status(let status): return "HTTP \(status)"
        case .transport(let error): return error.description
        case .timedOut(let limit): return "no answer within \(DurationText.describe(limit))"
        case .deadline(let limit): return "the deadline of \(DurationText.describe(limit)) passed"
        case .notCached: return "not in the cache (--offline)"
        }
    }
}

/// A URL that could not be had: which, why, after how many attempts.
public struct FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var url: String
    public var failure: FetchFailure
    public var attempts: Int

    public var description: String {
        attempts > 1 ? "\(failure) after \(attempts) attempts" : failure.description
    }
}
