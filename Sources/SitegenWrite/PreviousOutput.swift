import Foundation

/// The output as the last finished build left it, read-only: what lets a rebuild leave a file
/// whose bytes did not change as it is (its inode and mtime stay, so rsync or a deploy tool sees
/// nothing to upload), and find the previous generations' files.
struct PreviousOutput: Sendable {
    package let path: String
    /// Whether there is a previous output at all. A first build (or one into an emptied folder)
    /// then asks nothing of the file system: a failed open a file is a path walk each, and at
    /// 100,000 stories that was 6,760 of them.
    package let exists: Bool

    package init(path: String) {
        self.path = path
        var info = stat()
        exists = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `relative` holds exactly `bytes`. Reads the old file (a size check alone would miss
    /// a page whose ranks moved by the same number of digits).
    package func holds(_ bytes: [UInt8], at relative: String) -> Bool {
        guard exists else { return false }
        let fd = open(path + "/" + relative, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        guard let old = readAll(fd, expected: bytes.count) else { return false }
        return old == bytes
    }

    /// The old file's bytes, nil when it is missing or unreadable.
    package func read(_ relative: String) -> [UInt8]? {
        guard exists else { return nil }
        let fd = open(path + "/" + relative, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return readAll(fd, expected: Int(info.st_size))
    }

    /// Files (not folders) directly in `relative`, as paths relative to the output; [] when the
    /// folder is missing.
    package func files(in relative: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path + "/" + relative)) ?? []
        return names.sorted().map { relative + "/" + $0 }.filter { isFile($0) }
    }

    /// The size of the regular file at `relative`; nil when there is none.
    func size(of relative: String) -> Int? {
        var info = stat()
        guard exists, stat(path + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    func isFile(_ relative: String) -> Bool {
        var info = stat()
        return stat(path + "/" + relative, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private func readAll(_ fd: Int32, expected: Int) -> [UInt8]? {
        // One byte more than expected, to notice a file that grew since fstat.
        var buffer = [UInt8](repeating: 0, count: expected + 1)
        var filled = 0
        let ok = buffer.withUnsafeMutableBytes { raw -> Bool in
            while filled < raw.count {
                let n = Foundation.read(fd, raw.baseAddress! + filled, raw.count - filled)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return false }
                if n == 0 { break }
                filled += n
            }
            return true
        }
        guard ok, filled == expected else { return nil }
        buffer.removeLast()
        return buffer
    }
}
