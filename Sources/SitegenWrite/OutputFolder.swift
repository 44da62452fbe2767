import Foundation
import SitegenModel
import SitegenSystem
import Synchronization

/// Where a build writes; the only place a build writes files. Two ways, by whether there is an
/// output already (docs/guides/deploy.md tells both):
///
/// - **A first build** (no output folder yet) goes into a staging folder beside the output
///   (`.<name>.staging-<pid>`), which `commit()` renames into the output's place: until then
///   there is no output, and after it a whole one.
/// - **A rebuild** costs what changed: a file whose bytes the output already holds is left as it
///   is (its inode and mtime too); a changed or new file is written beside its place as
///   `<name>.sitegen-new`, and `commit()` renames those into place, files named by their content
///   first, then manifests, then pages (`DeployPhase`, the order a deploy uploads in), then
///   removes the files this build neither made nor kept. A build that fails before `commit()`
///   leaves the output as it was; one killed during it leaves every page whole and every file a
///   page names in place (nothing is removed before every rename is done).
public final class OutputFolder: @unchecked Sendable {
    public let path: String
    /// The folder the output is in, made if it was not there: where its lock and staging folder
    /// are, and where a build spills its rows.
    package let parent: String
    /// Where files go: the staging folder, or the output itself for a rebuild.
    let root: String
    let staging: String
    let previous: PreviousOutput
    /// A rebuild: files are written beside their place and renamed at `commit()`.
    package let inPlace: Bool
    /// In place: every file this build has (written, or left unchanged), relative to the output.
    private let kept = Mutex<Set<String>>([])
    /// In place: files written as `<name>.sitegen-new`, to be renamed over `<name>`.
    private let pending = Mutex<[String]>([])
    /// In place: files the commit removed (neither written nor kept), relative to the output.
    private let removed = Mutex<[String]>([])
    /// A first build: every file written, relative to the output (its changed files, without
    /// walking the folder again after the commit). Every file of a first build comes through
    /// `write`.
    private let fresh = Mutex<[String]>([])
    static let pendingSuffix = ".sitegen-new"
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
        parent = url.deletingLastPathComponent().path
        // `--output a/b/Public` with no `a/b` yet: made, as `mkdir -p` would, for the lock file.
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw WriteError.writeFailed(path: parent, reason: SystemErrorText.of(error))
        }
        lock = try OutputLock(output: url.path)
        // Holding the lock, any staging folder here belongs to a build that is gone.
        let stagingPrefix = ".\(url.lastPathComponent).staging-"
        // And the halves of a stamp, changed list or kept file a killed build was writing (`.new`).
        let halves = [
            BuildStamp.file(of: url.path), ChangedURLs.file(of: url.path), KeptPages.file(of: url.path),
            BesideOutput.path(of: url.path, "parses"),
        ].map { $0 + ".new" }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where name.hasPrefix(stagingPrefix) || halves.contains((parent as NSString).appendingPathComponent(name)) {
            try? FileManager.default.removeItem(atPath: (parent as NSString).appendingPathComponent(name))
        }
        staging = (parent as NSString).appendingPathComponent(stagingPrefix + "\(getpid())")
        inPlace = previous.exists
        root = inPlace ? url.path : staging
        if inPlace { return }
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw WriteError.writeFailed(path: staging, reason: SystemErrorText.of(error))
        }
    }

    /// Files this build wrote, and files it kept from the previous output because their bytes
    /// were the same (precompressed siblings not counted).
    public var written: Int { writtenCount.load(ordering: .relaxed) }
    public var unchanged: Int { unchangedCount.load(ordering: .relaxed) }

    /// Writes one file, and its precompressed siblings when it is text (`Precompression`),
    /// making its folder if need be; in a rebuild, bytes the output holds already are left as
    /// they are, with their siblings, so nothing is rewritten or compressed again. Safe to call
    /// concurrently for different files.
    public func write(_ bytes: [UInt8], to relative: String) throws {
        if inPlace { return try writeInPlace(bytes, to: relative) }
        let full = staging + "/" + relative
        try writeFile(bytes, to: full)
        writtenCount.add(1, ordering: .relaxed)
        fresh.withLock { $0.append(relative) }
        guard precompress && Precompression.applies(to: relative) else { return }
        for sibling in Precompression.siblings(of: bytes) { try writeFile(sibling.bytes, to: full + sibling.suffix) }
    }

    /// `write`, for a file named by its content (a shard, a manifest part), which several
    /// lists may share: the first to come writes it, the others find it written.
    public func writeContentNamed(_ bytes: [UInt8], to relative: String) throws {
        guard contentNamed.withLock({ $0.insert(relative).inserted }) else { return }
        // Its name says its bytes: a file of that name and size holds them, unread.
        if inPlace { return try writeInPlace(bytes, to: relative, same: previous.size(of: relative) == bytes.count) }
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
        if inPlace {
            // A file this build already wrote or kept (a thread's file, which every generation
            // lists again) is in the output: not looked at again.
            if kept.withLock({ $0.contains(relative) }) { return true }
            guard previous.isFile(relative) else { return false }
            kept.withLock { kept in
                kept.insert(relative)
                for suffix in Precompression.suffixes where precompress { kept.insert(relative + suffix) }
            }
            return true
        }
        // A first build has no previous output to keep from: only what it wrote itself.
        return FileManager.default.fileExists(atPath: staging + "/" + relative)
    }

    /// `keep`, for a file this build would have written with the bytes it has, whose version
    /// was just found as the build that made it left it (a page `KeptPages` vouches for): a
    /// regular file of the previous output, so not looked at again; counted with the unchanged
    /// files. Only a rebuild in place keeps pages.
    public func keepChecked(_ relative: String) {
        precondition(inPlace, "pages are kept only over the output they were made in")
        kept.withLock { kept in
            kept.insert(relative)
            for suffix in Precompression.suffixes where precompress { kept.insert(relative + suffix) }
        }
        unchangedCount.add(1, ordering: .relaxed)
    }

    /// A rebuild's write: nothing when the output holds these bytes already (and the siblings
    /// wanted), else the bytes beside their place, renamed at `commit()`.
    private func writeInPlace(_ bytes: [UInt8], to relative: String, same: Bool? = nil) throws {
        let compress = precompress && Precompression.applies(to: relative)
        var files: [(relative: String, bytes: [UInt8])] = []
        if same ?? previous.holds(bytes, at: relative) {
            unchangedCount.add(1, ordering: .relaxed)
            if compress {
                // Siblings an earlier build did not leave (one built without --precompress).
                let missing = Precompression.suffixes.filter { !previous.isFile(relative + $0) }
                if !missing.isEmpty {
                    files += Precompression.siblings(of: bytes).filter { missing.contains($0.suffix) }.map {
                        (relative + $0.suffix, $0.bytes)
                    }
                }
            }
        } else {
            writtenCount.add(1, ordering: .relaxed)
            files.append((relative, bytes))
            if compress { files += Precompression.siblings(of: bytes).map { (relative + $0.suffix, $0.bytes) } }
        }
        for file in files { try writeFile(file.bytes, to: root + "/" + file.relative + Self.pendingSuffix) }
        kept.withLock { kept in
            kept.insert(relative)
            if compress { for suffix in Precompression.suffixes { kept.insert(relative + suffix) } }
        }
        if !files.isEmpty { pending.withLock { $0 += files.map(\.relative) } }
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
            throw WriteError.writeFailed(path: full, reason: SystemErrorText.ofErrno())
        }
        defer { close(fd) }
        guard bytes.withUnsafeBytes({ WholeWrite.write($0, to: fd) }) else {
            throw WriteError.writeFailed(path: full, reason: SystemErrorText.ofErrno())
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
        if folder != root && !madeFolders.withLock({ $0.contains(folder) }) {
            guard makeFolder(folder) else { return false }
            madeFolders.withLock { _ = $0.insert(folder) }
        }
        return attempt()
    }

    /// mkdir -p under the root (which exists). Plain mkdir(2): FileManager's createDirectory
    /// costs several times more. Two writers making the same folder is fine.
    private func makeFolder(_ folder: String) -> Bool {
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT, folder.utf8.count > root.utf8.count, let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/"))
        else {
            return false
        }
        return makeFolder(String(folder[..<slash])) && (mkdir(folder, 0o755) == 0 || errno == EEXIST)
    }

    /// Puts the build in the output's place: a rebuild's files renamed over theirs, a first
    /// build's staging folder renamed to the output. A folder made at the output's path during a
    /// first build (by something else) is not replaced: the build fails and leaves it.
    public func commit() throws {
        defer { lock.release() }
        if inPlace { return try commitInPlace() }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            discard()
            throw WriteError.writeFailed(
                path: path,
                reason: isDirectory.boolValue ? "was made by something else during the build" : "exists and is not a folder")
        }
        guard rename(staging, path) == 0 else { throw failure(path) }
    }

    /// The error for a failed rename, after throwing the staged files away.
    private func failure(_ path: String) -> WriteError {
        let reason = SystemErrorText.ofErrno()
        discard()
        return WriteError.writeFailed(path: path, reason: reason)
    }

    /// Throws the staged files away; the output is untouched.
    public func discard() {
        if inPlace {
            for relative in pending.withLock({ $0 }) { unlink(root + "/" + relative + Self.pendingSuffix) }
        } else {
            try? FileManager.default.removeItem(atPath: staging)
        }
        lock.release()
    }

    /// A rebuild's end: the written files renamed into place in `DeployPhase` order, then every
    /// file the build neither wrote nor kept removed (a killed build's leftovers too), and the
    /// folders that left empty. Top-level dot-files (.well-known, .gitkeep) stay.
    private func commitInPlace() throws {
        // Each file's phase found once, not at every comparison of the sort.
        let renames = pending.withLock { $0 }.map { (phase: DeployPhase.of($0), relative: $0) }.sorted { a, b in
            a.phase != b.phase ? a.phase < b.phase : a.relative < b.relative
        }
        for (_, relative) in renames {
            let full = root + "/" + relative
            guard rename(full + Self.pendingSuffix, full) == 0 else {
                throw WriteError.writeFailed(path: full, reason: SystemErrorText.ofErrno())
            }
        }
        let kept = kept.withLock { $0 }
        // The folders two levels down (item/<id>, page/<n>, tags/<term>: most of a large
        // site's) are swept on both cores; each says whether it was left empty.
        var top: [(relative: String, isFolder: Bool)] = entries(of: "")
        top.removeAll { $0.relative.hasPrefix(".") }
        var second: [String] = []
        for (folder, isFolder) in top where isFolder {
            for (relative, isFolder) in entries(of: folder) {
                if isFolder {
                    second.append(relative)
                } else if !kept.contains(relative) {
                    unlink(root + "/" + relative)
                    removed.withLock { $0.append(relative) }
                }
            }
        }
        let emptied = Mutex<[String]>([])
        let folders = second
        Parallel.forEach(count: folders.count) { i in
            if sweep(folders[i], kept: kept) { emptied.withLock { $0.append(folders[i]) } }
        }
        for folder in emptied.withLock({ $0 }) { rmdir(root + "/" + folder) }
        for (relative, isFolder) in top {
            // A top-level folder left empty goes; rmdir refuses one that is not.
            if isFolder {
                rmdir(root + "/" + relative)
            } else if !kept.contains(relative) {
                unlink(root + "/" + relative)
                removed.withLock { $0.append(relative) }
            }
        }
    }

    /// Removes what `kept` lacks under `folder` (relative to the root), and the folders that
    /// leaves empty; true when `folder` is left empty.
    private func sweep(_ folder: String, kept: Set<String>) -> Bool {
        let entries = entries(of: folder)
        var empty = true
        for (relative, isFolder) in entries {
            if isFolder {
                if sweep(relative, kept: kept) { rmdir(root + "/" + relative) } else { empty = false }
            } else if kept.contains(relative) {
                empty = false
            } else {
                unlink(root + "/" + relative)
                removed.withLock { $0.append(relative) }
            }
        }
        return empty
    }

    /// After `commit()`: the files whose bytes this build changed (written new, or removed),
    /// relative to the output, sorted; precompressed siblings not listed (they go with their
    /// file). A first build changed every file: its whole output.
    public func changedFiles() -> (written: [String], removed: [String]) {
        let isSibling = { (path: String) in Precompression.suffixes.contains { path.hasSuffix($0) } }
        // A first build changed every file it wrote. Paths under a top-level name that begins
        // with a dot are left out, as the walk of the output that this replaced left them.
        guard inPlace else { return (fresh.withLock { $0 }.filter { !$0.hasPrefix(".") && !isSibling($0) }.sorted(), []) }
        return (
            pending.withLock { $0 }.filter { !isSibling($0) }.sorted(), removed.withLock { $0 }.filter { !isSibling($0) }.sorted()
        )
    }

    /// The entries of `folder` (relative, "" for the root) as paths relative to the root, each
    /// with whether it is a folder (`FolderListing`).
    private func entries(of folder: String) -> [(relative: String, isFolder: Bool)] {
        FolderListing.entries(of: folder, under: root).map { ($0.relative, $0.kind == .folder) }
    }
}
