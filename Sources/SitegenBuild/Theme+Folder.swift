import Foundation
import SitegenAssets
import SitegenModel
import SitegenRender
import SitegenSystem

extension Theme {
    /// The theme from a templates folder, file by file: `<folder>/row.mustache` replaces the
    /// built-in row template, and so on for layout, page, item, `style.css` and `favicon.svg`;
    /// what the folder lacks comes from the built-in theme. A nil or missing folder gives the
    /// built-in theme.
    public static func load(from folder: String?) throws -> Theme {
        func file(_ name: String) throws -> (text: String, path: String)? {
            guard let folder else { return nil }
            let path = (folder as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            // A template that is a link out of its folder is never read (it would be published).
            guard ContainedFolder(folder)?.file(name) != nil else {
                throw ThemeError.unreadable(
                    path: path, reason: "not a file inside the templates folder (a symbolic link out of it?)")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ThemeError.unreadable(path: path, reason: "permission denied")
            }
            return (String(decoding: data, as: UTF8.self), path)
        }
        var templates: [String: (text: String, path: String)] = [:]
        for name in names {
            templates[name] =
                try file("\(name).mustache") ?? (EmbeddedAssets.templates[name] ?? "", Self.builtInPrefix + "\(name).mustache")
        }
        let stylesheet = try file("style.css")?.text ?? EmbeddedAssets.stylesheet
        let favicon = try file("favicon.svg")?.text ?? EmbeddedAssets.favicon
        return try Theme(templates: templates, stylesheet: stylesheet, favicon: favicon, scripts: builtInScripts)
    }
}
