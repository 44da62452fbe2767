import ArgumentParser
import SitegenConfig

@main
struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "A static site generator for long lists, with lazy pagination.",
        discussion: """
            Builds paginated static HTML pages that read with JavaScript off, plus JSON shards and \
            prefetch manifests that a tiny script uses to fill rows just before the reader reaches them.
            """,
        subcommands: [
            InitCommand.self, BuildCommand.self, ServeCommand.self, DeployCommand.self, GenerateCommand.self,
            SettingsCommand.self,
        ],
        defaultSubcommand: nil
    )

    /// swift-argument-parser's own `main`, with one addition: the help of `build`, `serve` and
    /// `deploy` ends with their setting flags, which are read by the table of settings rather
    /// than declared as options (`SiteConfig.flagsHelp`).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .success, let command = settingsCommand(in: CommandLine.arguments.dropFirst()) {
                print(fullMessage(for: error).trimmingTrailingNewlines)
                print("\nSETTINGS (each also a key of sitegen.toml, its name with _ for -):")
                print(SiteConfig.flagsHelp(for: command))
                Self.exit()
            }
            Self.exit(withError: error)
        }
    }

    /// The command whose help was asked for (`sitegen build --help`, `sitegen help serve`), when
    /// it takes setting flags.
    private static func settingsCommand(in arguments: ArraySlice<String>) -> ConfigKey.Command? {
        let words = arguments.filter { !$0.hasPrefix("-") }
        let name = words.first == "help" ? words.dropFirst().first : words.first
        return name.flatMap(ConfigKey.Command.init(rawValue:))
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: Substring {
        self[..<(lastIndex { $0 != "\n" }.map(index(after:)) ?? startIndex)]
    }
}
