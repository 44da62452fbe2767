import ArgumentParser
import Foundation
import SitegenConfig
import SitegenDeploy
import SitegenModel
import SitegenSource

/// `sitegen deploy`: the built output to S3-compatible object storage, changed objects only, in
/// an order no reader notices.
struct DeployCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Publish the built site to S3-compatible object storage (S3, R2, GCS, MinIO, SeaweedFS).",
        usage: "sitegen deploy --to s3://BUCKET[/PREFIX] [--endpoint URL] [--region R] [<setting flags>] [--dry-run]",
        discussion: """
            Uploads what changed since the last deploy (compared by content and headers, without \
            downloading), shards and assets first, then manifests, then pages, and deletes only \
            what no kept generation names, once every upload is in. Credentials come from \
            AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN; the region from \
            --region, AWS_REGION, or \(SiteConfig.fallbackRegion). docs/guides/deploy.md has the details.

            Examples:
              sitegen deploy --to s3://my-site
              sitegen deploy --to s3://bucket/blog --endpoint http://127.0.0.1:8333 --dry-run
            """
    )

    /// Every setting's flag that applies to deploy (`--to`, `--endpoint`, `--region`,
    /// `--output`, …), read by the table of settings (`SiteConfig.keys`).
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(visibility: .hidden))
    var settingFlags: [String] = []

    @Flag(name: .long, help: "Say what would be uploaded and deleted, and send nothing.")
    var dryRun = false

    @Flag(
        name: .long,
        help: "List the store and read every file, rather than trust the last deploy's record of what the store holds.")
    var full = false

    @Option(name: .long, help: ArgumentHelp("A config file. Default: ./sitegen.toml when it exists.", valueName: "file"))
    var config: String?

    @Flag(name: .long, help: "Name every object uploaded and deleted.")
    var verbose = false

    @Flag(name: .long, help: "Print only errors.")
    var quiet = false

    func run() async throws {
        do {
            let flags = try SiteConfig(flags: settingFlags, command: .deploy)
            let file = try SiteConfig.load(config)
            let given = file.map { flags.over($0) } ?? flags
            try given.check()
            let merged = given.over(SiteConfig.defaults)
            guard let target = merged[.deployTo] else {
                throw CommandError.invalidOption(
                    name: "to", reason: "where to deploy is missing: --to s3://BUCKET (or deploy_to in sitegen.toml)")
            }
            let environment = ProcessInfo.processInfo.environment
            guard let accessKey = environment["AWS_ACCESS_KEY_ID"], let secretKey = environment["AWS_SECRET_ACCESS_KEY"],
                !accessKey.isEmpty, !secretKey.isEmpty
            else {
                throw CommandError.invalidOption(
                    name: "to",
                    reason: "no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN if any)")
            }
            let region =
                merged[.deployRegion] ?? environment["AWS_REGION"] ?? environment["AWS_DEFAULT_REGION"]
                ?? SiteConfig.fallbackRegion
            var request = DeployRequest(
                output: merged.value(.output), target: target, endpoint: merged[.deployEndpoint], region: region,
                credentials: (accessKey, secretKey, environment["AWS_SESSION_TOKEN"]),
                concurrency: merged.value(.deployConcurrency), precompress: merged.value(.precompress),
                keepGenerations: merged.value(.keepGenerations), dryRun: dryRun)
            request.full = full
            let verbose = self.verbose
            let report = try await Deploy.run(
                request, progress: quiet ? nil : ProgressPrinter(verbose: verbose, verbs: ("Sending", "Sent")),
                log: { line in if verbose { FileHandle.standardError.write(Data((line + "\n").utf8)) } })
            if !quiet { print(report.summary) }
        } catch {
            ErrorLine.write(error)
            throw ExitCode.failure
        }
    }
}
