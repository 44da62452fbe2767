import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import SitegenHTTP

/// The real network, through AsyncHTTPClient: pooled keep-alive connections (as many per host as
/// requests may be in flight, so none waits for a connection), HTTP/2 when the server offers it
/// over TLS, gzip answers decompressed, redirects followed. The only file that imports it.
public final class AsyncHTTPTransport: HTTPTransport {
    /// Larger answers are refused: no story list needs more, and a runaway server can't fill memory.
    public static let maxBodyBytes = 64 * 1_048_576
    private let client: HTTPClient

    public init(connections: Int, connectTimeout: Duration) {
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, connections)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .milliseconds(Int64(connectTimeout.seconds * 1000))),
            connectionPool: pool,
            decompression: .enabled(limit: .size(Self.maxBodyBytes)))
        configuration.httpVersion = .automatic
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func get(_ url: String) async throws -> HTTPReply {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: "sitegen")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        do {
            // The deadline is Fetcher's (it cancels this task); this one only backs it up.
            let response = try await client.execute(request, timeout: .hours(1))
            let body = try await response.body.collect(upTo: Self.maxBodyBytes)
            var headers: [String: String] = [:]
            for (name, value) in response.headers { headers[name.lowercased()] = value }
            return HTTPReply(status: Int(response.status.code), headers: headers, body: Array(buffer: body))
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as HTTPClientError where error == .cancelled {
            throw CancellationError()
        } catch let error as HTTPClientError where error == .invalidURL || error == .emptyHost || error == .emptyScheme {
            throw TransportError.badURL(url)
        } catch is NIOTooManyBytesError {
            throw TransportError.tooLarge(limit: Self.maxBodyBytes)
        } catch {
            throw TransportError.connection(Self.describe(error))
        }
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Short words for the summary ("connection refused", "remote connection closed").
    private static func describe(_ error: Error) -> String {
        if let error = error as? HTTPClientError {
            return String(describing: error).replacingOccurrences(of: "HTTPClientError.", with: "")
        }
        let text = String(describing: error)
        if text.contains("connection refused") || text.contains("Connection refused") { return "connection refused" }
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}
