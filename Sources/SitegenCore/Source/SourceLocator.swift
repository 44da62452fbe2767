import Foundation

/// Turns `--source` into a `StorySource` by what the path is. Checked before anything is read.
public enum SourceLocator {
    public static func source(for argument: String?) throws -> any StorySource {
        guard let argument else { return SampleSource() }
        if argument.hasPrefix("http://") || argument.hasPrefix("https://") {
            throw SitegenError.invalidOption(
                name: "source", reason: "\(argument): HTTP sources are not built yet; use a local folder or file")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw SitegenError.unreadable(path: argument, reason: "no such file or folder")
        }
        if isDirectory.boolValue {
            let list = (argument as NSString).appendingPathComponent("topstories.json")
            // A folder of Markdown files, one story each (and no HN-shaped list).
            if !FileManager.default.fileExists(atPath: list), MarkdownStorySource.holdsStories(argument) {
                return MarkdownStorySource(path: argument)
            }
            guard FileManager.default.fileExists(atPath: list) else {
                throw SitegenError.unreadable(
                    path: argument, reason: "a source folder must hold topstories.json and item/<id>.json (the Hacker News API's shape), or .md files (one story each)")
            }
            return HNDirectorySource(path: argument)
        }
        switch (argument as NSString).pathExtension.lowercased() {
        case "jsonl", "ndjson": return JSONLinesSource(path: argument)
        case "json": return JSONArrayFileSource(path: argument)
        default:
            throw SitegenError.unreadable(
                path: argument, reason: "unknown source type; use a .json array, a .jsonl file or a folder with topstories.json")
        }
    }
}
