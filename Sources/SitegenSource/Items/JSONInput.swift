import Foundation
import SitegenModel
import SitegenSystem
import Synchronization

/// Reading source files, with failures turned into `SourceError`s that name the file, line and
/// column. Items are parsed by `ItemParser`; JSONDecoder is left with the small list files.
enum JSONInput {
    package static func read(_ path: String) throws -> Data {
        BlockingExecutor.willBlock("JSONInput: reads a file")
        if let data = try readInParts(path) { return data }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SourceError.unreadable(path: path, reason: SystemErrorText.of(error))
        }
    }

    /// A large regular file's bytes, read in parts on both cores (`pread` at each part's
    /// offset); nil for anything else (small, not a regular file, not found), which `read`
    /// reads the plain way and whose failure it words. Copying a file out of the page cache
    /// into fresh memory costs a page fault a page: on one core, the other would wait.
    private static func readInParts(_ path: String) throws -> Data? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 1 << 20 else { return nil }
        let size = Int(info.st_size)
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        nonisolated(unsafe) let target = bytes
        let parts = Parallel.chunkCount(size / (1 << 18))
        let failure = Atomic<Int32>(0)
        Parallel.forEach(count: parts) { part in
            var offset = part * size / parts
            let end = (part + 1) * size / parts
            while offset < end {
                let got = pread(file, target + offset, end - offset, off_t(offset))
                if got > 0 {
                    offset += got
                } else if got < 0, errno == EINTR {
                    continue
                } else {
                    // 0: the file ended early, so it shrank after `fstat`.
                    failure.store(got == 0 ? EAGAIN : errno, ordering: .relaxed)
                    return
                }
            }
        }
        let error = failure.load(ordering: .relaxed)
        guard error == 0 else {
            bytes.deallocate()
            let reason = error == EAGAIN ? "the file changed while it was read" : String(cString: strerror(error))
            throw SourceError.unreadable(path: path, reason: reason)
        }
        return Data(bytesNoCopy: bytes, count: size, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// A Hacker News list (`topstories.json`): an array of integer item ids, in rank order.
    static func itemIDs(_ data: Data, path: String) throws -> [Int] {
        do {
            return try JSONDecoder().decode([Int].self, from: data)
        } catch {
            if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
                throw SourceError.invalidField(path: path, field: "(top level)", reason: "must be an array of integer item ids")
            }
            throw invalid(data, path: path, error: error)
        }
    }

    /// JSONDecoder's errors carry no position; JSONSerialization's say "around character N",
    /// which is turned into a line and column here. Only runs on the failure path.
    package static func invalid(_ data: Data, path: String, error: Error) -> SourceError {
        // A well-formed file of the wrong shape (`null`, `5`, an object where an array belongs).
        var shape: DecodingError.Context?
        if case DecodingError.typeMismatch(_, let context) = error { shape = context }
        if case DecodingError.valueNotFound(_, let context) = error { shape = context }
        if let context = shape {
            let field = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined()
            return .invalidField(path: path, field: field.isEmpty ? "(top level)" : field, reason: context.debugDescription)
        }
        var message = "not valid JSON"
        var offset: Int?
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? message
            message = text.hasSuffix(".") ? String(text.dropLast()) : text
            if let range = text.range(of: "character "),
                let n = Int(text[range.upperBound...].prefix(while: { $0.isNumber }))
            {
                offset = n
            }
        }
        if data.isEmpty { message = "the file is empty" }
        guard let offset else { return .invalidJSON(path: path, line: nil, column: nil, reason: message) }
        let (line, column) = TextPosition.of(byte: offset, in: data)
        return .invalidJSON(path: path, line: line, column: column, reason: message)
    }
}
