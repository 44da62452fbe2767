import Foundation

/// Where a build writes. Everything goes into a staging folder beside the output
/// (`.<name>.staging-<pid>`), and only `commit()` puts it in the output's place, so a build that
/// fails leaves the previous output as it was. The only place SitegenCore writes files.
public final class OutputFolder: @unchecked Sendable {
    public let path: String
    let staging: String

    public init(path: String) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        self.path = url.path
        let parent = url.deletingLastPathComponent().path
        staging = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent).staging-\(getpid())")
        try? FileManager.default.removeItem(atPath: staging)
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw SitegenError.writeFailed(path: staging, reason: JSONInput.reason(error))
        }
    }

    /// Creates folders (relative to the output) up front, so `write` can run from many threads.
    /// Plain mkdir(2), parents first: FileManager's createDirectory costs several times more, and
    /// a large site has a folder per page and per item page.
    public func makeFolders(_ relative: some Sequence<String>) throws {
        var made = Set<String>()
        func make(_ folder: Substring) throws {
            guard !folder.isEmpty, !made.contains(String(folder)) else { return }
            if let slash = folder.lastIndex(of: "/") { try make(folder[..<slash]) }
            let full = staging + "/" + folder
            guard mkdir(full, 0o755) == 0 || errno == EEXIST else {
                throw SitegenError.writeFailed(path: full, reason: String(cString: strerror(errno)))
            }
            made.insert(String(folder))
        }
        for folder in relative { try make(Substring(folder)) }
    }

    /// Writes one file; its folder must exist (`makeFolders`). Safe to call concurrently for
    /// different files.
    public func write(_ bytes: [UInt8], to relative: String) throws {
        try bytes.withUnsafeBytes { try write(buffer: $0, to: relative) }
    }

    /// A native String's UTF-8 is written where it is, without a copy (pages are large).
    public func write(_ text: String, to relative: String) throws {
        var text = text
        try text.withUTF8 { try write(buffer: UnsafeRawBufferPointer($0), to: relative) }
    }

    private func write(buffer: UnsafeRawBufferPointer, to relative: String) throws {
        let full = staging + "/" + relative
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SitegenError.writeFailed(path: full, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var offset = 0
        while offset < buffer.count {
            let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw SitegenError.writeFailed(path: full, reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }

    /// Puts the staged build in the output's place. Top-level dot-files of the old output that the
    /// build did not make (.gitkeep, .well-known, a CNAME-like marker) are carried over.
    public func commit() throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                discard()
                throw SitegenError.writeFailed(path: path, reason: "exists and is not a folder")
            }
            for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] where name.hasPrefix(".") {
                let target = (staging as NSString).appendingPathComponent(name)
                if !fm.fileExists(atPath: target) {
                    try? fm.copyItem(atPath: (path as NSString).appendingPathComponent(name), toPath: target)
                }
            }
            let old = staging + ".old"
            try? fm.removeItem(atPath: old)
            guard rename(path, old) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw SitegenError.writeFailed(path: path, reason: reason)
            }
            guard rename(staging, path) == 0 else {
                let reason = String(cString: strerror(errno))
                _ = rename(old, path)
                discard()
                throw SitegenError.writeFailed(path: path, reason: reason)
            }
            try? fm.removeItem(atPath: old)
        } else {
            guard rename(staging, path) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw SitegenError.writeFailed(path: path, reason: reason)
            }
        }
    }

    /// Throws the staged files away; the output is untouched.
    public func discard() {
        try? FileManager.default.removeItem(atPath: staging)
    }
}
