import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (SwiftNIO) for the fetch tests. Each request's answer comes
/// from `route`, given the request's path and query and how many times that target was asked for
/// before (0 the first time), so a test can say "503 the first time, then the item".
final class LoopbackServer: Sendable {
    enum Answer: Sendable {
        /// A whole answer, after `delay`.
        case reply(status: Int = 200, body: String, headers: [String: String] = [:], delay: Duration = .zero)
        /// Headers promising the whole body, half of it, then the connection closes.
        case cutOff(body: String)
        /// Never answers; the connection stays open until the client gives up.
        case hang
        /// Closes the connection without a word.
        case drop

        static func json(_ body: String, delay: Duration = .zero) -> Answer { .reply(body: body, delay: delay) }
        static func status(_ code: Int, headers: [String: String] = [:]) -> Answer {
            .reply(status: code, body: "{\"error\":\(code)}", headers: headers)
        }
    }

    typealias Route = @Sendable (_ target: String, _ previousAsks: Int) -> Answer

    let port: Int
    var base: String { "http://127.0.0.1:\(port)" }
    private let counts: Counts
    private let task: Task<Void, Never>
    private let channel: any Channel

    /// Requests for `target` so far.
    func asks(_ target: String) -> Int { counts.asks.withLock { $0[target] ?? 0 } }
    /// Every request so far.
    var totalAsks: Int { counts.asks.withLock { $0.values.reduce(0, +) } }
    /// The most requests that were being answered at one moment.
    var mostInFlight: Int { counts.inFlight.withLock { $0.most } }

    private final class Counts: Sendable {
        let asks = Mutex<[String: Int]>([:])
        let inFlight = Mutex((now: 0, most: 0))
    }

    private init(port: Int, counts: Counts, task: Task<Void, Never>, channel: any Channel) {
        self.port = port
        self.counts = counts
        self.task = task
        self.channel = channel
    }

    static func start(_ route: @escaping Route) async throws -> LoopbackServer {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        let counts = Counts()
        // Served from threads of its own: other tests block the concurrency pool's few threads
        // while they wait for a sitegen process, and that process may be waiting on this server.
        let task = Task<Void, Never>(executorPreference: ServerExecutor.shared) {
            // Ends when the server channel closes (stop()); a connection's failure ends only it.
            try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask { await serve(connection, route, counts) }
                    }
                }
            }
            return
        }
        return LoopbackServer(port: server.channel.localAddress!.port!, counts: counts, task: task, channel: server.channel)
    }

    /// Runs `body` with a server, stopped afterwards however `body` ends.
    static func with<R>(_ route: @escaping Route, _ body: (LoopbackServer) async throws -> R) async throws -> R {
        let server = try await start(route)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    func stop() async {
        try? await channel.close()
        task.cancel()
        await task.value
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, _ route: Route, _ counts: Counts
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            var target = ""
            for try await part in inbound {
                switch part {
                case .head(let head): target = head.uri
                case .body: continue
                case .end:
                    let previous = counts.asks.withLock { asks in
                        defer { asks[target, default: 0] += 1 }
                        return asks[target] ?? 0
                    }
                    counts.inFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                    defer { counts.inFlight.withLock { $0.now -= 1 } }
                    switch route(target, previous) {
                    case .reply(let status, let body, let extra, let delay):
                        if delay > .zero { try await Task.sleep(for: delay) }
                        var headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)")])
                        for (name, value) in extra { headers.add(name: name, value: value) }
                        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: headers)))
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body))))
                        try await outbound.write(.end(nil))
                    case .cutOff(let body):
                        let headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)")])
                        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)))
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(string: String(body.prefix(body.count / 2))))))
                        return
                    case .hang:
                        try await Task.sleep(for: .seconds(3600))
                        return
                    case .drop:
                        return
                    }
                }
            }
        }
    }
}

/// Runs the server's tasks on Dispatch's threads instead of the cooperative pool (see `start`).
final class ServerExecutor: TaskExecutor {
    static let shared = ServerExecutor()
    private let queue = DispatchQueue(label: "loopback-server", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
