import Foundation
import SitegenModel
import SitegenSystem
import Synchronization

/// Where a build writes. Everything goes into a staging folder beside the output
/// (`.<name>.staging-<pid>`), and only `commit()` puts it in the output's place, in one atomic
/// swap, so a build that fails or is killed at any moment leaves the previous output whole.
/// A file whose bytes the previous output already holds is hard-linked from it instead of
/// written, so it keeps its inode and mtime (docs/deploy.md explains the choice). The only place
/// a build writes files.
public final class OutputFolder: @unchecked Sendable {
    public let path: String
    let staging: String
    let previous: PreviousOutput
    /// Whether text files get precompressed siblings (`--precompress`).
    package let precompress: Bool
    private let lock: OutputLock
    private let writtenCount = Atomic<Int>(0)
    private let unchangedCount = Atomic<Int>(0)
    private let madeFolders = Mutex<Set<String>>([])
    private let contentNamed = Mutex<Set<String>>([])

    /// Takes the output's lock (a second build into the same output stops here with
    /// `outputLocked`), clears staging folders that killed builds left, and makes a fresh one.
    public init(path: String, precompress: Bool = false) throws {
        self.precompress = precompress
        let url = URL(fileURLWithPath: path).standardizedFileURL
        self.path = url.path
        previous = PreviousOutput(path: url.path)
        let parent = url.deletingLastPathComponent().path
        // `--output a/b/Public` with no `a/b` yet: made, as `mkdir -p` would, for the lock file.
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw SitegenError.writeFailed(path: parent, reason: SystemErrorText.of(error))
        }
        lock = try OutputLock(output: url.path)
        // Holding the lock, any staging folder here belongs to a build that is gone.
        let stagingPrefix = ".\(url.lastPathComponent).staging-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(stagingPrefix) {
            try? FileManager.default.removeItem(atPath: (parent as NSString).appendingPathComponent(name))
        }
        staging = (parent as NSString).appendingPathComponent(stagingPrefix + "\(getpid())")
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw SitegenError.writeFailed(path: staging, reason: SystemErrorText.of(error))
        }
    }

    /// Files this build wrote, and files it kept from the previous output because their bytes
    /// were the same (precompressed siblings not counted).
    public var written: Int { writtenCount.load(ordering: .relaxed) }
    public var unchanged: Int { unchangedCount.load(ordering: .relaxed) }

    /// Writes one file, and its precompressed siblings when it is text (`Precompression`),
    /// making its folder if need be. Unchanged bytes are linked from the previous output
    /// with their siblings, so nothing is rewritten or compressed again. Safe to call
    /// concurrently for different files.
    public func write(_ bytes: [UInt8], to relative: String) throws {
        let full = staging + "/" + relative
        let compress = precompress && Precompression.applies(to: relative)
        if previous.holds(bytes, at: relative), inFolder(full, { previous.link(relative, to: full) }) {
            unchangedCount.add(1, ordering: .relaxed)
            guard compress else { return }
            let missing = Precompression.suffixes.filter { !previous.link(relative + $0, to: full + $0) }
            // Siblings the previous build did not leave (an older sitegen, or none smaller).
            if !missing.isEmpty {
                for sibling in Precompression.siblings(of: bytes) where missing.contains(sibling.suffix) {
                    try writeFile(sibling.bytes, to: full + sibling.suffix)
                }
            }
            return
        }
        try writeFile(bytes, to: full)
        writtenCount.add(1, ordering: .relaxed)
        guard compress else { return }
        for sibling in Precompression.siblings(of: bytes) { try writeFile(sibling.bytes, to: full + sibling.suffix) }
    }

    /// `write`, for a file named by its content (a shard, a manifest part), which several
    /// lists may share: the first to come writes it, the others find it written.
    public func writeContentNamed(_ bytes: [UInt8], to relative: String) throws {
        guard contentNamed.withLock({ $0.insert(relative).inserted }) else { return }
        try write(bytes, to: relative)
    }

    public func write(_ text: String, to relative: String) throws {
        try write(Array(text.utf8), to: relative)
    }

    /// Carries a file of the previous output over as it is, with its siblings (a previous
    /// generation's shard, manifest part or asset). false when the previous output lacks it;
    /// a file this build already made is left as this build made it.
    @discardableResult
    public func keep(_ relative: String) -> Bool {
        let full = staging + "/" + relative
        guard inFolder(full, { previous.link(relative, to: full) }) else { return FileManager.default.fileExists(atPath: full) }
        guard precompress else { return true }
        for suffix in Precompression.suffixes { _ = previous.link(relative + suffix, to: full + suffix) }
        return true
    }

    private func writeFile(_ bytes: [UInt8], to full: String) throws {
        var fd: Int32 = -1
        guard
            inFolder(
                full,
                {
                    fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                    return fd >= 0
                })
        else {
            throw SitegenError.writeFailed(path: full, reason: SystemErrorText.ofErrno())
        }
        defer { close(fd) }
        var offset = 0
        try bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw SitegenError.writeFailed(path: full, reason: SystemErrorText.ofErrno())
                }
                offset += n
            }
        }
    }

    /// Runs `attempt` (false on failure, with errno set) once the file's folder exists. Folders
    /// come into being as the writers on both cores first need them: a large site has a folder
    /// per page and per item page, and making them all up front, on one core, took a tenth of a
    /// 100k build. The staging folder starts empty, so a folder exists only if this build made
    /// it: remembering which it made spares a failed open a page (a path walk each).
    private func inFolder(_ full: String, _ attempt: () -> Bool) -> Bool {
        guard let slash = full.utf8.lastIndex(of: UInt8(ascii: "/")) else { return attempt() }
        let folder = String(full[..<slash])
        if folder != staging && !madeFolders.withLock({ $0.contains(folder) }) {
            guard makeFolder(folder) else { return false }
            madeFolders.withLock { _ = $0.insert(folder) }
        }
        return attempt()
    }

    /// mkdir -p under the staging folder (which exists). Plain mkdir(2): FileManager's
    /// createDirectory costs several times more. Two writers making the same folder is fine.
    private func makeFolder(_ folder: String) -> Bool {
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT, folder.utf8.count > staging.utf8.count, let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/"))
        else {
            return false
        }
        return makeFolder(String(folder[..<slash])) && (mkdir(folder, 0o755) == 0 || errno == EEXIST)
    }

    /// Puts the staged build in the output's place. Top-level dot-files of the old output that the
    /// build did not make (.gitkeep, .well-known, a CNAME-like marker) are carried over.
    public func commit() throws {
        defer { lock.release() }
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            guard rename(staging, path) == 0 else { throw failure(path) }
            return
        }
        guard isDirectory.boolValue else {
            discard()
            throw SitegenError.writeFailed(path: path, reason: "exists and is not a folder")
        }
        for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] where name.hasPrefix(".") {
            let target = (staging as NSString).appendingPathComponent(name)
            if !fm.fileExists(atPath: target) && !previous.link(name, to: target) {
                try? fm.copyItem(atPath: (path as NSString).appendingPathComponent(name), toPath: target)
            }
        }
        if FolderSwap.exchange(staging, path) {
            // The staging name now holds the old output.
            try? fm.removeItem(atPath: staging)
            return
        }
        // No atomic exchange here: two renames, with a moment between them without an output.
        let old = staging + ".old"
        try? fm.removeItem(atPath: old)
        guard rename(path, old) == 0 else { throw failure(path) }
        guard rename(staging, path) == 0 else {
            let error = failure(path)
            _ = rename(old, path)
            throw error
        }
        try? fm.removeItem(atPath: old)
    }

    /// The error for a failed rename, after throwing the staged files away.
    private func failure(_ path: String) -> SitegenError {
        let reason = SystemErrorText.ofErrno()
        discard()
        return SitegenError.writeFailed(path: path, reason: reason)
    }

    /// Throws the staged files away; the output is untouched.
    public func discard() {
        try? FileManager.default.removeItem(atPath: staging)
        lock.release()
    }
}
