import ArgumentParser
import Foundation
import SitegenBuild
import SitegenModel
import SitegenSystem

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder.",
        usage: "sitegen build [--source <path|url>] [--output <dir>] [<setting flags>] [--config <file>] [--verbose|--quiet]",
        discussion: """
            With no --source, builds the sample of 300 stories that ships inside sitegen.
            A failed build leaves the previous output as it was.

            Examples:
              sitegen build
              sitegen build --source data/v0 --page-size 50
              sitegen build --source stories.jsonl --output dist --base-url /news/
              sitegen build --source https://hacker-news.firebaseio.com/v0 --list newstories --limit 200
              sitegen build --source 'https://api.example.com/beers?page={page}' --field title=name
            """
    )

    /// Every setting's flag (`--page-size 50`, `--no-search`), read by the table of settings
    /// (`SiteConfig.keys`) rather than declared here one by one; `--help` lists them from the
    /// same table (`Sitegen.main`).
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(visibility: .hidden))
    var settingFlags: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A config file whose keys set these flags' values (flags win). Default: ./sitegen.toml when it exists.",
            valueName: "file"))
    var config: String?

    @Flag(name: .long, help: "Print each step of the build with the time it started, and each retry.")
    var verbose = false

    @Flag(name: .long, help: "Print no progress, only the summary line and errors.")
    var quiet = false

    /// Values' ranges are checked once, by `BuildSettings.resolve`, for flags and the config file
    /// alike; the setting flags are read in `run` (`serve` reads the same ones as its own, with
    /// `--port`); only what concerns the other flags is checked here.
    func validate() throws {
        guard !(quiet && verbose) else { throw ValidationError("--quiet and --verbose don't go together") }
    }

    func run() async throws {
        let started = ContinuousClock.now
        MallocTuning.forBuild()
        do {
            let request = try settings(for: .build).request(progress: quiet ? nil : ProgressPrinter(verbose: verbose))
            let verbose = self.verbose
            let report = try await Build.run(request) { step in
                // Each step with the time it started at: where a slow build spends its time.
                let at = (ContinuousClock.now - started).seconds
                if verbose { FileHandle.standardError.write(Data((String(format: "%6.2f s  ", at) + step + "\n").utf8)) }
            }
            let elapsed = ContinuousClock.now - started
            print(report.summary + String(format: " (%.2f s)", elapsed.seconds))
        } catch {
            ErrorLine.write(error)
            throw ExitCode.failure
        }
    }
}
