/// A story id for sources whose items are named by strings (a paged API's "id": "c4f2", a
/// Markdown file's name): the string's FNV-1a hash (`ContentHash`) kept to 53 bits, so the
/// browser reads it as an exact number, and never 0. The same string gives the same id in every
/// build.
public enum StableID {
    /// Ids stay below 2^53 so the script, which reads them as JavaScript numbers, sees them exactly.
    public static let limit = 1 << 53

    public static func of(_ text: String) -> Int {
        var hash = ContentHash()
        hash.combine(text)
        let id = Int(hash.value & UInt64(limit - 1))
        return id == 0 ? 1 : id
    }
}
