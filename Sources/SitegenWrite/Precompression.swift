/// Precompressed siblings: `index.html.gz` and `index.html.br` beside `index.html`, which a
/// server sends as they are (nginx `gzip_static on`, `brotli_static on`) instead of compressing
/// the file on every request, and at a level it could not afford per request.
enum Precompression {
    /// The kinds of file worth it: text, served often. Pictures and the like are compressed
    /// already.
    static func applies(to relative: String) -> Bool {
        relative.hasSuffix(".html") || relative.hasSuffix(".json") || relative.hasSuffix(".css") || relative.hasSuffix(".js")
    }

    /// Every suffix a sibling may have, for carrying siblings of unchanged files over.
    static let suffixes = [".gz", ".br"]

    /// The siblings of a file with these bytes. One that would not be smaller than the file is
    /// left out (a tiny file grows under gzip's header); the server then sends the file itself.
    package static func siblings(of bytes: [UInt8]) -> [(suffix: String, bytes: [UInt8])] {
        [(".gz", Gzip.compress(bytes)), (".br", Brotli.compress(bytes))]
            .filter { !$0.bytes.isEmpty && $0.bytes.count < bytes.count }
    }
}
