import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenServe

/// `sitegen serve`'s answers, without a socket: `StaticFiles` over files in memory.
@Suite("serve: static files")
struct StaticFilesTests {
    static let site = MemoryFiles([
        "index.html": "<!doctype html><html><head><title>1</title></head><body>one</body></html>",
        "page/2/index.html": "<!doctype html><html><head></head><body>two</body></html>",
        "assets/style.0123456789.css": "body{}",
        "s/abc.json": "[]",
        "m/b1/0.json": "{}",
        "feed.xml": "<feed/>",
        "sitemap.xml": "<urlset/>",
        "404.html": "<!doctype html><html><head></head><body>lost</body></html>",
    ])

    func get(
        _ path: String, _ headers: [String: String] = [:], files: any FileSource = site, base: String = "/", inject: String? = nil
    )
        async -> FileResponse
    {
        await StaticFiles(files: files, basePath: base, injectScript: inject).respond(method: "GET", path: path, headers: headers)
    }

    @Test("content types by extension, the feed as Atom")
    func contentTypes() async {
        #expect(await get("/").header("Content-Type") == "text/html; charset=utf-8")
        #expect(await get("/assets/style.0123456789.css").header("Content-Type") == "text/css; charset=utf-8")
        #expect(await get("/s/abc.json").header("Content-Type") == "application/json")
        #expect(await get("/feed.xml").header("Content-Type") == "application/atom+xml; charset=utf-8")
        #expect(await get("/sitemap.xml").header("Content-Type") == "application/xml; charset=utf-8")
        #expect(MIMEType.of("assets/sitegen.1.js") == "text/javascript; charset=utf-8")
        #expect(MIMEType.of("assets/favicon.0123456789.svg") == "image/svg+xml")
        #expect(MIMEType.of("robots.txt") == "text/plain; charset=utf-8")
        #expect(MIMEType.of("x.unknown") == "application/octet-stream")
    }

    @Test("a strong ETag, and 304 with no body to If-None-Match (also weak and listed)")
    func etags() async throws {
        let first = await get("/")
        #expect(first.status == 200)
        let etag = try #require(first.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 4)
        #expect(await get("/").header("ETag") == etag)
        #expect(await get("/page/2/").header("ETag") != etag)
        for header in [etag, "W/\(etag)", "\"zzz\", \(etag)", "*"] {
            let again = await get("/", ["If-None-Match": header])
            #expect(again.status == 304, "If-None-Match: \(header)")
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
        }
        #expect(await get("/", ["if-none-match": "\"other\""]).status == 200)
    }

    @Test("immutable for hashed files, no-cache for HTML and manifests")
    func cacheHeaders() async {
        #expect(await get("/assets/style.0123456789.css").header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(await get("/s/abc.json").header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(await get("/").header("Cache-Control") == "no-cache")
        #expect(await get("/page/2/").header("Cache-Control") == "no-cache")
        #expect(await get("/m/b1/0.json").header("Cache-Control") == "no-cache")
        #expect(await get("/feed.xml").header("Cache-Control") == "no-cache")
    }

    @Test("foo.gz is sent for foo with Content-Encoding: gzip when the client accepts gzip")
    func gzipSibling() async throws {
        let gz: [UInt8] = [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0x03, 1, 2, 3]
        var files = Self.site
        files.files["s/abc.json.gz"] = gz
        let plain = await get("/s/abc.json", files: files)
        #expect(plain.body == Array("[]".utf8))
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary") == "Accept-Encoding")
        let zipped = await get("/s/abc.json", ["Accept-Encoding": "br, gzip;q=0.8"], files: files)
        #expect(zipped.body == gz)
        #expect(zipped.header("Content-Encoding") == "gzip")
        #expect(zipped.header("Content-Type") == "application/json")
        #expect(zipped.header("Content-Length") == String(gz.count))
        #expect(zipped.header("ETag") != plain.header("ETag"))
        #expect(await get("/s/abc.json", ["Accept-Encoding": "gzip;q=0"], files: files).header("Content-Encoding") == nil)
        #expect(
            await get("/s/abc.json", ["Accept-Encoding": "gzip", "If-None-Match": zipped.header("ETag")!], files: files).status
                == 304)
    }

    @Test("text without a sibling is gzipped per request for clients that take gzip; pictures and tiny files are not")
    func gzipOnTheFly() async throws {
        var files = Self.site
        let html = "<!doctype html><html><head></head><body>" + String(repeating: "<p>a row</p>", count: 500) + "</body></html>"
        files.files["big/index.html"] = Array(html.utf8)
        files.files["p.png"] = Array(repeating: 0x41, count: 4000)
        let plain = await get("/big/", files: files)
        #expect(plain.header("Content-Encoding") == nil && plain.body == Array(html.utf8))
        let zipped = await get("/big/", ["Accept-Encoding": "gzip, deflate, br"], files: files)
        #expect(zipped.header("Content-Encoding") == "gzip")
        #expect(zipped.body.count * 10 < plain.body.count)
        #expect(try Gunzip.bytes(zipped.body) == Array(html.utf8))
        #expect(zipped.header("Content-Length") == String(zipped.body.count))
        #expect(zipped.header("ETag") != plain.header("ETag"))
        let again = await get("/big/", ["Accept-Encoding": "gzip", "If-None-Match": zipped.header("ETag")!], files: files)
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(
            await get("/big/", ["Accept-Encoding": "br"], files: files).header("Content-Encoding") == nil,
            "Brotli only from a sibling")
        #expect(await get("/p.png", ["Accept-Encoding": "gzip"], files: files).header("Content-Encoding") == nil)
        #expect(await get("/s/abc.json", ["Accept-Encoding": "gzip"]).body == Array("[]".utf8), "two bytes would grow")
        let head = await StaticFiles(files: files).respond(method: "HEAD", path: "/big/", headers: ["Accept-Encoding": "gzip"])
        #expect(head.body.isEmpty && head.header("Content-Encoding") == "gzip")
        #expect(head.header("Content-Length") == zipped.header("Content-Length") && head.header("ETag") == zipped.header("ETag"))
        let injected = await get("/big/", ["Accept-Encoding": "gzip"], files: files, inject: "/__sitegen/livereload.js")
        #expect(injected.header("Content-Encoding") == "gzip")
        #expect(String(decoding: try Gunzip.bytes(injected.body), as: UTF8.self).contains("/__sitegen/livereload.js"))
    }

    @Test("foo.br is preferred to foo.gz when the client takes Brotli; q=0 refuses one")
    func brotliSibling() async {
        var files = Self.site
        files.files["s/abc.json.gz"] = [1]
        files.files["s/abc.json.br"] = [2]
        #expect(
            await get("/s/abc.json", ["Accept-Encoding": "gzip, deflate, br"], files: files).header("Content-Encoding") == "br")
        #expect(await get("/s/abc.json", ["Accept-Encoding": "gzip, br;q=0"], files: files).header("Content-Encoding") == "gzip")
        #expect(await get("/s/abc.json", ["Accept-Encoding": "*"], files: files).header("Content-Encoding") == "br")
        #expect(await get("/s/abc.json", ["Accept-Encoding": "identity"], files: files).header("Content-Encoding") == nil)
        files.files["s/abc.json.br"] = nil
        #expect(await get("/s/abc.json", ["Accept-Encoding": "br, gzip"], files: files).header("Content-Encoding") == "gzip")
        #expect(StaticFiles.codings("br;q=0.5, x-gzip") == ["br", "gzip"])
    }

    @Test("a site under a base path is served only there; outside it, the site's 404 page")
    func basePath() async {
        #expect(await get("/sub/", base: "/sub/").body == Array(Self.site.files["index.html"]!))
        #expect(await get("/sub/page/2/", base: "/sub/").status == 200)
        #expect(await get("/sub", base: "/sub/").status == 301)
        #expect(await get("/sub", base: "/sub/").header("Location") == "/sub/")
        let outside = await get("/page/2/", base: "/sub/")
        #expect(outside.status == 404)
        #expect(String(decoding: outside.body, as: UTF8.self).contains("lost"))
    }

    @Test("a folder without its slash redirects; a missing file, .. and encoded slashes are 404s")
    func pathsAndEscapes() async {
        #expect(await get("/page/2").status == 301)
        #expect(await get("/page/2").header("Location") == "/page/2/")
        #expect(await get("/page/2?x=1").header("Location") == "/page/2/?x=1")
        #expect(await get("/page/9/").status == 404)
        #expect(await get("/../etc/passwd").status == 404)
        #expect(await get("/page/%2e%2e/%2e%2e/etc/passwd").status == 404)
        #expect(await get("/s%2fabc.json").status == 404)
        #expect(await get("/index.html?v=3").status == 200)
        #expect(await get("/", files: MemoryFiles([:])).status == 404)
        #expect(await StaticFiles(files: Self.site).respond(method: "POST", path: "/", headers: [:]).status == 405)
        let head = await StaticFiles(files: Self.site).respond(method: "HEAD", path: "/", headers: [:])
        #expect(
            head.status == 200 && head.body.isEmpty
                && head.header("Content-Length") == String(Self.site.files["index.html"]!.count))
    }

    @Test("the live-reload script goes into served HTML only when asked, before </head>")
    func injection() async {
        let plain = String(decoding: await get("/").body, as: UTF8.self)
        #expect(!plain.contains("livereload"))
        let served = String(decoding: await get("/", inject: LiveReload.scriptPath).body, as: UTF8.self)
        #expect(served.contains("<script src=\"/__sitegen/livereload.js\" defer></script>\n</head>"))
        let css = await get("/assets/style.0123456789.css", inject: LiveReload.scriptPath)
        #expect(css.body == Array("body{}".utf8))
    }
}

@Suite("serve: watching and reloading")
struct ReloadTests {
    @Test("the polling watcher sees a file changed, added and removed, and is quiet otherwise")
    func watcher() async throws {
        try withTemporaryFolder { folder in
            try folder.write("a", to: "Templates/row.mustache")
            let watcher = PollingWatcher(paths: [folder.path("Templates"), folder.path("sitegen.toml")])
            #expect(!watcher.poll())
            try folder.write("ab", to: "Templates/row.mustache")
            #expect(watcher.poll())
            #expect(!watcher.poll())
            try folder.write("x = 1", to: "sitegen.toml")
            #expect(watcher.poll())
            try FileManager.default.removeItem(atPath: folder.path("sitegen.toml"))
            #expect(watcher.poll())
            try folder.write("new", to: "Templates/extra/deep.css")
            #expect(watcher.poll())
            #expect(!watcher.poll())
        }
    }

    @Test("reload reaches every open page; close ends every stream")
    func liveReload() async {
        let hub = LiveReload()
        let a = hub.subscribe()
        let b = hub.subscribe()
        #expect(hub.listeners == 2)
        hub.reload()
        var ia = a.makeAsyncIterator()
        var ib = b.makeAsyncIterator()
        #expect(await ia.next() == 1)
        #expect(await ib.next() == 1)
        hub.close()
        #expect(await ia.next() == nil)
        #expect(await ib.next() == nil)
        var late = hub.subscribe().makeAsyncIterator()
        #expect(await late.next() == nil)
    }

    @Test("the reload script is a plain file for script-src 'self': no eval, listens for 'reload'")
    func script() async {
        #expect(LiveReload.script.contains("new EventSource(\"/__sitegen/events\")"))
        #expect(LiveReload.script.contains("addEventListener(\"reload\""))
        #expect(!LiveReload.script.contains("eval"))
    }
}
