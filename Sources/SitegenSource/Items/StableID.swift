/// A story id for sources whose items are named by strings (a paged API's "id": "c4f2", a
/// Markdown file's name): the string's FNV-1a 64-bit hash kept to 53 bits, so the browser reads
/// it as an exact number, and never 0. The same string gives the same id in every build and in
/// every version of sitegen: ids are in item pages' addresses, so this function must not change
/// (which is why it is not `ContentHash`, free to change for speed).
public enum StableID {
    /// Ids stay below 2^53 so the script, which reads them as JavaScript numbers, sees them exactly.
    public static let limit = 1 << 53

    public static func of(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let id = Int(hash & UInt64(limit - 1))
        return id == 0 ? 1 : id
    }
}
