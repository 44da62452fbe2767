import ArgumentParser
import SitegenConfig

/// `sitegen settings`: every setting from the table, as the guide's page of them
/// (docs/guides/settings.md is its output, held to it by a test).
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Print every setting: its sitegen.toml key, flag, default, commands and help, as Markdown.")

    func run() {
        print(SiteConfig.reference(), terminator: "")
    }
}
