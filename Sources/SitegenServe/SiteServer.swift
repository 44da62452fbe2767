import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `sitegen serve`: a built site on 127.0.0.1 through `StaticFiles`, and, when a watcher is
/// given, rebuilds on change and live reload over server-sent events. SIGINT (Ctrl-C) and
/// SIGTERM stop it: the reload loop ends first and closes the event streams, then the server
/// drains and closes.
public struct SiteServer: Sendable {
    public var host = "127.0.0.1"
    public var port: Int
    public var files: StaticFiles
    public var watcher: (any FileWatcher)?
    /// Between two looks at the watched files.
    public var pollInterval: Duration = .milliseconds(250)
    /// Rebuilds the site; true when it succeeded (pages are told to reload only then).
    public var rebuild: @Sendable () async -> Bool = { true }

    public init(port: Int, files: StaticFiles, watcher: (any FileWatcher)? = nil) {
        self.port = port
        self.files = files
        self.watcher = watcher
    }

    /// Serves until SIGINT or SIGTERM. `onReady` gets the port bound (the one asked for, or the
    /// one the system chose for port 0).
    public func run(onReady: @escaping @Sendable (Int) -> Void) async throws {
        let reload = LiveReload()
        var logger = Logger(label: "sitegen-serve")
        logger.logLevel = .warning
        let app = Application(
            responder: Responder(files: files, reload: reload),
            configuration: .init(address: .hostname(host, port: port), serverName: "sitegen"),
            onServerRunning: { channel in onReady(channel.localAddress?.port ?? port) },
            logger: logger)
        var services: [any Service] = [app]
        // Last in the list, so it is the first told to shut down: its event streams must end
        // before the server can finish its open requests.
        services.append(ReloadLoop(watcher: watcher, interval: pollInterval, rebuild: rebuild, reload: reload))
        let group = ServiceGroup(
            configuration: .init(services: services, gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
        try await group.run()
    }
}

/// Polls the watcher, rebuilds, and tells pages to reload; on shutdown, closes their streams.
struct ReloadLoop: Service {
    let watcher: (any FileWatcher)?
    let interval: Duration
    let rebuild: @Sendable () async -> Bool
    let reload: LiveReload

    func run() async throws {
        let watcher = self.watcher
        let interval = self.interval
        let rebuild = self.rebuild
        let reload = self.reload
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                if let watcher, watcher.poll(), await rebuild() { reload.reload() }
            }
        }
        reload.close()
    }
}

/// HTTP in and out of `StaticFiles`, plus the live-reload script and event stream.
struct Responder: HTTPResponder {
    typealias Context = BasicRequestContext
    let files: StaticFiles
    let reload: LiveReload

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        if files.injectScript != nil, path == LiveReload.scriptPath {
            return Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: LiveReload.script)))
        }
        if files.injectScript != nil, path == LiveReload.eventsPath {
            let events = reload.subscribe()
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: .init { writer in
                    // A comment line at once, so the browser sees the stream open.
                    try await writer.write(ByteBuffer(string: ": sitegen live reload\nretry: 500\n\n"))
                    for await generation in events {
                        try await writer.write(ByteBuffer(string: "event: reload\ndata: \(generation)\n\n"))
                    }
                    try await writer.finish(nil)
                })
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let answer = await files.respond(method: request.method.rawValue, path: request.uri.description, headers: headers)
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return Response(
            status: .init(code: answer.status), headers: fields,
            body: answer.body.isEmpty ? .init() : .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
