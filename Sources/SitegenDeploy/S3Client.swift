import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SitegenHTTP
import SitegenModel

/// The four S3 calls a deploy makes (list, get, put, delete), signed (SigV4), over
/// AsyncHTTPClient, each retried on 5xx, 429 and dropped connections with the fetcher's backoff
/// (`RetryPolicy`). The only file that speaks HTTP to a store.
package final class S3Client: Sendable {
    package let location: S3Location
    let signer: SigV4
    let retry: RetryPolicy
    private let client: HTTPClient

    package init(location: S3Location, credentials: SigV4.Credentials, connections: Int, retry: RetryPolicy = RetryPolicy()) {
        self.location = location
        signer = SigV4(credentials: credentials, region: location.region)
        self.retry = retry
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, connections)
        client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(timeout: .init(connect: .seconds(10)), connectionPool: pool))
    }

    package func shutdown() async { try? await client.shutdown() }

    /// Every key under the prefix (the prefix taken off) with its ETag, quotes removed.
    package func list() async throws -> [String: String] {
        var objects: [String: String] = [:]
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", location.prefix)]
            if let token { query.append(("continuation-token", token)) }
            let reply = try await send("GET", key: "", query: query)
            let page = try ListBucketResult.parse(reply.body)
            for (key, etag) in page.objects where key.hasPrefix(location.prefix) {
                objects[String(key.dropFirst(location.prefix.count))] = etag
            }
            token = page.nextToken
        } while token != nil
        return objects
    }

    /// The object's bytes; nil when there is none.
    package func get(_ key: String) async throws -> [UInt8]? {
        do {
            return try await send("GET", key: location.prefix + key).body
        } catch let error as S3Error where error.status == 404 {
            return nil
        }
    }

    package func put(_ key: String, bytes: [UInt8], headers: [(String, String)]) async throws {
        _ = try await send("PUT", key: location.prefix + key, headers: headers, body: bytes)
    }

    package func delete(_ key: String) async throws {
        _ = try await send("DELETE", key: location.prefix + key)
    }

    /// One signed request, retried while the store or the network may answer differently next
    /// time. Throws `S3Error` for an answer that is an error.
    func send(
        _ method: String, key: String, query: [(String, String)] = [], headers extra: [(String, String)] = [], body: [UInt8] = []
    ) async throws -> HTTPReply {
        var attempt = 0
        while true {
            attempt += 1
            do {
                let reply = try await once(method, key: key, query: query, headers: extra, body: body)
                if (200...299).contains(reply.status) { return reply }
                let error = S3Error(status: reply.status, body: reply.body, location: location, key: key)
                guard RetryPolicy.isTransient(status: reply.status), attempt < retry.attempts else { throw error }
                let wait = retry.delay(
                    afterAttempt: attempt, retryAfter: RetryAfter.delay(from: reply.headers["retry-after"], now: Date()),
                    random: Double.random(in: 0..<1))
                try await Task.sleep(for: wait)
            } catch is TransportError where attempt < retry.attempts {
                try await Task.sleep(for: retry.delay(afterAttempt: attempt, random: Double.random(in: 0..<1)))
            }
        }
    }

    private func once(
        _ method: String, key: String, query: [(String, String)], headers extra: [(String, String)], body: [UInt8]
    ) async throws -> HTTPReply {
        let (origin, host, path) = location.address(of: key)
        let date = Self.amzDate(Date())
        let payloadHash = SigV4.hash(body)
        var headers = [("host", host), ("x-amz-date", date), ("x-amz-content-sha256", payloadHash)] + extra
        if let token = signer.credentials.sessionToken { headers.append(("x-amz-security-token", token)) }
        let signature = signer.sign(
            method: method, path: path, query: query, headers: headers, payloadHash: payloadHash, date: date)
        let queryText = query.map { "\(SigV4.encode($0.0))=\(SigV4.encode($0.1))" }.joined(separator: "&")
        var request = HTTPClientRequest(url: origin + path + (queryText.isEmpty ? "" : "?" + queryText))
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers where name != "host" { request.headers.add(name: name, value: value) }
        request.headers.add(name: "Authorization", value: signature.authorization)
        request.headers.add(name: "User-Agent", value: "sitegen")
        if method == "PUT" {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await client.execute(request, timeout: .seconds(60))
            let bytes = try await response.body.collect(upTo: 256 * 1_048_576)
            var replyHeaders: [String: String] = [:]
            for (name, value) in response.headers { replyHeaders[name.lowercased()] = value }
            return HTTPReply(status: Int(response.status.code), headers: replyHeaders, body: Array(buffer: bytes))
        } catch let error as HTTPClientError {
            throw TransportError.connection(String(describing: error).replacingOccurrences(of: "HTTPClientError.", with: ""))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportError.connection(String(describing: error).prefix(120).description)
        }
    }

    /// `20150830T123600Z`: SigV4's time, in UTC.
    static func amzDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}
