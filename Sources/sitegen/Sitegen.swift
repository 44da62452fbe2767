import ArgumentParser

@main
struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "A static site generator for long lists, with lazy pagination.",
        discussion: """
            Builds paginated static HTML pages that read with JavaScript off, plus JSON shards and \
            prefetch manifests that a tiny script uses to fill rows just before the reader reaches them.
            """,
        subcommands: [InitCommand.self, BuildCommand.self, ServeCommand.self, DeployCommand.self, GenerateCommand.self],
        defaultSubcommand: nil
    )
}
