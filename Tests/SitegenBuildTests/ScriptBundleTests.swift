import Foundation
import SitegenAssets
import SitegenTestSupport
import Testing

@testable import SitegenBuild
@testable import SitegenModel
@testable import SitegenRender
@testable import SitegenSource
@testable import SitegenWrite

/// The browser script as sitegen serves it: `bash .ci/minify` runs esbuild over
/// `Sources/SitegenAssets/sitegen.js` once per strategy, the three files it writes into
/// `Sources/SitegenAssets/min/` are committed, and the binary embeds them.
@Suite("The browser script as served")
struct ScriptBundleTests {
    static let root = SitegenExecutable.packageRoot
    static let committed = root.appendingPathComponent("Sources/SitegenAssets/min")

    static func fileName(_ strategy: LoadingStrategy) -> String { "sitegen.\(strategy.rawValue).js" }

    @Test("the committed minified scripts are what .ci/minify makes of sitegen.js, search.js, search-more.js and thread.js")
    func committedScriptsAreCurrent() async throws {
        try await withTemporaryFolder { folder in
            let made = try folder.makeFolder("min")
            let minify = Self.root.appendingPathComponent(".ci/minify").path
            let result = try await SitegenExecutable.run(URL(fileURLWithPath: "/bin/bash"), [minify, made], in: folder.url)
            try #require(
                result.status == 0,
                """
                bash .ci/minify exited \(result.status). It runs Debian's esbuild 0.17 (sudo apt-get install \
                esbuild, or bash .ci/install --test); it said:
                \(result.stderr)
                """)
            for name in LoadingStrategy.allCases.map(Self.fileName) + ["search.js", "search-more.js", "thread.js"] {
                let fresh = try Data(contentsOf: URL(fileURLWithPath: made).appendingPathComponent(name))
                let kept = try Data(contentsOf: Self.committed.appendingPathComponent(name))
                // A Bool, so a failure prints the advice rather than a byte-by-byte diff.
                let current = fresh == kept
                #expect(
                    current,
                    """
                    Sources/SitegenAssets/min/\(name) is not what .ci/minify makes of its source: run \
                    `bash .ci/minify` and commit the five files it writes (it made \(fresh.count) bytes, \
                    the committed file has \(kept.count)). \(result.stderr)
                    """)
            }
        }
    }

    @Test(
        "the binary embeds each strategy's committed file, and a build serves the one of its strategy",
        arguments: LoadingStrategy.allCases)
    func embeddedAndServed(strategy: LoadingStrategy) async throws {
        let kept = try String(contentsOf: Self.committed.appendingPathComponent(Self.fileName(strategy)), encoding: .utf8)
        #expect(
            EmbeddedAssets.scripts[strategy.rawValue] == kept, "rebuild after bash .ci/minify: the binary embeds an older file")
        #expect(try Theme.builtIn().script(for: strategy) == kept)
        try await withTemporaryFolder { folder in
            let output = folder.path("out")
            _ = try await Build.run(
                BuildRequest(source: SampleSource(count: 40), output: output, options: SiteOptions(strategy: strategy)))
            let scripts = try FileManager.default.contentsOfDirectory(atPath: output + "/assets").filter {
                $0.hasPrefix("sitegen.")
            }
            try #require(scripts.count == 1, "\(scripts)")
            #expect(try String(contentsOfFile: output + "/assets/" + scripts[0], encoding: .utf8) == kept)
        }
    }

    @Test("each strategy's script is at most 2,750 bytes gzipped at level 9", arguments: LoadingStrategy.allCases)
    func sizeBudget(strategy: LoadingStrategy) throws {
        let script = try Theme.builtIn().script(for: strategy)
        let gzipped = Gzip.compress(Array(script.utf8), level: 9)
        try #require(!gzipped.isEmpty)
        #expect(gzipped.count <= 2_750, "\(strategy): \(gzipped.count) bytes gzipped (\(script.utf8.count) minified)")
    }

    /// The search page's script and stylesheet are every cold query's fixed bytes: the one-word
    /// bar (48 KiB, issue 27) had them at 6.6 KB of its 48 (2026-11-26: script 4,824, stylesheet
    /// 1,757), and its worst word at 47.5 KiB. Documents' styles live in the pages' own
    /// stylesheet (`Theme.pagesMarker`), and passages and phrases in search-more.js, so that
    /// these two stay within what the bar allows.
    @Test("the search page's script and stylesheet are at most 7,050 bytes gzipped at level 9")
    func searchSizeBudget() throws {
        let theme = try Theme.builtIn()
        let script = Gzip.compress(Array(theme.searchScript.utf8), level: 9)
        let style = Gzip.compress(Array(CompactCSS.compact(theme.stylesheetParts.every).utf8), level: 9)
        try #require(!script.isEmpty && !style.isEmpty)
        #expect(script.count + style.count <= 7_050, "script \(script.count), stylesheet \(style.count) bytes gzipped")
        #expect(theme.stylesheetParts.pages != nil, "the built-in stylesheet has its pages' part")
    }

    /// What the search page loads for phrases and passages: a query with a phrase reads it (its
    /// bar is 96 KiB), and every query on a site of documents.
    @Test("the thread's script is at most 2,500 bytes gzipped at level 9")
    func threadSizeBudget() throws {
        let script = try Theme.builtIn().threadScript
        let gzipped = Gzip.compress(Array(script.utf8), level: 9)
        try #require(!gzipped.isEmpty)
        #expect(gzipped.count <= 2_500, "\(gzipped.count) bytes gzipped (\(script.utf8.count) minified)")
    }

    @Test("the search page's module for phrases and passages is at most 2,000 bytes gzipped at level 9")
    func searchMoreSizeBudget() throws {
        let script = try Theme.builtIn().searchMoreScript
        let gzipped = Gzip.compress(Array(script.utf8), level: 9)
        try #require(!gzipped.isEmpty)
        #expect(gzipped.count <= 2_000, "\(gzipped.count) bytes gzipped (\(script.utf8.count) minified)")
    }

    @Test("each strategy's script is its own: the three differ, and SITEGEN_STRATEGY was replaced in each")
    func strategiesDiffer() throws {
        let theme = try Theme.builtIn()
        let scripts = LoadingStrategy.allCases.map { theme.script(for: $0) }
        for (strategy, script) in zip(LoadingStrategy.allCases, scripts) {
            #expect(!script.isEmpty, "\(strategy)")
            #expect(!script.contains("SITEGEN_STRATEGY"), "\(strategy): esbuild's --define left SITEGEN_STRATEGY in")
        }
        #expect(Set(scripts).count == scripts.count, "two strategies got the same script: the --define did not reach the source")
    }
}
