import Foundation

/// Debian's gzip, undoing a `Content-Encoding: gzip` body as a browser would: a decoder that is
/// not sitegen's own (zlib) code checks what sitegen's gzip wrote.
public enum Gunzip {
    public struct Failed: Error, CustomStringConvertible {
        public let status: Int32
        public var description: String { "gzip -dc exited \(status)" }
    }

    public static func bytes(_ compressed: [UInt8]) throws -> [UInt8] {
        try withTemporaryFolder { folder in
            let path = folder.path("body.gz")
            try Data(compressed).write(to: URL(fileURLWithPath: path))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/gzip")
            process.arguments = ["-dc", path]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw Failed(status: process.terminationStatus) }
            return [UInt8](data)
        }
    }
}
