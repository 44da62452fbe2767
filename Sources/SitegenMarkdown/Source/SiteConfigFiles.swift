import Foundation
import SitegenSystem

/// The other generator's config files a Markdown folder comes with, read once a build: Jekyll's
/// `_config.yml` in the folder (only when it is the folder's own, not a link out of it), and
/// Hugo's `hugo.*` or a `config.*` (Hugo's or Zola's) beside it (the folder is their
/// `content`). The site's dialect (`SiteDialect`) and its permalinks (`Permalink.Settings`)
/// are both read from these texts.
struct SiteConfigFiles: Sendable {
    /// `_config.yml`'s text.
    var jekyll: String?
    /// The first of `hugoConfigs` there is beside the folder: its name and text.
    var hugo: (name: String, text: String)?
    /// The first of `otherConfigs` there is beside the folder: its name and text.
    var config: (name: String, text: String)?

    static let hugoConfigs = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json"]
    static let otherConfigs = ["config.toml", "config.yaml", "config.yml"]
    /// Every config read beside the folder: a change to one is a change to the site.
    static let configsBeside = hugoConfigs + otherConfigs

    /// The configs of the Markdown folder at `folder`.
    static func read(folder: String) -> SiteConfigFiles {
        func read(_ path: String) -> String? {
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
        let site = FolderAbove.of(folder)
        func first(_ names: [String]) -> (name: String, text: String)? {
            names.lazy.compactMap { name in read((site as NSString).appendingPathComponent(name)).map { (name, $0) } }.first
        }
        return SiteConfigFiles(
            jekyll: ContainedFolder(folder)?.file("_config.yml").flatMap(read), hugo: first(hugoConfigs),
            config: first(otherConfigs))
    }

    /// The site's dialect, from these configs.
    var dialect: SiteDialect { SiteDialect(jekyll: jekyll, hugo: hugo?.text, config: config?.text) }

    /// The site's own permalinks: Jekyll's for its posts, and Hugo's `[permalinks]` for its
    /// sections, from a TOML config (`hugo.toml`, else `config.toml`).
    var permalinks: Permalink.Settings {
        var settings = Permalink.Settings()
        settings.posts = jekyll.flatMap(Permalink.siteSetting)
        if let toml = [hugo, config].lazy.compactMap({ $0 }).first(where: { $0.name.hasSuffix(".toml") }) {
            settings.sections = Permalink.sectionSettings(inHugoConfig: toml.text)
        }
        return settings
    }
}
