// swift-tools-version:6.0
import PackageDescription

// The data's way is visible in the targets and in SitegenCore's folders:
// Source/ (read) → Plan/ (pure) → Render/ → Write/, tied together by Build/.
let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "SitegenCore", targets: ["SitegenCore"]),
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
    ],
    targets: [
        // The command line: flags in, one call into SitegenCore, one line out.
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "SitegenCore", "SitegenServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `sitegen serve`: static files with ETags, cache rules and .gz siblings, a file watcher
        // and live reload, over Hummingbird.
        .target(
            name: "SitegenServe",
            dependencies: [
                "SitegenCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "SitegenCore",
            dependencies: [
                "SitegenAssets",
                "CCmarkGFM",
                "CZlib",
                "CBrotli",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // The default theme (Templates/) and the browser script, compiled into the binary so
        // `sitegen build` works from any folder. The target's path is the package root only so
        // that it can embed the top-level Templates/ folder users edit; its Swift lives in
        // Sources/SitegenAssets. The script is embedded as `bash .ci/minify` (esbuild) minified
        // it for each strategy, into Sources/SitegenAssets/min/; its readable source is not.
        .target(
            name: "SitegenAssets",
            path: ".",
            exclude: [
                "Sources/sitegen", "Sources/SitegenCore", "Sources/SitegenServe", "Sources/CCmarkGFM", "Tests", "Public", "docs", ".ci",
                "README.md", "bench", "Sources/CZlib", "Sources/CBrotli", "Sources/SitegenAssets/sitegen.js",
            ],
            sources: ["Sources/SitegenAssets/Swift"],
            resources: [
                .embedInCode("Templates/layout.mustache"),
                .embedInCode("Templates/page.mustache"),
                .embedInCode("Templates/row.mustache"),
                .embedInCode("Templates/item.mustache"),
                .embedInCode("Templates/sitepage.mustache"),
                .embedInCode("Templates/style.css"),
                .embedInCode("Templates/favicon.svg"),
                .embedInCode("Sources/SitegenAssets/min/sitegen.prefetch.js"),
                .embedInCode("Sources/SitegenAssets/min/sitegen.batch.js"),
                .embedInCode("Sources/SitegenAssets/min/sitegen.all.js"),
            ]
        ),
        // libcmark-gfm from Debian (libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Precompressed siblings (.gz, .br) from Debian's zlib1g-dev and libbrotli-dev.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .testTarget(
            name: "SitegenCoreTests",
            dependencies: [
                "SitegenCore", "SitegenAssets", "SitegenServe", .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
