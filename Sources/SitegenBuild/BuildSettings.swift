import Foundation
import SitegenConfig
import SitegenHTTP
import SitegenModel
import SitegenSource

/// A build's settings, whole: flags over the config file over the defaults (`SiteConfig.keys`,
/// the one table of them), checked.
public struct BuildSettings: Sendable {
    public var source: String?
    public var output: String
    public var options: SiteOptions
    public var templates: String?
    public var pages: String?
    public var port: Int
    /// Markdown drafts built too (`--drafts`).
    public var drafts: Bool
    /// Fail on what the safety rules leave out (`--strict`).
    public var strict: Bool
    /// Leave a bundle's active files out rather than sandbox them (`active_files = "refuse"`).
    public var refuseActiveFiles: Bool
    /// The zone of Markdown dates written without one (`--timezone`).
    public var zone: SiteTimeZone
    public var remote: RemoteSourceOptions
    /// The config file the settings came from, if any (`serve` watches it).
    public var configPath: String?

    public static var defaultPort: Int { SiteConfig.defaults.value(.port) }

    /// - Parameters:
    ///   - flags: what the command line set (nil where a flag was not given).
    ///   - config: what the config file set, its paths already made relative to the working folder.
    ///   - root: the folder `Templates/` and `pages/` are looked for in when not named (the
    ///     config file's folder, or the working folder).
    public static func resolve(
        flags: SiteConfig, config: SiteConfig? = nil, root: String = ".",
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) throws -> BuildSettings {
        let given = flags.over(config ?? SiteConfig())
        try given.check()
        // Every key with a default has a value from here on.
        let merged = given.over(SiteConfig.defaults)
        var fields = FieldMapping.defaults
        for assignment in given[.fields] ?? [] {
            do {
                try fields.set(assignment)
            } catch SourceError.invalidOption(_, let reason) where given.lines["fields"] != nil {
                throw SiteConfig.key("fields").error(reason, in: given)
            }
        }
        let templatesDefault = (root as NSString).appendingPathComponent("Templates")
        let pagesDefault = (root as NSString).appendingPathComponent("pages")
        var remote = RemoteSourceOptions(
            list: merged.value(.list), limit: merged[.limit], itemsKey: merged.value(.itemsKey),
            totalKey: merged.value(.totalKey), firstPage: merged.value(.firstPage), fields: fields,
            fetch: FetchSettings(
                concurrency: merged.value(.concurrency), timeout: merged.value(.timeout), deadline: merged.value(.deadline),
                retry: RetryPolicy(attempts: merged.value(.retries) + 1), cacheFolder: merged.value(.cacheDir),
                cacheTTL: merged.value(.cacheTTL), offline: merged.value(.offline), progress: nil))
        remote.store = merged[.store]
        remote.backfill = merged.value(.backfill)
        remote.since = merged[.since]
        remote.refresh = merged.value(.refresh)
        remote.comments = merged.value(.comments)
        return BuildSettings(
            source: merged[.source], output: merged.value(.output),
            options: SiteOptions(
                pageSize: merged.value(.pageSize), baseURL: merged.value(.baseURL), title: merged.value(.title),
                strategy: merged.value(.strategy), keepGenerations: merged.value(.keepGenerations),
                precompress: merged.value(.precompress), itemPages: merged.value(.itemPages),
                taxonomies: merged.value(.taxonomies), search: merged.value(.search), comments: merged.value(.comments)),
            templates: merged[.templates] ?? (exists(templatesDefault) ? Self.tidy(templatesDefault) : nil),
            pages: merged[.pages] ?? (exists(pagesDefault) ? Self.tidy(pagesDefault) : nil),
            port: merged.value(.port), drafts: merged.value(.drafts), strict: merged.value(.strict),
            refuseActiveFiles: merged.value(.activeFiles) == "refuse",
            zone: SiteTimeZone(identifier: merged.value(.timezone)) ?? .utc,
            remote: remote,
            configPath: config?.path)
    }

    /// The build these settings describe; `progress` shows a URL source's fetch.
    public func request(progress: (any FetchProgress)?) throws -> BuildRequest {
        var remote = self.remote
        remote.fetch.progress = progress
        var request = BuildRequest(
            source: try SourceLocator.source(for: source, remote: remote, drafts: drafts, zone: zone), output: output,
            templates: templates,
            options: options, pages: pages)
        request.strict = strict
        request.refuseActiveFiles = refuseActiveFiles
        return request
    }

    /// The local files and folders a build reads: what `serve` watches for changes. A URL source
    /// is not watched (it changes on the server's schedule, not on save).
    public var watchedPaths: [String] {
        var paths = [templates, pages, configPath].compactMap { $0 }
        if let source, !source.hasPrefix("http://"), !source.hasPrefix("https://") { paths.append(source) }
        return paths
    }

    private static func tidy(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
