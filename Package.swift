// swift-tools-version:6.0
import PackageDescription

// The data's way is the targets' graph (docs/internals/architecture.md draws it), each layer using only
// those below it:
//
//   SitegenModel   pure: the model and the plan; imports nothing
//   SitegenSystem  the machine: cores, the OS's error words, SHA-256
//   SitegenHTTP    retries, bounded concurrency, progress: what fetching and deploying share
//   SitegenStore   the archive's SQLite store (`--list all`)
//   SitegenSource  read          SitegenRender  bytes out, no disk
//                                SitegenWrite   the output folder (renders as it writes)
//   SitegenMarkdown, SitegenThreads, SitegenSearch, SitegenDeploy   slices: one feature each,
//                                                  over the layers it uses
//   SitegenBuild   one build, start to end
//   SitegenServe, sitegen        `sitegen serve`, the command line
let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // HTTP sources: pooling, HTTP/2, timeouts and decompression from a well-kept client.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The tests' loopback HTTP server (latency, 503s, dropped connections on demand).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Tests only: property-based checks of the parser, the sanitizer and Markdown rendering.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // sitegen.toml, the config file.
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        // `sitegen serve`: the local server with live reload.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own: signals and graceful shutdown, and its logger.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        // YAML front matter, as Jekyll, Hugo, Eleventy and Astro write it.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // SHA-256: content-named files, cache names and ETags (ContentHash).
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The archive's store: SQLite (Debian's libsqlite3-dev) through GRDB.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The command line: flags in, one call into SitegenBuild (or SitegenServe), one line out.
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenHTTP", "SitegenSource", "SitegenBuild",
                "SitegenServe", "SitegenDeploy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `sitegen serve`: static files with ETags, cache rules and .gz siblings, a file watcher
        // and live reload, over Hummingbird. It builds through SitegenBuild, escapes with SitegenRender
        // and gzips with SitegenWrite.
        .target(
            name: "SitegenServe",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenRender", "SitegenWrite", "SitegenBuild",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // One build, start to end: settings resolved, stories read, planned, rendered, written.
        // The only target that sees every layer; `sitegen init`'s scaffold lives here too.
        .target(
            name: "SitegenBuild",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenHTTP", "SitegenSource", "SitegenRender",
                "SitegenWrite", "SitegenMarkdown", "SitegenThreads", "SitegenSearch", "SitegenAssets",
            ]
        ),
        // Comment threads, one slice: a story's comments planned (reading order, depths, the
        // cap, pages), rendered (nested HTML, shards, manifest) and written as the story's page
        // is. Sources read them (`ThreadReader`), each in its own way; the writer takes them
        // through `ItemThreads`, so the writer sits below the slice: docs/guides/threads.md.
        .target(name: "SitegenThreads", dependencies: ["SitegenModel", "SitegenSystem", "SitegenRender", "SitegenWrite"]),
        // Markdown, one slice: a folder of Markdown files read into stories (front matter, dates,
        // permalinks, site dialects), their bodies rendered through libcmark-gfm with code
        // highlighted, and the links and outline between their pages: docs/guides/markdown.md.
        // The renderer takes its bodies through `DocumentRenderer`, so the renderer sits below
        // the slice.
        .target(
            name: "SitegenMarkdown",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenSource", "SitegenRender", "CCmarkGFM",
                "CHighlight", .product(name: "TOMLKit", package: "TOMLKit"), .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Search, one slice: its pure plan, its words, the index's building, its files and their
        // writing, its page (the script stays in SitegenAssets, which a theme may replace file by
        // file): docs/guides/search.md.
        .target(
            name: "SitegenSearch",
            dependencies: ["SitegenModel", "SitegenSystem", "SitegenRender", "SitegenWrite", "CPrefetch"]
        ),
        // Writing the output folder: staging, content-named files, generations, the lock, the
        // swap, precompressed siblings. It renders as it writes, a chunk at a time, to keep
        // memory flat, so it sits above SitegenRender.
        .target(
            name: "SitegenWrite",
            dependencies: ["SitegenModel", "SitegenSystem", "SitegenRender", "CZlib", "CBrotli"]
        ),
        // Rendering: plain values in, bytes out (pages, rows, shards, manifests, feeds). No disk:
        // a theme arrives as text (SitegenBuild reads a templates folder). No Markdown: a
        // document's body comes through `DocumentRenderer`, from SitegenMarkdown.
        .target(
            name: "SitegenRender",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenAssets", "CPrefetch",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Publishing: a built output to S3-compatible object storage (SigV4, the S3 calls, the
        // upload order). It reads a finished output; it writes no site.
        .target(
            name: "SitegenDeploy",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenHTTP", "SitegenWrite",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Settings: the one table of them (`SiteConfig.keys`: each key's name, flag, type,
        // default, range and help), sitegen.toml read into it, and the site's time zone.
        .target(
            name: "SitegenConfig",
            dependencies: ["SitegenModel", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // What fetching and deploying both use, so that neither imports the other: when to ask
        // again (RetryPolicy, Retry-After), how many requests at once, and progress told as it
        // goes.
        .target(name: "SitegenHTTP"),
        // The archive's store: every item an HN-shaped API ever gave, kept across builds in an
        // SQLite file (docs/guides/archive.md). Bytes in, bytes out: it parses no item.
        .target(
            name: "SitegenStore",
            dependencies: ["SitegenModel", "SitegenSystem", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Reading: JSON files and folders, HTTP APIs, the archive. Stories out (a Markdown folder is
        // SitegenMarkdown's).
        .target(
            name: "SitegenSource",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenHTTP", "SitegenStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // AsyncHTTPClient's request and response types are NIO's.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The machine, for the layers that use it: work spread over the cores, the operating
        // system's words for a failed file operation, and content hashes (SHA-256).
        .target(name: "SitegenSystem", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // A cache-line prefetch for Swift, which has none: the search index's lookups that jump
        // across hundreds of megabytes (a pack's records, the words' tables) start their loads
        // early. One inline C function, imported where it is called (SitegenRender,
        // SitegenSearch): behind a Swift wrapper in another target it was not inlined.
        .target(name: "CPrefetch"),
        // The model and the plan: stories, options, pages, shard boundaries, manifests,
        // generations. Pure: it depends on nothing and imports nothing
        // but the standard library, so the compiler keeps disk, network and clock out of it
        // (ArchitectureTests checks the imports).
        .target(name: "SitegenModel"),
        // The default theme (Templates/) and the browser script, compiled into the binary so
        // `sitegen build` works from any folder. Sources/SitegenAssets/Templates is a link to
        // the top-level Templates/ folder users edit (SwiftPM embeds only files under a
        // target's folder). The script is embedded as `bash .ci/minify` (esbuild) minified it
        // for each strategy, into min/; its readable source is not.
        .target(
            name: "SitegenAssets",
            exclude: ["sitegen.js", "search.js", "search-more.js", "thread.js"],
            sources: ["Swift"],
            resources: [
                .embedInCode("Templates/layout.mustache"),
                .embedInCode("Templates/page.mustache"),
                .embedInCode("Templates/row.mustache"),
                .embedInCode("Templates/item.mustache"),
                .embedInCode("Templates/thread.mustache"),
                .embedInCode("Templates/document.mustache"),
                .embedInCode("Templates/sitepage.mustache"),
                .embedInCode("Templates/terms.mustache"),
                .embedInCode("Templates/search.mustache"),
                .embedInCode("Templates/style.css"),
                .embedInCode("Templates/favicon.svg"),
                .embedInCode("min/sitegen.prefetch.js"),
                .embedInCode("min/sitegen.batch.js"),
                .embedInCode("min/sitegen.all.js"),
                .embedInCode("min/search.js"),
                .embedInCode("min/thread.js"),
                .embedInCode("min/search-more.js"),
            ]
        ),
        // Each hand-written fast path against its library, and each build step's share:
        // `swift run -c release sitegen-bench` (docs/internals/architecture.md has the table).
        .executableTarget(
            name: "sitegen-bench",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenSource", "SitegenRender", "SitegenMarkdown", "SitegenSearch",
                "SitegenBuild", "SitegenAssets", .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Benchmarks/SitegenBenchmarks"
        ),
        // libcmark-gfm from Debian (libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Code highlighted at build time by KDE's syntax-highlighting engine (Debian's
        // libkf5syntaxhighlighting-dev: some 300 languages' definitions, kept by KDE for Kate),
        // behind a C interface in one C++ file. Qt 5 publishes no module map, so its headers'
        // folders are named here, for both of Debian's 64-bit architectures.
        .target(
            name: "CHighlight",
            cxxSettings: [
                .unsafeFlags(
                    ["-fPIC", "-I/usr/include/KF5/KSyntaxHighlighting"]
                        + ["x86_64", "aarch64"].flatMap { arch in
                            ["", "/QtCore", "/QtGui"].map { "-I/usr/include/\(arch)-linux-gnu/qt5\($0)" }
                        })
            ],
            linkerSettings: [.linkedLibrary("KF5SyntaxHighlighting"), .linkedLibrary("Qt5Core")]
        ),
        // Precompressed siblings (.gz, .br) from Debian's zlib1g-dev and libbrotli-dev.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        // The tests: a target per module (Tests/<Module>Tests), each depending on its module, what
        // it needs below it and SitegenTestSupport (shared fixtures: temporary folders, the
        // loopback HTTP server, readers of a built site; a plain target that imports Testing).
        // A test that runs a whole build sits in SitegenBuildTests, one that runs the built
        // `sitegen` in SitegenCommandLineTests. ArchitectureTests holds their imports to this list.
        .target(
            name: "SitegenTestSupport",
            dependencies: [
                "SitegenModel", "SitegenSource",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/SitegenTestSupport"
        ),
        .testTarget(name: "SitegenModelTests", dependencies: ["SitegenModel", "SitegenTestSupport"]),
        .testTarget(name: "SitegenSystemTests", dependencies: ["SitegenSystem", "SitegenTestSupport"]),
        .testTarget(
            name: "SitegenSourceTests",
            dependencies: [
                "SitegenModel", "SitegenHTTP", "SitegenStore", "SitegenSource", "SitegenTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SitegenRenderTests",
            dependencies: [
                // SitegenSource's sample generator and filter make the inputs of some tests.
                "SitegenModel", "SitegenAssets", "SitegenRender", "SitegenSource", "SitegenTestSupport",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // The Mustache spec's test cases, read from disk by MustacheSpecTests.
            exclude: ["MustacheSpec"]
        ),
        .testTarget(
            name: "SitegenWriteTests",
            dependencies: ["SitegenModel", "SitegenSystem", "SitegenRender", "SitegenWrite", "SitegenTestSupport"]),
        .testTarget(name: "SitegenSearchTests", dependencies: ["SitegenModel", "SitegenSearch", "SitegenTestSupport"]),
        .testTarget(name: "SitegenThreadsTests", dependencies: ["SitegenModel", "SitegenThreads", "SitegenTestSupport"]),
        .testTarget(
            name: "SitegenMarkdownTests",
            dependencies: [
                "SitegenModel", "SitegenRender", "SitegenSource", "SitegenMarkdown", "SitegenTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SitegenBuildTests",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenHTTP", "SitegenSource", "SitegenRender",
                "SitegenWrite", "SitegenMarkdown", "SitegenThreads", "SitegenSearch", "SitegenAssets", "SitegenBuild",
                "SitegenTestSupport",
            ]
        ),
        .testTarget(
            name: "SitegenServeTests",
            dependencies: [
                "SitegenModel", "SitegenSystem", "SitegenServe", "SitegenTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SitegenDeployTests",
            dependencies: ["SitegenDeploy", "SitegenModel", "SitegenTestSupport"],
            // AWS's SigV4 suite, read from disk by SigV4Tests.
            exclude: ["SigV4Suite"]
        ),
        // The built `sitegen`, run as a user runs it (`swift build` builds it beside the tests).
        .testTarget(
            name: "SitegenCommandLineTests",
            dependencies: ["SitegenModel", "SitegenConfig", "SitegenSource", "SitegenBuild", "SitegenTestSupport"]
        ),
        .testTarget(name: "SitegenArchitectureTests", dependencies: ["SitegenTestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// Release builds link Swift's runtime and Foundation into the programs, as `swift build
// --static-swift-stdlib` does, whatever the command line: the runtime's calls (a retain and a
// release at every turn) then skip the shared libraries' indirection, and a program starts
// without loading a dozen of them (a build of 100,000 stories takes 4 % less time,
// docs/internals/perf-log.md). The modules are compiled for it too: what a module imports
// (FoundationXML needs libxml2) is then named for the static link. Debug builds and the tests
// keep the shared libraries, and so does SitegenTestSupport, a plain target of the tests'
// (Tests/…) that imports Testing, which the static runtime does not have.
for target in package.targets
where target.name.lowercased().hasPrefix("sitegen") && target.type != .test && target.path?.hasPrefix("Tests/") != true {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    }
}
