import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (SwiftNIO) for the fetch tests. Each request's answer comes
/// from `route`, given the request's path and query and how many times that target was asked for
/// before (0 the first time), so a test can say "503 the first time, then the item".
public final class LoopbackServer: Sendable {
    public enum Answer: Sendable {
        /// A whole answer, after `delay`.
        case reply(status: Int = 200, body: String, headers: [String: String] = [:], delay: Duration = .zero)
        /// Headers promising the whole body, half of it, then the connection closes.
        case cutOff(body: String)
        /// Never answers; the connection stays open until the client gives up.
        case hang
        /// Closes the connection without a word.
        case drop

        public static func json(_ body: String, delay: Duration = .zero) -> Answer { .reply(body: body, delay: delay) }
        public static func status(_ code: Int, headers: [String: String] = [:]) -> Answer {
            .reply(status: code, body: "{\"error\":\(code)}", headers: headers)
        }
    }

    public typealias Route = @Sendable (_ target: String, _ previousAsks: Int) -> Answer

    public let port: Int
    public var base: String { "http://127.0.0.1:\(port)" }
    private let counts: Counts
    private let channel: any Channel

    /// Requests for `target` so far.
    public func asks(_ target: String) -> Int { counts.asks.withLock { $0[target] ?? 0 } }
    /// Every request so far.
    public var totalAsks: Int { counts.asks.withLock { $0.values.reduce(0, +) } }
    /// The most requests that were being answered at one moment.
    public var mostInFlight: Int { counts.inFlight.withLock { $0.most } }

    private final class Counts: Sendable {
        let asks = Mutex<[String: Int]>([:])
        let inFlight = Mutex((now: 0, most: 0))
        /// Every connection accepted, so `stop()` can close them all.
        let connections = Mutex<[any Channel]>([])
    }

    // Answered on NIO's event loop threads, not the concurrency pool's: other tests block the
    // pool's few threads while they wait for a sitegen process, and that process may be waiting
    // on this server.
    private init(port: Int, counts: Counts, channel: any Channel) {
        self.port = port
        self.counts = counts
        self.channel = channel
    }

    /// A plain channel handler a connection, not NIOAsyncChannel: a connection accepted while
    /// an async server stops is dropped before it is active, and NIO traps on that ("Deinited
    /// NIOAsyncWriter without calling finish()", swift-nio#2637); it crashed the test process
    /// about one run in three.
    public static func start(_ route: @escaping Route) async throws -> LoopbackServer {
        let counts = Counts()
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    counts.connections.withLock { $0.append(channel) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(route: route, counts: counts))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return LoopbackServer(port: server.localAddress!.port!, counts: counts, channel: server)
    }

    /// Runs `body` with a server, stopped afterwards however `body` ends.
    public static func with<R>(_ route: @escaping Route, _ body: (LoopbackServer) async throws -> R) async throws -> R {
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

    /// Stops accepting and closes every connection (a client keeping one open, or one the route
    /// left hanging).
    public func stop() async {
        try? await channel.close()
        for connection in counts.connections.withLock({ $0 }) { try? await connection.close() }
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let route: Route
        let counts: Counts
        private var target = ""
        /// A request being answered (counted in `inFlight` until its answer is written).
        private var answering = false

        init(route: @escaping Route, counts: Counts) {
            self.route = route
            self.counts = counts
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): target = head.uri
            case .body: break
            case .end:
                let target = self.target
                let previous = counts.asks.withLock { asks in
                    defer { asks[target, default: 0] += 1 }
                    return asks[target] ?? 0
                }
                counts.inFlight.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                answering = true
                answer(route(target, previous), context: context)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            done()  // a hanging request ends with its connection
            context.fireChannelInactive()
        }

        private func done() {
            guard answering else { return }
            answering = false
            counts.inFlight.withLock { $0.now -= 1 }
        }

        private func answer(_ answer: Answer, context: ChannelHandlerContext) {
            switch answer {
            case .reply(let status, let body, let extra, let delay):
                guard delay <= .zero else {
                    let loop = context.eventLoop.assumeIsolated()
                    let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
                    loop.scheduleTask(in: .nanoseconds(nanoseconds)) {
                        self.answer(.reply(status: status, body: body, headers: extra), context: context)
                    }
                    return
                }
                var headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)")])
                for (name, value) in extra { headers.add(name: name, value: value) }
                context.write(
                    wrapOutboundOut(
                        .head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: headers))),
                    promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                done()
            case .cutOff(let body):
                let headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)")])
                context.write(
                    wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                let half = ByteBuffer(string: String(body.prefix(body.count / 2)))
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(half))), promise: nil)
                done()
                context.close(promise: nil)
            case .hang:
                break  // until the client gives up or the server stops
            case .drop:
                done()
                context.close(promise: nil)
            }
        }
    }
}
