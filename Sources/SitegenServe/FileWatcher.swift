import Foundation
import Synchronization

/// Tells whether anything under some paths changed since it last looked.
public protocol FileWatcher: Sendable {
    /// True when a file was added, removed or changed (modification time or size) since the
    /// previous call (or since the watcher was made).
    func poll() -> Bool
}

/// Polls modification times and sizes, by default every 250 ms (`ReloadLoop`). Polling rather
/// than inotify or FSEvents: it is the same code on Linux and macOS, needs no C shim, follows a
/// folder that is deleted and made again (editors that save by rename do that), and walking a
/// theme, a config and a source folder four times a second costs well under a millisecond.
public final class PollingWatcher: FileWatcher {
    public typealias Snapshot = [String: FileStamp]

    public struct FileStamp: Equatable, Sendable {
        let modified: Double
        let size: Int
    }

    private let paths: [String]
    private let last: Mutex<Snapshot>

    /// - Parameter paths: files or folders (walked whole); a path that does not exist yet is
    ///   watched for appearing.
    public init(paths: [String]) {
        self.paths = paths
        self.last = Mutex(Self.snapshot(paths))
    }

    public func poll() -> Bool {
        let now = Self.snapshot(paths)
        return last.withLock { last in
            defer { last = now }
            return last != now
        }
    }

    static func snapshot(_ paths: [String]) -> Snapshot {
        var stamps: Snapshot = [:]
        let manager = FileManager.default
        for path in paths {
            guard let stamp = stamp(path) else { continue }
            stamps[path] = stamp
            guard let walker = manager.enumerator(atPath: path) else { continue }
            while let child = walker.nextObject() as? String {
                let full = (path as NSString).appendingPathComponent(child)
                if let stamp = self.stamp(full) { stamps[full] = stamp }
            }
        }
        return stamps
    }

    private static func stamp(_ path: String) -> FileStamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let isFolder = (attributes[.type] as? FileAttributeType) == .typeDirectory
        return FileStamp(modified: modified, size: isFolder ? 0 : (attributes[.size] as? Int) ?? 0)
    }
}
