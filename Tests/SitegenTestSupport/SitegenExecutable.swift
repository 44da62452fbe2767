import Foundation

/// The built `sitegen` command, for tests that run it as a user would.
public enum SitegenExecutable {
    /// The package root: this file is <root>/Tests/SitegenTestSupport/SitegenExecutable.swift.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the test binary runs from: the build products folder of this scratch path.
    public static var testProductsFolder: URL? {
        #if os(Linux)
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if FileManager.default.fileExists(atPath: exe.path) { return exe.deletingLastPathComponent() }
        #endif
        // macOS: Bundle.main is xctest's runner; the .xctest bundle sits in the products folder.
        if let bundle = Bundle.allBundles.first(where: { $0.bundleURL.pathExtension == "xctest" }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent()
    }

    /// Candidates, best first: next to the test binary (same scratch path, so built from the same
    /// sources), then `<root>/.build*/debug/sitegen` for any scratch path.
    public static var candidates: [URL] {
        var urls: [URL] = []
        if let folder = testProductsFolder { urls.append(folder.appendingPathComponent("sitegen")) }
        let scratch = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path)) ?? [])
            .filter { $0.hasPrefix(".build") }.sorted()
        for folder in scratch {
            urls.append(packageRoot.appendingPathComponent(folder).appendingPathComponent("debug/sitegen"))
        }
        return urls
    }

    /// The first candidate that is an executable file, nil if there is none.
    public static var url: URL? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs the command in `directory` and waits; output goes through files, so a chatty command
    /// cannot fill a pipe and hang the test. Blocks its thread, so only `run` below calls it.
    private static func runBlocking(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Result {
        let outURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs the command and waits for it off the concurrency pool. Swift Testing runs every test
    /// on that pool's few threads (two on a 2-core machine); a test blocking one while a build
    /// runs starved the HTTP tests' fetches until their deadline passed (CI, 2026-11-27).
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try runBlocking(executable, arguments, in: directory) })
            }
        }
    }
}
