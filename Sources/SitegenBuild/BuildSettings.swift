import Foundation
import SitegenModel
import SitegenSource

/// A build's settings, whole: flags over the config file over the defaults, checked. One place
/// for the defaults, so `sitegen build`, `sitegen serve` and the README agree.
public struct BuildSettings: Sendable {
    public var source: String?
    public var output: String
    public var options: SiteOptions
    public var templates: String?
    public var pages: String?
    public var port: Int
    /// Markdown drafts built too (`--drafts`).
    public var drafts: Bool
    /// The zone of Markdown dates written without one (`--timezone`).
    public var zone: SiteTimeZone
    public var remote: RemoteSourceOptions
    /// The config file the settings came from, if any (`serve` watches it).
    public var configPath: String?

    public static let defaultPort = 8000

    /// - Parameters:
    ///   - flags: what the command line set (nil where a flag was not given).
    ///   - config: what the config file set, its paths already made relative to the working folder.
    ///   - root: the folder `Templates/` and `pages/` are looked for in when not named (the
    ///     config file's folder, or the working folder).
    public static func resolve(
        flags: SiteConfig, config: SiteConfig? = nil, root: String = ".",
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) throws -> BuildSettings {
        let merged = flags.over(config ?? SiteConfig())
        try merged.check()
        var fields = FieldMapping.defaults
        for assignment in merged.fields ?? [] {
            do {
                try fields.set(assignment)
            } catch SitegenError.invalidOption(_, let reason) where merged.lines["fields"] != nil {
                throw SiteConfig.keys.first { $0.name == "fields" }!.error(reason, in: merged)
            }
        }
        let templatesDefault = (root as NSString).appendingPathComponent("Templates")
        let pagesDefault = (root as NSString).appendingPathComponent("pages")
        return BuildSettings(
            source: merged.source, output: merged.output ?? "Public",
            options: SiteOptions(
                pageSize: merged.pageSize ?? 30, baseURL: merged.baseURL ?? "/", title: merged.title ?? "sitegen",
                strategy: merged.strategy ?? .prefetch, keepGenerations: merged.keepGenerations ?? 3,
                precompress: merged.precompress ?? false, itemPages: merged.itemPages ?? true,
                taxonomies: merged.taxonomies ?? true, search: merged.search ?? true),
            templates: merged.templates ?? (exists(templatesDefault) ? Self.tidy(templatesDefault) : nil),
            pages: merged.pages ?? (exists(pagesDefault) ? Self.tidy(pagesDefault) : nil),
            port: merged.port ?? defaultPort, drafts: merged.drafts ?? false,
            zone: merged.timezone.flatMap(SiteTimeZone.init(identifier:)) ?? .utc,
            remote: RemoteSourceOptions(
                list: merged.list ?? "topstories", limit: merged.limit, itemsKey: merged.itemsKey ?? "data",
                totalKey: merged.totalKey ?? "totalResults", firstPage: merged.firstPage ?? 1, fields: fields,
                fetch: FetchSettings(
                    concurrency: merged.concurrency ?? 32, timeout: merged.timeout ?? .seconds(10),
                    deadline: merged.deadline ?? .seconds(300), retry: RetryPolicy(attempts: (merged.retries ?? 3) + 1),
                    cacheFolder: merged.cacheDir ?? ".sitegen-cache", cacheTTL: merged.cacheTTL ?? .seconds(900),
                    offline: merged.offline ?? false, progress: nil)),
            configPath: config?.path)
    }

    /// The build these settings describe; `progress` shows a URL source's fetch.
    public func request(progress: (any FetchProgress)?) throws -> BuildRequest {
        var remote = self.remote
        remote.fetch.progress = progress
        return BuildRequest(
            source: try SourceLocator.source(for: source, remote: remote, drafts: drafts, zone: zone), output: output,
            templates: templates,
            options: options, pages: pages)
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
