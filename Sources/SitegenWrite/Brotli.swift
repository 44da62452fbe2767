import CBrotli

/// Brotli through Debian's libbrotli (libbrotli-dev). Bytes in, bytes out; the only file that
/// calls libbrotli. Deterministic: the same bytes always give the same file.
enum Brotli {
    /// Below 5, brotli is no smaller than gzip 6 on sitegen's pages and shards, so a `.br` would
    /// cost time for nothing; at 5 it is 8-10 % smaller; 9 and up are many times slower for
    /// little more (docs/guides/deploy.md has the table).
    static let defaultQuality: Int32 = 5

    package static func compress(_ input: [UInt8], quality: Int32 = defaultQuality) -> [UInt8] {
        var size = BrotliEncoderMaxCompressedSize(input.count)
        guard size > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: size)
        let ok = input.withUnsafeBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                BrotliEncoderCompress(
                    quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, inBuffer.count, inBuffer.baseAddress, &size,
                    outBuffer.baseAddress)
            }
        }
        guard ok == BROTLI_TRUE else { return [] }
        output.removeLast(output.count - size)
        return output
    }
}
