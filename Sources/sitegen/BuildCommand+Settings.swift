import ArgumentParser
import SitegenBuild
import SitegenConfig
import SitegenModel
import SitegenSource

extension BuildCommand {
    /// The setting flags given, as a `SiteConfig` (nil where a flag was not given), so they can
    /// be laid over the config file's values. A flag the table does not hold for `command`, or
    /// a value of the wrong kind, is a usage error.
    func flagValues(for command: ConfigKey.Command) throws -> SiteConfig {
        do {
            return try SiteConfig(flags: settingFlags, command: command)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Flags over `--config` (or ./sitegen.toml) over the defaults.
    func settings(for command: ConfigKey.Command) throws -> BuildSettings {
        try Self.settings(flags: flagValues(for: command), configFile: config)
    }

    /// The same, from values a `@Sendable` closure can keep (`serve` reads the config again at
    /// each rebuild).
    static func settings(flags: SiteConfig, configFile: String?) throws -> BuildSettings {
        let file = try SiteConfig.load(configFile)
        return try BuildSettings.resolve(flags: flags, config: file, root: file?.path.map(SiteConfig.folder(of:)) ?? ".")
    }
}
