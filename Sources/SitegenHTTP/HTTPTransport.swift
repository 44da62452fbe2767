/// The one thing the HTTP sources need from the network: GET a URL, get its status, headers and
/// body. `AsyncHTTPTransport` is the real one; tests drive `Fetcher` with small fakes as well as
/// against a real loopback server. Retries, timeouts and caching are `Fetcher`'s, not the
/// transport's, so every transport gets the same behaviour.
public protocol HTTPTransport: Sendable {
    /// Throws `TransportError` for faults below HTTP (no connection, a dropped connection, a body
    /// over the size limit) and `CancellationError` when the task is cancelled (a timeout).
    func get(_ url: String) async throws -> HTTPReply
    /// Releases connections; called once, after the last `get`.
    func shutdown() async
}

/// A whole HTTP answer, body collected.
public struct HTTPReply: Sendable, Equatable {
    public var status: Int
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }
}

/// A fault below HTTP.
public enum TransportError: Error, Equatable, CustomStringConvertible {
    /// Could not connect, or the connection closed before the answer was whole.
    case connection(String)
    /// The body was larger than the transport accepts.
    case tooLarge(limit: Int)
    /// The URL is not one the transport can ask for.
    case badURL(String)

    public var description: String {
        switch self {
        case .connection(let why): return "connection failed (\(why))"
        case .tooLarge(let limit): return "answer larger than \(limit / 1_048_576) MiB"
        case .badURL(let url): return "not a URL: \(url)"
        }
    }
}
