import AsyncHTTPClient
import Foundation
import NIOCore
import SitegenServe
import Synchronization
import Testing

/// `SiteServer` over a real socket on 127.0.0.1: what Hummingbird sends for `StaticFiles`'
/// answers, and a reload event after a rebuild.
@Suite("serve over a socket")
struct SiteServerTests {
    /// A watcher that reports a change when told to.
    final class ToldWatcher: FileWatcher {
        private let changed = Mutex(false)
        func tell() { changed.withLock { $0 = true } }
        func poll() -> Bool {
            changed.withLock { value in
                defer { value = false }
                return value
            }
        }
    }

    @Test("HTML with an ETag and the reload script, 304 for the ETag, and a reload event after a rebuild")
    func roundTrip() async throws {
        let files = MemoryFiles(["index.html": "<!doctype html><html><head><title>t</title></head><body>x</body></html>"])
        let watcher = ToldWatcher()
        let rebuilds = Mutex(0)
        var server = SiteServer(port: 0, files: StaticFiles(files: files, injectScript: LiveReload.scriptPath), watcher: watcher)
        server.pollInterval = .milliseconds(20)
        server.rebuild = {
            rebuilds.withLock { $0 += 1 }
            return true
        }
        let (ready, readyContinuation) = AsyncStream<Int>.makeStream()
        let running = Task { try await server.run { port in readyContinuation.yield(port) } }
        var readyPorts = ready.makeAsyncIterator()
        let port = try #require(await readyPorts.next())
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let base = "http://127.0.0.1:\(port)"
            let first = try await client.execute(HTTPClientRequest(url: base + "/"), timeout: .seconds(10))
            #expect(first.status.code == 200)
            #expect(first.headers.first(name: "Content-Type") == "text/html; charset=utf-8")
            #expect(first.headers.first(name: "Cache-Control") == "no-cache")
            let etag = try #require(first.headers.first(name: "ETag"))
            let page = String(buffer: try await first.body.collect(upTo: 1 << 20))
            #expect(page.contains("<script src=\"/__sitegen/livereload.js\" defer></script>"))

            var again = HTTPClientRequest(url: base + "/")
            again.headers.add(name: "If-None-Match", value: etag)
            let notModified = try await client.execute(again, timeout: .seconds(10))
            #expect(notModified.status.code == 304)
            #expect(try await notModified.body.collect(upTo: 1 << 20).readableBytes == 0)

            let script = try await client.execute(HTTPClientRequest(url: base + LiveReload.scriptPath), timeout: .seconds(10))
            #expect(script.headers.first(name: "Content-Type") == "text/javascript; charset=utf-8")
            #expect(String(buffer: try await script.body.collect(upTo: 1 << 20)) == LiveReload.script)

            let events = try await client.execute(HTTPClientRequest(url: base + LiveReload.eventsPath), timeout: .seconds(30))
            #expect(events.headers.first(name: "Content-Type") == "text/event-stream")
            var received = ""
            for try await chunk in events.body {
                received += String(buffer: chunk)
                if received.contains(": sitegen live reload"), !received.contains("event: reload") { watcher.tell() }
                if received.contains("event: reload\ndata: 1\n\n") { break }
            }
            #expect(received.contains("event: reload\ndata: 1\n\n"))
            #expect(rebuilds.withLock { $0 } == 1)
        } catch {
            running.cancel()
            try? await client.shutdown()
            throw error
        }
        running.cancel()
        _ = await running.result
        try await client.shutdown()
    }
}
