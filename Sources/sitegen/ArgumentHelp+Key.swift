import ArgumentParser
import SitegenConfig
import SitegenSource

extension ArgumentHelp {
    /// A flag's help from its key in the one table of settings (`SiteConfig.keys`): what it is
    /// for, its default and its value's name, written once there for `--help`, `sitegen.toml`
    /// and the guide (docs/guides/guide.md) alike.
    static func key(_ name: String) -> ArgumentHelp {
        let key = SiteConfig.key(name)
        return ArgumentHelp(key.helpText, valueName: key.valueName)
    }
}
