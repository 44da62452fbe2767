import Foundation
import SitegenAssets
import SitegenRender
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenMarkdown
@testable import SitegenModel
@testable import SitegenSource

/// A Markdown folder written by someone who wants the build machine's files, or wants the build
/// to fail: symbolic links out of it, paths onto the host's files, paths too long for any file
/// system, a page onto another page's picture, and bundle files that run script when opened.
/// The build reads nothing outside the folder, names what it refused, and builds the rest.
@Suite("a hostile Markdown folder")
struct HostileFolderTests {
    /// A folder of secrets beside `site/`, and links from `site/` to them.
    static func plant(_ folder: TemporaryFolder) throws {
        try folder.write("SECRET-FILE-7f3a\n", to: "outside/key.txt")
        try folder.write("---\ntitle: SECRET-PAGE-7f3a\n---\nSECRET-BODY-7f3a\n", to: "outside/notes/leak.md")
        try folder.write("---\ntitle: SECRET-MD-7f3a\n---\nSECRET-MD-BODY\n", to: "outside/out.md")
        try folder.write("---\ntitle: Home\ndate: 2024-01-01\n---\nHello.\n", to: "site/home.md")
        try folder.write("---\ntitle: Post\ndate: 2024-01-02\n---\n![a](pic.png)\n", to: "site/post/index.md")
        try folder.write("PNG", to: "site/post/pic.png")
        try folder.write("---\ntitle: Inside\ndate: 2024-01-03\n---\nInside.\n", to: "site/real/inside.md")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: folder.path("site/post/key.txt"), withDestinationPath: folder.path("outside/key.txt"))
        try fm.createSymbolicLink(atPath: folder.path("site/notes"), withDestinationPath: folder.path("outside/notes"))
        try fm.createSymbolicLink(atPath: folder.path("site/out.md"), withDestinationPath: "../outside/out.md")
        try fm.createSymbolicLink(atPath: folder.path("site/loop"), withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: folder.path("site/nowhere.md"), withDestinationPath: "missing.md")
        try fm.createSymbolicLink(atPath: folder.path("site/again"), withDestinationPath: "real")
        // A link to a file inside the folder is the file itself: followed.
        try fm.createSymbolicLink(atPath: folder.path("site/alias.md"), withDestinationPath: "real/inside.md")
        // Unless the walk would not read it where it is: a checkout's token in .git/config.
        try folder.write("[http] extraheader = SECRET-TOKEN-7f3a\n", to: "site/.git/config")
        try fm.createSymbolicLink(atPath: folder.path("site/post/cfg.txt"), withDestinationPath: "../.git/config")
        // A script is never copied from a bundle, nor a name sitegen writes itself.
        try folder.write("alert(1)", to: "site/post/evil.js")
        try folder.write("x", to: "site/post/pic.png.gz")
    }

    /// Every file's bytes under `root`, as one string to search.
    static func everything(under root: String) throws -> String {
        var text = ""
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            let data = FileManager.default.contents(atPath: root + "/" + name) ?? Data()
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }

    @Test("links out of the folder, to folders, loops and to nothing are not followed, and each is named")
    func links() throws {
        try withTemporaryFolder { folder in
            try Self.plant(folder)
            let walk = try FolderWalk.files(in: folder.path("site"))
            #expect(
                walk.files == [
                    ".git/config", "alias.md", "home.md", "post/evil.js", "post/index.md", "post/pic.png", "post/pic.png.gz",
                    "real/inside.md",
                ])
            #expect(
                walk.refused == [
                    .init(path: "again", reason: FolderWalk.folder), .init(path: "loop", reason: FolderWalk.folder),
                    .init(path: "notes", reason: FolderWalk.outside), .init(path: "nowhere.md", reason: FolderWalk.broken),
                    .init(path: "out.md", reason: FolderWalk.outside), .init(path: "post/cfg.txt", reason: FolderWalk.hidden),
                    .init(path: "post/key.txt", reason: FolderWalk.outside),
                ])
        }
    }

    @Test("the build publishes nothing from outside the folder and says which links it did not follow")
    func nothingLeaks() async throws {
        try await withTemporaryFolder { folder in
            try Self.plant(folder)
            let report = try await Build.run(
                BuildRequest(source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out")))
            let output = try Self.everything(under: folder.path("out"))
            #expect(!output.contains("SECRET"))
            #expect(report.stories == 4)
            #expect(
                report.skipped.filter { $0.reason == .notFollowed }.map(\.location) == [
                    "again", "loop", "notes", "nowhere.md", "out.md", "post/cfg.txt", "post/key.txt",
                ])
            #expect(report.summary.contains("7 symbolic links not followed (again, loop, notes, +4 more)"))
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/post/evil.js")))
            #expect(report.skipped.contains { $0.location == "post/evil.js" && $0.detail?.hasPrefix("a script") == true })
            #expect(report.bundleFilesRefused.contains { $0.contains("pic.png.gz not copied (a precompressed copy") })
            #expect(FileManager.default.fileExists(atPath: folder.path("out/post/pic.png")))
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/post/key.txt")))
        }
    }

    @Test("a theme file or site page that links out of its folder stops the build and is named")
    func themeAndPages() async throws {
        try await withTemporaryFolder { folder in
            try Self.plant(folder)
            try folder.makeFolder("theme")
            try FileManager.default.createSymbolicLink(
                atPath: folder.path("theme/style.css"), withDestinationPath: folder.path("outside/key.txt"))
            var request = BuildRequest(
                source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out"),
                templates: folder.path("theme"))
            await #expect(
                throws: ThemeError.unreadable(
                    path: folder.path("theme/style.css"),
                    reason: "not a file inside the templates folder (a symbolic link out of it?)")
            ) { try await Build.run(request) }
            try folder.makeFolder("pages")
            try FileManager.default.createSymbolicLink(
                atPath: folder.path("pages/about.md"), withDestinationPath: folder.path("outside/out.md"))
            request.templates = nil
            request.pages = folder.path("pages")
            await #expect(throws: SourceError.self) { try await Build.run(request) }
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        }
    }

    /// A folder whose stories ask for paths no build can or may write.
    static func badPaths(_ folder: TemporaryFolder) throws {
        func page(_ file: String, _ permalink: String, day: Int) throws {
            try folder.write(
                "---\ntitle: \(file)\ndate: 2024-02-\(10 + day)\npermalink: \(permalink)\n---\nText of \(file).\n",
                to: "site/" + file)
        }
        try folder.write("---\ntitle: Post\ndate: 2024-02-01\n---\n![d](d.svg)\n", to: "site/post/index.md")
        try folder.write("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>", to: "site/post/d.svg")
        try folder.write("<p>plain</p>", to: "site/post/notes.html")
        try page("headers.md", "/_headers/", day: 1)
        try page("redirects.md", "/_redirects/", day: 2)
        try page("long.md", "/" + String(repeating: "a", count: 300) + "/", day: 3)
        try page("deep.md", "/" + String(repeating: "a/", count: 2_000), day: 4)
        try page("onto.md", "/post/d.svg/", day: 5)
        try page("fine.md", "/fine/", day: 6)
        try page("copy.md", "/fine/index.html.gz/", day: 7)
    }

    @Test("a story whose path is reserved, too long, or onto another's file keeps item/<id>/, named with the reason")
    func paths() async throws {
        try await withTemporaryFolder { folder in
            try Self.badPaths(folder)
            let report = try await Build.run(
                BuildRequest(source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out")))
            #expect(report.stories == 8)
            let refused = report.pathsRefused
            #expect(refused.count == 6)
            #expect(
                refused.contains { $0.hasPrefix("copy.md: path /fine/index.html.gz not taken (a name sitegen writes itself)") })
            #expect(refused.contains { $0.hasPrefix("headers.md: path /_headers not taken") })
            #expect(refused.contains { $0.hasPrefix("redirects.md: path /_redirects not taken") })
            #expect(refused.contains { $0.hasPrefix("long.md: ") && $0.contains("longer than 240 bytes") })
            #expect(refused.contains { $0.hasPrefix("deep.md: ") && $0.contains("longer than 900 bytes") })
            #expect(refused.contains { $0.hasPrefix("onto.md: path /post/d.svg not taken (its place is taken") })
            // The host's file is sitegen's own, the picture is the bundle's, and every page was written.
            let headers = try readText(folder.path("out/_headers"))
            #expect(headers.hasPrefix("# Cache and security rules"))
            #expect(try readText(folder.path("out/post/d.svg")).contains("<svg"))
            #expect(FileManager.default.fileExists(atPath: folder.path("out/fine/index.html")))
            let itemPages = try FileManager.default.contentsOfDirectory(atPath: folder.path("out/item"))
            #expect(itemPages.count == 6)
            for id in itemPages {
                #expect(try readText(folder.path("out/item/\(id)/index.html")).contains("Text of "))
            }
        }
    }

    @Test("--strict fails the build on the first refusal, naming each, and leaves no output")
    func strict() async throws {
        try await withTemporaryFolder { folder in
            try Self.badPaths(folder)
            var request = BuildRequest(source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out"))
            request.strict = true
            do {
                _ = try await Build.run(request)
                Issue.record("a strict build of refused paths succeeded")
            } catch let error as BuildError {
                #expect(error.description.hasPrefix("--strict: 6 refused: "))
                #expect(error.description.contains("headers.md: path /_headers not taken"))
            }
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        }
    }

    @Test("a bundle's SVG and HTML are sandboxed by _headers, or left out with active_files = refuse")
    func activeFiles() async throws {
        try await withTemporaryFolder { folder in
            try Self.badPaths(folder)
            var request = BuildRequest(source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out"))
            _ = try await Build.run(request)
            let headers = try readText(folder.path("out/_headers"))
            #expect(
                headers.contains(
                    "/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n  Content-Security-Policy: \(ContentSecurity.pages)\n"
                ))
            #expect(headers.contains("/post/d.svg\n  Content-Security-Policy: sandbox\n"))
            #expect(headers.contains("/post/notes.html\n  Content-Security-Policy: sandbox\n"))
            #expect(headers.components(separatedBy: "sandbox").count == 3)

            request.refuseActiveFiles = true
            request.output = folder.path("out2")
            let report = try await Build.run(request)
            #expect(!FileManager.default.fileExists(atPath: folder.path("out2/post/d.svg")))
            #expect(!FileManager.default.fileExists(atPath: folder.path("out2/post/notes.html")))
            #expect(report.bundleFilesRefused.count == 2)
            #expect(
                report.bundleFilesRefused.allSatisfy {
                    $0.hasPrefix("post/index.md: bundle file ") && $0.contains("active_files")
                })
            #expect(!(try readText(folder.path("out2/_headers"))).contains("sandbox"))
        }
    }

    @Test("the built-in layout's meta tag carries the policy _headers sends")
    func layoutPolicy() throws {
        let layout = try #require(EmbeddedAssets.templates["layout"])
        #expect(layout.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(ContentSecurity.pages)\">"))
    }

    @Test("a Markdown file over 16 MiB is skipped, named, without being read")
    func hugePage() async throws {
        try await withTemporaryFolder { folder in
            try folder.write("---\ntitle: Fine\n---\nx\n", to: "site/fine.md")
            let huge = try folder.write("---\ntitle: Huge\n---\n", to: "site/huge.md")
            let handle = try #require(FileHandle(forWritingAtPath: huge))
            try handle.truncate(atOffset: UInt64(MarkdownStorySource.maxPageBytes + 1))
            try handle.close()
            let report = try await Build.run(
                BuildRequest(source: MarkdownStorySource(path: folder.path("site")), output: folder.path("out")))
            #expect(report.stories == 1)
            #expect(report.summary.contains("1 malformed (huge.md)"))
            #expect(report.skipped.first { $0.location == "huge.md" }?.detail == "larger than 16 MiB, which no page is")
        }
    }
}
