import Foundation
import SitegenTestSupport
import Synchronization
import Testing

@testable import SitegenServe
@testable import SitegenSystem

/// `sitegen serve` reads, hashes and compresses a file once per version of it, off the
/// cooperative pool, and serves a rebuilt file at once.
@Suite("serve: files prepared once a build")
struct PreparedFilesTests {
    /// A source that counts its reads and whose files' versions a test moves.
    final class Counted: FileSource {
        let files: Mutex<[String: (version: Int, text: String)]>
        let reads = Atomic<Int>(0)

        init(_ files: [String: String]) { self.files = Mutex(files.mapValues { (0, $0) }) }

        func look(_ path: String) -> FileLook {
            files.withLock { $0[path] }.map { .file(version: String($0.version)) } ?? .missing
        }

        func read(_ path: String) -> [UInt8]? {
            reads.add(1, ordering: .relaxed)
            return files.withLock { $0[path] }.map { Array($0.text.utf8) }
        }

        func replace(_ path: String, with text: String) {
            files.withLock { $0[path] = (($0[path]?.version ?? 0) + 1, text) }
        }
    }

    @Test("a file is read once however often it is asked for, and again once it changes")
    func readOncePerVersion() async {
        let source = Counted(["index.html": "<html><head></head><body>one</body></html>", "a.css": "body{color:red}"])
        let site = StaticFiles(files: source)
        for _ in 0..<5 {
            #expect(await site.respond(method: "GET", path: "/", headers: ["Accept-Encoding": "gzip"]).status == 200)
            #expect(await site.respond(method: "GET", path: "/a.css", headers: [:]).status == 200)
        }
        #expect(source.reads.load(ordering: .relaxed) == 2)
        let before = await site.respond(method: "GET", path: "/", headers: [:])
        source.replace("index.html", with: "<html><head></head><body>two</body></html>")
        let after = await site.respond(method: "GET", path: "/", headers: [:])
        #expect(String(decoding: after.body, as: UTF8.self).contains("two"))
        #expect(after.header("ETag") != before.header("ETag"))
        #expect(source.reads.load(ordering: .relaxed) == 3)
    }

    @Test("a file on disk replaced by a rebuild is served new at the next request")
    func rebuiltOnDisk() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("first", to: "site/note.txt")
            let site = StaticFiles(files: LocalFiles(root: folder.path("site")))
            #expect(await site.respond(method: "GET", path: "/note.txt", headers: [:]).body == Array("first".utf8))
            // As a build commits: written beside, then renamed over (a new inode).
            try folder.write("second", to: "site/note.txt.sitegen-new")
            #expect(rename(folder.path("site/note.txt.sitegen-new"), folder.path("site/note.txt")) == 0)
            #expect(await site.respond(method: "GET", path: "/note.txt", headers: [:]).body == Array("second".utf8))
            #expect(await site.respond(method: "GET", path: "/gone.txt", headers: [:]).status == 404)
        }
    }

    @Test("answering a request reads no file on the cooperative pool")
    func offThePool() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("<html><head></head><body>page</body></html>", to: "site/index.html")
            try folder.write("<html><head></head><body>lost</body></html>", to: "site/404.html")
            try folder.write("body{}", to: "site/a.css")
            let site = StaticFiles(files: LocalFiles(root: folder.path("site")), injectScript: "/_reload.js")
            let watch = BlockingWatch()
            try await BlockingExecutor.$watch.withValue(watch) {
                for path in ["/", "/a.css", "/nothing", "/"] {
                    _ = await site.respond(method: "GET", path: path, headers: ["Accept-Encoding": "br, gzip"])
                }
                // The watch itself works here: a read made on the pool is seen.
                _ = LocalFiles(root: folder.path("site")).read("a.css")
            }
            #expect(watch.calls == ["LocalFiles: reads a file"])
        }
    }
}
