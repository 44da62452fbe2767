import Synchronization

/// The open pages' live-reload connections: each gets a stream of reload events, and `reload()`
/// sends one to all. `close()` ends every stream, so the server can stop while pages are open.
public final class LiveReload: Sendable {
    /// The script `serve` puts into HTML pages, and the event stream it listens to. Under
    /// `/__sitegen/`, a name no site uses.
    public static let scriptPath = "/__sitegen/livereload.js"
    public static let eventsPath = "/__sitegen/events"

    /// A served file, not inline script: the pages' Content-Security-Policy allows only
    /// `script-src 'self'`. EventSource (server-sent events) rather than a WebSocket: one-way is
    /// all a reload needs, and the browser reconnects by itself after the server restarts.
    public static let script = """
        // sitegen serve: reloads the page when the site is rebuilt. Only `sitegen serve` sends
        // this file; built sites never link to it.
        (function () {
          if (!window.EventSource) return;
          var events = new EventSource("\(eventsPath)");
          events.addEventListener("reload", function () { location.reload(); });
        })();

        """

    private struct State {
        var next = 0
        var streams: [Int: AsyncStream<Int>.Continuation] = [:]
        var closed = false
        var generation = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Pages connected now.
    public var listeners: Int { state.withLock { $0.streams.count } }

    /// A new connection's events: each value is the build generation that caused the reload.
    public func subscribe() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.next += 1
            state.streams[state.next] = continuation
            return state.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every open page to reload.
    public func reload() {
        let (streams, generation) = state.withLock { state in
            state.generation += 1
            return (Array(state.streams.values), state.generation)
        }
        for stream in streams { stream.yield(generation) }
    }

    /// Ends every stream; later subscribers get an ended stream.
    public func close() {
        let streams = state.withLock { state in
            state.closed = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
