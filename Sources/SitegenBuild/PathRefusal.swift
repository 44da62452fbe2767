import SitegenModel

/// A story's path not taken, or a file of its page bundle left out (`ItemPaths.Refusal`), named
/// by the story's source file when it has one: what the log, the summary and `--strict` say.
struct PathRefusal: Equatable {
    var refusal: ItemPaths.Refusal
    /// The story's file under its source folder (`blog/post.md`), nil for stories from an API.
    var file: String?

    init(_ refusal: ItemPaths.Refusal, file: String?) {
        self.refusal = refusal
        self.file = file
    }

    /// A bundle file's name, when only that file was left out.
    var bundleFile: String? { refusal.file }

    /// "blog/x.md: path /_headers/ not taken (…): item/12/" or
    /// "post/index.md: bundle file a.svg not copied (…)".
    var line: String {
        let story = file ?? "story \(refusal.id)"
        if let bundleFile = refusal.file {
            return "\(story): bundle file \(bundleFile) not copied (\(refusal.reason))"
        }
        return
            "\(story): path /\(Self.clipped(refusal.path.drop { $0 == "/" })) not taken (\(refusal.reason)): item/\(refusal.id)/"
    }

    /// A path as a line shows it: a hostile one is thousands of bytes long.
    static func clipped(_ path: Substring) -> String {
        path.count <= 60 ? String(path) : path.prefix(40) + "…(\(path.utf8.count) bytes)"
    }
}
