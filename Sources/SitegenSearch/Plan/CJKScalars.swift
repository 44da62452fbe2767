import SitegenModel

/// The scalars of CJK runs (docs/internals/format.md, "Words"): Han, Hiragana, Katakana and Hangul
/// (syllables and letters), scripts written without spaces between words or whose words take
/// endings. One table for the words' scan (SearchWords) and the planner, which gives a pair of
/// them no records (`SearchPlan.Word.hasRecords`).
public enum CJKScalars {
    public static func contains(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
            0xAC00...0xD7FF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// A word of two CJK scalars: a pair of neighbours in a run.
    public static func isPair(_ word: String) -> Bool {
        var scalars = word.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next(), scalars.next() == nil else { return false }
        return contains(first.value) && contains(second.value)
    }
}
