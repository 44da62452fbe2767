import ArgumentParser
import Foundation
import SitegenBuild
import SitegenConfig
import SitegenModel
import SitegenServe
import SitegenSource

/// `sitegen serve`: build, serve the output on 127.0.0.1, rebuild when a template, the config,
/// a site page or a local source changes, and reload the open pages.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on 127.0.0.1, and rebuild and reload open pages on every change.",
        usage: "sitegen serve [--port <n>] [--no-reload] [<setting flags>] [--config <file>]",
        discussion: """
            Takes every flag of `sitegen build`. Serves the output under the base URL's path \
            (--base-url /news/ → http://127.0.0.1:8000/news/) with content types, ETags, 304s, \
            .br/.gz siblings (else text gzipped) and the cache rules of the _headers \
            file. Watches Templates/, the config file, the pages folder and a local source; a \
            change rebuilds the site and reloads open pages. Ctrl-C stops it.

            Examples:
              sitegen serve
              sitegen serve --port 4000 --source content
            """
    )

    @OptionGroup(title: "Build")
    var build: BuildCommand

    @Flag(name: .long, help: "Serve without watching files or reloading pages.")
    var noReload = false

    func run() async throws {
        let flags = try build.flagValues(for: .serve)
        let configFile = build.config
        let quiet = build.quiet
        let verbose = build.verbose
        // Served on this machine, so links must stay on it: a full base URL is served (and
        // built) under its path alone.
        @Sendable func settings() throws -> BuildSettings {
            var settings = try BuildCommand.settings(flags: flags, configFile: configFile)
            settings.options.baseURL = SitePaths(base: settings.options.baseURL).basePath
            return settings
        }
        let first: BuildSettings
        do {
            first = try settings()
        } catch {
            ErrorLine.write(error)
            throw ExitCode.failure
        }
        @Sendable func buildOnce() async -> Bool {
            let started = ContinuousClock.now
            do {
                let (settings, notes) = try settings().pinned(to: first)
                for note in notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
                let report = try await Build.run(try settings.request(progress: quiet ? nil : ProgressPrinter(verbose: verbose)))
                { step in
                    if verbose { FileHandle.standardError.write(Data((step + "\n").utf8)) }
                }
                say(report.summary + String(format: " (%.2f s)", (ContinuousClock.now - started).seconds))
                return true
            } catch {
                ErrorLine.write(error)
                return false
            }
        }

        guard await buildOnce() else { throw ExitCode.failure }

        let basePath = first.options.baseURL
        let files = StaticFiles(
            files: LocalFiles(root: first.output), basePath: basePath, injectScript: noReload ? nil : LiveReload.scriptPath)
        var server = SiteServer(port: first.port, files: files)
        if !noReload {
            // What a rebuild reads, and the usual places even when they don't exist yet.
            let root = first.configPath.map(SiteConfig.folder(of:)) ?? "."
            let usual = [SiteConfig.fileName, "Templates", "pages"].map { (root as NSString).appendingPathComponent($0) }
            server.watcher = PollingWatcher(paths: Array(Set(first.watchedPaths + usual)).sorted())
            server.rebuild = { await buildOnce() }
        }
        do {
            try await server.run { port in
                say("Serving http://127.0.0.1:\(port)\(basePath) (Ctrl-C to stop)")
            }
        } catch {
            FileHandle.standardError.write(Data("error: cannot serve on 127.0.0.1:\(first.port): \(error)\n".utf8))
            throw ExitCode.failure
        }
        say("Stopped.")
    }
}

/// A line on standard output, written at once: `serve` runs for long, and a script or test
/// reading its output through a pipe must see each line when it happens, not at exit.
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
