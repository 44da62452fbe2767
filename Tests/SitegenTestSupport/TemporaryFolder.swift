import Foundation

/// A fresh folder under the system's temporary directory, removed when the closure returns.
/// Closure-scoped on purpose: a folder removed from a `deinit` could vanish mid-test, because
/// ARC may release an object right after its last use.
public struct TemporaryFolder: Sendable {
    public let url: URL
    public var path: String { url.path }

    fileprivate init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sitegen-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Absolute path of `relative` inside the folder (nothing is created).
    public func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes `text` (UTF-8) to `relative`, creating intermediate folders; returns the absolute path.
    @discardableResult
    public func write(_ text: String, to relative: String) throws -> String {
        try write(Data(text.utf8), to: relative)
    }

    @discardableResult
    public func write(_ data: Data, to relative: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file.path
    }

    /// Creates a folder (and its parents); returns its absolute path.
    @discardableResult
    public func makeFolder(_ relative: String) throws -> String {
        let folder = url.appendingPathComponent(relative, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    fileprivate func remove() { try? FileManager.default.removeItem(at: url) }
}

public func withTemporaryFolder<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    return try body(folder)
}

public func withTemporaryFolder<T>(_ body: (TemporaryFolder) async throws -> T) async throws -> T {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    return try await body(folder)
}

/// Every file under `root` (relative paths, sorted), folders excluded.
public func filesUnder(_ root: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
            !isDirectory.boolValue
        {
            files.append(relative)
        }
    }
    return files.sorted()
}

public func readBytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

public func readText(_ path: String) throws -> String { String(decoding: try readBytes(path), as: UTF8.self) }
