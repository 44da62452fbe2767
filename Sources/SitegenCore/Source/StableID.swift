/// A story id for sources whose items are named by strings (a paged API's "id": "c4f2", a
/// Markdown file's name): FNV-1a over the UTF-8 bytes, kept to 53 bits so the browser reads it
/// as an exact number, never 0. The same string gives the same id in every build.
public enum StableID {
    public static func of(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let id = Int(hash & 0x1F_FFFF_FFFF_FFFF)
        return id == 0 ? 1 : id
    }
}
