import ArgumentParser
import Foundation
import SitegenBuild
import SitegenModel

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder.",
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the stories come from: the Hacker News API or one of its shape (https://hacker-news.firebaseio.com/v0), a paged JSON API (a URL with {page} in it), a folder in the HN API's shape (topstories.json, item/<id>.json), a .json file holding an array of items, a .jsonl file with one item a line, or a folder of Markdown stories (.md files with front matter).",
            valueName: "path|url"))
    var source: String?

    @OptionGroup(title: "URL sources")
    var sourceOptions: SourceOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A config file whose keys set these flags' values (flags win). Default: ./sitegen.toml when it exists.",
            valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The folder to write the site into. Default: Public.", valueName: "dir"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("Stories on each static page. Default: 30.", valueName: "n"))
    var pageSize: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("The path (or full URL) the site is served under, e.g. /news/. Default: /.", valueName: "path|url"))
    var baseURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The site's title, shown in the header and page titles. Default: sitegen.", valueName: "text"))
    var title: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How the browser loads rows beyond the static page: prefetch (rows near the viewport, cancelled when passed over), batch (the next page when the reader reaches the bottom) or all (everything at once). Default: prefetch.",
            valueName: "prefetch|batch|all"))
    var strategy: LoadingStrategy?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder whose layout/page/row/item.mustache and style.css replace the built-in theme's, file by file. Default: ./Templates when it exists.",
            valueName: "dir"))
    var templates: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder of Markdown pages (about.md becomes /about/), linked from every page's navigation. Default: ./pages when it exists.",
            valueName: "dir"))
    var pages: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Previous builds whose shards, manifest parts and assets stay in the output, so pages readers loaded before a deploy still fill. Default: 3.",
            valueName: "n"))
    var keepGenerations: Int?

    @Flag(
        name: .customLong("precompress"), inversion: .prefixedNo,
        help:
            "Write .gz and .br siblings of HTML, JSON, CSS and JS files, for servers that send them as they are (nginx gzip_static). Off by default: it makes a fresh build three to four times slower, and most hosts compress on their own."
    )
    var precompress: Bool?

    @Flag(
        name: .customLong("item-pages"), inversion: .prefixedNo,
        help:
            "Give each story with text (Ask HN, a Markdown body) its own page, linked from its row. --no-item-pages builds the list alone. Default: on."
    )
    var itemPages: Bool?

    @Flag(
        name: .customLong("taxonomies"), inversion: .prefixedNo,
        help:
            "Give each tag and category of a Markdown folder its own list (tags/<term>/, categories/<term>/) and each an index of its terms (tags/). Default: on."
    )
    var taxonomies: Bool?

    @Flag(
        name: .customLong("search"), inversion: .prefixedNo,
        help:
            "Write a search index (x/), the search page (search/) and a search box in every page's header. Default: on."
    )
    var search: Bool?

    @Flag(
        name: .customLong("drafts"), inversion: .prefixedNo,
        help:
            "Build Markdown drafts too (draft: true, published: false in front matter). Default: off; the summary counts them."
    )
    var drafts: Bool?

    @Option(
        name: .customLong("timezone"),
        help: "The time zone of Markdown dates written without one, an IANA name (Europe/Berlin). Default: UTC.")
    var timezone: String?

    @Flag(name: .long, help: "Print each step of the build with the time it started, and each retry.")
    var verbose = false

    @Flag(name: .long, help: "Print no progress, only the summary line and errors.")
    var quiet = false

    /// Values' ranges are checked once, by `BuildSettings.resolve`, for flags and the config file
    /// alike; only what concerns flags alone is checked here.
    func validate() throws {
        guard !(quiet && verbose) else { throw ValidationError("--quiet and --verbose don't go together") }
    }

    func run() async throws {
        let started = ContinuousClock.now
        MallocTuning.forBuild()
        do {
            let request = try settings().request(progress: quiet ? nil : ProgressPrinter(verbose: verbose))
            let verbose = self.verbose
            let report = try await Build.run(request) { step in
                // Each step with the time it started at: where a slow build spends its time.
                let at = (ContinuousClock.now - started).seconds
                if verbose { FileHandle.standardError.write(Data((String(format: "%6.2f s  ", at) + step + "\n").utf8)) }
            }
            let elapsed = ContinuousClock.now - started
            print(report.summary + String(format: " (%.2f s)", elapsed.seconds))
        } catch let error as SitegenError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}

extension LoadingStrategy: ExpressibleByArgument {}
