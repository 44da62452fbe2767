import SitegenSystem
import Synchronization

/// A file as it is served: its bytes (a page with the live-reload tag already in), their hash
/// (the ETag's) and, for compressible text, their gzip when that is smaller. Made once per
/// version of the file, that is once a build, rather than on every request.
struct ServedFile: Sendable {
    let body: [UInt8]
    let hash: String
    let gzipped: [UInt8]?
}

/// The files `StaticFiles` has prepared, by path, each with the version (`FileLook`) it was
/// made from. A request whose file has not moved since is answered from here without a read;
/// otherwise the file is read and prepared on a thread of its own (`BlockingExecutor`), never
/// on the cooperative pool the server answers on.
final class PreparedFiles: Sendable {
    /// Memory the held files may take. Past it, everything held is dropped and prepared again
    /// as asked: a site larger than this is served as before, at the cost of a read.
    static let budget = 256 << 20
    /// A file larger than this is prepared for each request and not held: it would take the
    /// budget's room from many small ones.
    static let largest = 16 << 20

    private struct Held {
        let version: String
        let file: ServedFile
        var bytes: Int { file.body.count + (file.gzipped?.count ?? 0) }
    }

    private let held = Mutex<(files: [String: Held], bytes: Int)>(([:], 0))

    /// The file at `path` prepared by `prepare` from its bytes; nil when there is none.
    func served(
        _ path: String, in source: any FileSource, prepare: @escaping @Sendable ([UInt8]) -> ServedFile
    ) async -> ServedFile? {
        guard case .file(let version) = source.look(path) else { return nil }
        if let hit = held.withLock({ $0.files[path] }), hit.version == version { return hit.file }
        guard let file = try? await BlockingExecutor.run({ source.read(path).map(prepare) }) else { return nil }
        let entry = Held(version: version, file: file)
        if entry.bytes <= Self.largest {
            held.withLock { held in
                if let old = held.files[path] { held.bytes -= old.bytes }
                if held.bytes + entry.bytes > Self.budget { held = ([:], 0) }
                held.files[path] = entry
                held.bytes += entry.bytes
            }
        }
        return file
    }
}
