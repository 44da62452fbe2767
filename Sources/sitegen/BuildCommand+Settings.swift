import SitegenBuild
import SitegenConfig
import SitegenModel
import SitegenSource

extension BuildCommand {
    /// The flags given, as a `SiteConfig` (nil where a flag was not given), so they can be laid
    /// over the config file's values.
    var flagValues: SiteConfig {
        var flags = SiteConfig()
        flags.source = source
        flags.output = output
        flags.pageSize = pageSize
        flags.baseURL = baseURL
        flags.title = title
        flags.strategy = strategy
        flags.templates = templates
        flags.pages = pages
        flags.keepGenerations = keepGenerations
        flags.precompress = precompress
        flags.itemPages = itemPages
        flags.comments = comments
        flags.taxonomies = taxonomies
        flags.search = search
        flags.drafts = drafts
        flags.strict = strict
        flags.activeFiles = activeFiles
        flags.timezone = timezone
        sourceOptions.apply(to: &flags)
        return flags
    }

    /// Flags over `--config` (or ./sitegen.toml) over the defaults.
    func settings() throws -> BuildSettings {
        try Self.settings(flags: flagValues, configFile: config)
    }

    /// The same, from values a `@Sendable` closure can keep (`serve` reads the config again at
    /// each rebuild).
    static func settings(flags: SiteConfig, configFile: String?) throws -> BuildSettings {
        let file = try SiteConfig.load(configFile)
        return try BuildSettings.resolve(flags: flags, config: file, root: file?.path.map(SiteConfig.folder(of:)) ?? ".")
    }
}
