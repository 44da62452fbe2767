import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenConfig
@testable import SitegenModel

/// sitegen.toml: TOML text → `SiteConfig`, merged with flags by `BuildSettings`.
@Suite("config file")
struct SiteConfigTests {
    static let everyKey = """
        source = "content"
        output = "dist"
        page_size = 25
        base_url = "/repo/"
        title = "My list"
        strategy = "batch"
        templates = "theme"
        pages = "extra"
        keep_generations = 5
        port = 4000
        list = "newstories"
        limit = 200
        items_key = "result.items"
        total_key = "meta.total"
        first_page = 0
        concurrency = 8
        timeout = "500ms"
        deadline = 120
        retries = 1
        cache_dir = ".cache"
        cache_ttl = "2m"
        offline = true
        precompress = true
        item_pages = false
        drafts = true
        strict = true
        store = "hn.sqlite"
        backfill = 500
        since = "2024-05-01"
        refresh = "1h"
        active_files = "refuse"
        taxonomies = false
        search = false
        comments = 5
        deploy_to = "s3://site/www"
        deploy_endpoint = "http://127.0.0.1:8333"
        deploy_region = "eu-west-1"
        deploy_concurrency = 8
        timezone = "Europe/Berlin"

        [fields]
        title = "name"
        image = "labels.medium"
        """

    @Test("every key a flag has is read, with its type")
    func everyKey() throws {
        let config = try SiteConfig(toml: Self.everyKey, path: "sitegen.toml")
        #expect(config[.source] == "content")
        #expect(config[.output] == "dist")
        #expect(config[.pageSize] == 25)
        #expect(config[.baseURL] == "/repo/")
        #expect(config[.title] == "My list")
        #expect(config[.strategy] == .batch)
        #expect(config[.templates] == "theme")
        #expect(config[.pages] == "extra")
        #expect(config[.keepGenerations] == 5)
        #expect(config[.port] == 4000)
        #expect(config[.list] == "newstories")
        #expect(config[.limit] == 200)
        #expect(config[.itemsKey] == "result.items")
        #expect(config[.totalKey] == "meta.total")
        #expect(config[.firstPage] == 0)
        #expect(config[.concurrency] == 8)
        #expect(config[.timeout] == .milliseconds(500))
        #expect(config[.deadline] == .seconds(120))
        #expect(config[.retries] == 1)
        #expect(config[.cacheDir] == ".cache")
        #expect(config[.cacheTTL] == .seconds(120))
        #expect(config[.offline] == true)
        #expect(config[.precompress] == true)
        #expect(config[.itemPages] == false)
        #expect(config[.drafts] == true)
        #expect(config[.strict] == true && config[.activeFiles] == "refuse")
        #expect(
            config[.store] == "hn.sqlite" && config[.backfill] == 500 && config[.since] == "2024-05-01"
                && config[.refresh] == .seconds(3600))
        #expect(config[.taxonomies] == false)
        #expect(config[.search] == false)
        #expect(config[.comments] == 5)
        #expect(config[.deployTo] == "s3://site/www" && config[.deployEndpoint] == "http://127.0.0.1:8333")
        #expect(config[.deployRegion] == "eu-west-1" && config[.deployConcurrency] == 8)
        #expect(config[.timezone] == "Europe/Berlin")
        #expect(config[.fields] == ["image=labels.medium", "title=name"])
        #expect(config.lines["page_size"] == 3)
        #expect(config.lines["offline"] == 22)
    }

    @Test("every key is documented as a key of the config (one list, no key missing)")
    func keysCoverTheModel() throws {
        let config = try SiteConfig(toml: Self.everyKey, path: "x.toml")
        #expect(Set(config.setKeys) == Set(SiteConfig.keys.map(\.name)))
    }

    @Test("an unknown key is an error naming the file, the line and the key it likely meant")
    func unknownKey() {
        let text = "title = \"x\"\n\npagesize = 10\n"
        #expect(
            throws: ConfigError.config(
                path: "site.toml", line: 3, column: nil, reason: "unknown key 'pagesize' (did you mean page_size?)")
        ) {
            try SiteConfig(toml: text, path: "site.toml")
        }
        #expect(throws: ConfigError.config(path: "site.toml", line: 1, column: nil, reason: "unknown key 'colour'")) {
            try SiteConfig(toml: "colour = 1", path: "site.toml")
        }
    }

    @Test("a wrong type is an error with the line, what was expected and what was there")
    func wrongTypes() throws {
        let cases: [(String, Int, String)] = [
            ("title = \"a\"\npage_size = \"30\"", 2, "page_size: expected an integer, got a string"),
            ("page_size = 2.5", 1, "page_size: expected an integer, got a number with a fraction"),
            ("offline = \"yes\"", 1, "offline: expected true or false, got a string"),
            ("strategy = \"lazy\"", 1, "strategy: expected one of \"prefetch\", \"batch\", \"all\", got a string"),
            (
                "timeout = \"soon\"", 1,
                "timeout: expected a duration (\"10s\", \"500ms\", \"5m\") or a number of seconds, got a string"
            ),
            ("\n\ntitle = [\"a\"]", 3, "title: expected a string, got an array"),
        ]
        for (text, line, reason) in cases {
            #expect(throws: ConfigError.config(path: "c.toml", line: line, column: nil, reason: reason)) {
                try SiteConfig(toml: text, path: "c.toml")
            }
        }
    }

    @Test("a [fields] entry that is not a story field names its line")
    func badField() {
        let text = "title = \"t\"\n[fields]\ntitle = \"name\"\ncolour = \"hue\"\n"
        #expect(
            throws: ConfigError.config(
                path: "c.toml", line: 4, column: nil,
                reason:
                    "fields: unknown story field 'colour' (one of id, title, url, by, time, score, descendants, text, image, type)"
            )
        ) {
            try SiteConfig(toml: text, path: "c.toml")
        }
    }

    @Test("TOML that does not parse is an error with line and column")
    func syntaxError() throws {
        do {
            _ = try SiteConfig(toml: "title = \"a\"\npage_size = = 3\n", path: "c.toml")
            Issue.record("no error")
        } catch let ConfigError.config(path, line, column, reason) {
            #expect(path == "c.toml")
            #expect(line == 2)
            #expect(column != nil)
            #expect(reason.hasPrefix("invalid TOML: "))
        }
    }

    @Test("flags win over the file; the file wins over the defaults")
    func merge() throws {
        let file = try SiteConfig(toml: "page_size = 10\ntitle = \"From file\"\nconcurrency = 4", path: "c.toml")
        var flags = SiteConfig()
        flags[.pageSize] = 50
        let settings = try BuildSettings.resolve(flags: flags, config: file, exists: { _ in false })
        #expect(settings.options.pageSize == 50)
        #expect(settings.options.title == "From file")
        #expect(settings.remote.fetch.concurrency == 4)
        #expect(settings.options.strategy == .prefetch)
        #expect(settings.output == "Public")
        #expect(settings.options.keepGenerations == 3)
        #expect(settings.options.precompress == false)
        #expect(settings.port == 8000)
        #expect(settings.remote.fetch.cacheTTL == .seconds(900))
    }

    @Test("a value out of range names the file's line when the file set it, the flag when a flag did")
    func ranges() throws {
        let file = try SiteConfig(toml: "title = \"x\"\npage_size = 0\nbase_url = \"news\"", path: "c.toml")
        #expect(
            throws: ConfigError.config(path: "c.toml", line: 2, column: nil, reason: "page_size: must be at least 1 (got 0)")
        ) {
            try BuildSettings.resolve(flags: SiteConfig(), config: file, exists: { _ in false })
        }
        var flags = SiteConfig()
        flags[.pageSize] = 5
        #expect(
            throws: ConfigError.config(
                path: "c.toml", line: 3, column: nil, reason: "base_url: must start with / or http(s):// (got news)")
        ) {
            try BuildSettings.resolve(flags: flags, config: file, exists: { _ in false })
        }
        flags[.baseURL] = "/ok/"
        flags[.retries] = -1
        #expect(throws: ConfigError.invalidOption(name: "retries", reason: "must be at least 0 (got -1)")) {
            try BuildSettings.resolve(flags: flags, config: file, exists: { _ in false })
        }
    }

    @Test("Templates/ and pages/ are found beside the config file when not named")
    func defaultsBesideTheFile() throws {
        let settings = try BuildSettings.resolve(
            flags: SiteConfig(), config: nil, root: "site", exists: { $0 == "site/Templates" || $0 == "site/pages" })
        #expect(settings.templates == "site/Templates")
        #expect(settings.pages == "site/pages")
        #expect(try BuildSettings.resolve(flags: SiteConfig(), exists: { _ in false }).templates == nil)
    }

    @Test("paths in a config file elsewhere are relative to that file")
    func rebasedPaths() throws {
        try withTemporaryFolder { folder in
            let file = try folder.write(
                "source = \"content\"\noutput = \"/abs/out\"\ntemplates = \"theme\"\n",
                to: "site/sitegen.toml")
            let config = try #require(try SiteConfig.load(file))
            #expect(config[.source] == folder.path("site") + "/content")
            #expect(config[.output] == "/abs/out")
            #expect(config[.templates] == folder.path("site") + "/theme")
            #expect(throws: ConfigError.unreadable(path: folder.path("none.toml"), reason: "no such file")) {
                try SiteConfig.load(folder.path("none.toml"))
            }
        }
    }

    @Test("a local source, the config, the templates and the pages are what serve watches; a URL is not")
    func watched() throws {
        var flags = SiteConfig()
        flags[.source] = "stories.json"
        flags[.templates] = "theme"
        #expect(try BuildSettings.resolve(flags: flags, exists: { _ in false }).watchedPaths == ["theme", "stories.json"])
        flags[.source] = "https://hacker-news.firebaseio.com/v0"
        #expect(try BuildSettings.resolve(flags: flags, exists: { _ in false }).watchedPaths == ["theme"])
    }

    @Test("serve's rebuilds keep the first output, base path and port, and say what a restart would change")
    func pinnedForServe() throws {
        var config = SiteConfig()
        config[.source] = "content"
        config[.output] = "Public"
        config[.baseURL] = "/"
        let first = try BuildSettings.resolve(flags: SiteConfig(), config: config, exists: { _ in false })
        #expect(first.pinned(to: first).notes.isEmpty)

        config[.title] = "Renamed"
        let retitled = try BuildSettings.resolve(flags: SiteConfig(), config: config, exists: { _ in false }).pinned(to: first)
        #expect(retitled.notes.isEmpty)
        #expect(retitled.settings.options.title == "Renamed", "what the server does not depend on changes at once")

        config[.output] = "dist"
        config[.baseURL] = "/news/"
        config[.port] = 4000
        config[.source] = "stories.json"
        config[.templates] = "theme"
        let moved = try BuildSettings.resolve(flags: SiteConfig(), config: config, exists: { _ in false }).pinned(to: first)
        #expect(moved.settings.output == "Public")
        #expect(moved.settings.options.baseURL == "/")
        #expect(moved.settings.port == BuildSettings.defaultPort)
        #expect(moved.settings.source == "stories.json" && moved.settings.templates == "theme")
        #expect(
            moved.notes == [
                "output is now dist; serving Public until sitegen serve is restarted",
                "base_url is now /news/; serving / until sitegen serve is restarted",
                "port is now 4000; serving 8000 until sitegen serve is restarted",
                "source is now stories.json; built from it, watched after sitegen serve is restarted",
                "templates is now theme; built from it, watched after sitegen serve is restarted",
            ])
    }
}
