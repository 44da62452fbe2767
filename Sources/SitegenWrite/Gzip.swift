import CZlib

/// gzip through Debian's zlib (Foundation has no compression on Linux). Bytes in, bytes out; the
/// only file that calls zlib. The gzip header carries no time and no name, so the same bytes
/// always compress to the same file (a rebuild that changes nothing rewrites nothing).
public enum Gzip {
    /// zlib's default. On sitegen's pages and shards level 9 saves another 1 % (of 25 %) and
    /// level 1 costs 8 % more bytes; neither is worth leaving 6 (docs/guides/deploy.md has the table).
    public static let defaultLevel: Int32 = 6

    /// Empty when zlib fails (it does not, short of memory): callers then keep the input.
    public static func compress(_ input: [UInt8], level: Int32 = defaultLevel) -> [UInt8] {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip wrapper rather than zlib's own.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else { return [] }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))))
        let status = input.withUnsafeBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        // deflateBound is enough for a single Z_FINISH call by zlib's contract.
        guard status == Z_STREAM_END else { return [] }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }
}
