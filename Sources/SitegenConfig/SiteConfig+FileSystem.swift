import Foundation
import SitegenModel

/// Reading `sitegen.toml` from disk: the only part of the config that touches files.
extension SiteConfig {
    /// The config file's usual name, looked for in the working folder.
    public static let fileName = "sitegen.toml"

    /// Reads `path` (a `--config` flag), or `./sitegen.toml` when it exists, or nothing. Paths
    /// in the file (the keys the table marks `isPath`: source, output, templates, pages, store,
    /// cache_dir) are relative to the file's folder, and come back relative to the working folder.
    public static func load(_ path: String?) throws -> SiteConfig? {
        let file = path ?? fileName
        guard FileManager.default.fileExists(atPath: file) else {
            if path == nil { return nil }
            throw ConfigError.unreadable(path: file, reason: "no such file")
        }
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ConfigError.unreadable(path: file, reason: "not UTF-8 text, or not readable")
        }
        var config = try SiteConfig(toml: text, path: file)
        config.rebase(onto: folder(of: file))
        return config
    }

    /// The folder the config file is in: where its relative paths start ("." for the working folder).
    public static func folder(of file: String) -> String {
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Makes relative paths relative to the working folder instead of `folder`.
    mutating func rebase(onto folder: String) {
        guard folder != "." else { return }
        func rebased(_ path: String?) -> String? {
            guard let path, !path.hasPrefix("/"), !path.hasPrefix("http://"), !path.hasPrefix("https://") else { return path }
            return (folder as NSString).appendingPathComponent(path)
        }
        for key in Self.keys where key.isPath {
            if case .string(let path) = values[key.name] { values[key.name] = rebased(path).map(ConfigValue.string) }
        }
    }
}
