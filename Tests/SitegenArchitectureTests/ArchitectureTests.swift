import Foundation
import SitegenTestSupport
import Testing

/// The layers, held by the compiler (Package.swift) and, where SwiftPM lets a module import what
/// a target did not declare (any module built before it), by these tests: each target's files
/// import only the layers below it and the libraries it declares, and each test target's files
/// only what Package.swift gives it. docs/internals/architecture.md draws the same graph.
@Suite("architecture")
struct ArchitectureTests {
    static let sources = SitegenExecutable.packageRoot.appendingPathComponent("Sources").path

    /// What each target's files may import. Foundation and Synchronization are the toolchain's.
    static let allowed: [String: Set<String>] = [
        // Pure: the standard library alone, so no FileManager, URLSession, Date() or clock.
        "SitegenModel": [],
        "SitegenSystem": ["Foundation", "Synchronization", "Crypto", "Glibc"],
        // Settings: the table of keys, sitegen.toml, the site's time zone.
        "SitegenConfig": ["SitegenModel", "Foundation", "TOMLKit"],
        // What fetching and deploying share: retries, bounded concurrency, progress, the
        // transport's protocol.
        "SitegenHTTP": ["Foundation"],
        // The archive's store, over SQLite.
        "SitegenStore": ["SitegenModel", "SitegenSystem", "Foundation", "Synchronization", "GRDB"],
        "SitegenSource": [
            "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenHTTP", "SitegenStore", "Foundation", "Synchronization",
            "AsyncHTTPClient",
            "NIOCore",
            "NIOHTTP1",
        ],
        // Rendering knows no Markdown: a document's body comes through `DocumentRenderer`.
        "SitegenRender": [
            "SitegenModel", "SitegenSystem", "SitegenAssets", "Foundation", "Synchronization", "Mustache", "CPrefetch",
        ],
        "SitegenWrite": ["SitegenModel", "SitegenSystem", "SitegenRender", "Foundation", "Synchronization", "CZlib", "CBrotli"],
        // A slice: search's words, index, files and their writing, over the layers it uses.
        "SitegenSearch": [
            "SitegenModel", "SitegenSystem", "SitegenRender", "SitegenWrite", "Foundation", "Synchronization", "CPrefetch",
        ],
        // A slice: a Markdown folder read, its bodies rendered (the only importer of libcmark-gfm
        // and of the highlighter), the links and outline between its pages.
        "SitegenMarkdown": [
            "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenSource", "SitegenRender", "Foundation", "Synchronization",
            "CCmarkGFM", "CHighlight", "TOMLKit", "Yams",
        ],
        // A slice: a story's comments planned, rendered and written beside its page.
        "SitegenThreads": ["SitegenModel", "SitegenSystem", "SitegenRender", "SitegenWrite", "Foundation"],
        "SitegenBuild": [
            "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenHTTP", "SitegenSource", "SitegenRender", "SitegenWrite",
            "SitegenMarkdown", "SitegenThreads", "SitegenSearch", "SitegenAssets", "Foundation",
            "Synchronization",
        ],
        "SitegenServe": [
            "SitegenModel", "SitegenSystem", "SitegenRender", "SitegenWrite", "SitegenBuild", "Foundation", "Synchronization",
            "Hummingbird",
            "ServiceLifecycle", "Logging", "HTTPTypes", "NIOCore",
        ],
        "SitegenDeploy": [
            "SitegenModel", "SitegenSystem", "SitegenHTTP", "SitegenWrite", "Foundation", "FoundationXML", "Synchronization",
            "AsyncHTTPClient",
            "NIOCore", "NIOHTTP1", "Crypto",
        ],
        "sitegen": [
            "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenHTTP", "SitegenSource", "SitegenBuild", "SitegenServe",
            "SitegenDeploy", "Foundation",
            "Synchronization",
            "ArgumentParser",
        ],
    ]

    static let tests = SitegenExecutable.packageRoot.appendingPathComponent("Tests").path

    /// The toolchain's modules, which any test target may import.
    static let toolchain: Set<String> = ["Foundation", "FoundationXML", "Synchronization", "Testing"]

    /// What each test target's files may import (`@testable` or not), as Package.swift declares
    /// it: its module, the layers below it that it needs, SitegenTestSupport and its libraries.
    static let allowedInTests: [String: Set<String>] = [
        "SitegenTestSupport": ["SitegenModel", "SitegenSource", "NIOCore", "NIOHTTP1", "NIOPosix"],
        "SitegenModelTests": ["SitegenModel", "SitegenTestSupport"],
        "SitegenSystemTests": ["SitegenSystem", "SitegenTestSupport"],
        "SitegenSourceTests": [
            "SitegenModel", "SitegenHTTP", "SitegenStore", "SitegenSource", "SitegenTestSupport", "PropertyBased",
        ],
        // SitegenSource's sample generator and filter make the inputs of some tests.
        "SitegenRenderTests": [
            "SitegenModel", "SitegenAssets", "SitegenRender", "SitegenSource", "SitegenTestSupport", "Mustache", "PropertyBased",
        ],
        "SitegenWriteTests": ["SitegenModel", "SitegenSystem", "SitegenRender", "SitegenWrite", "SitegenTestSupport"],
        "SitegenSearchTests": ["SitegenModel", "SitegenSearch", "SitegenTestSupport"],
        "SitegenThreadsTests": ["SitegenModel", "SitegenThreads", "SitegenTestSupport"],
        "SitegenMarkdownTests": [
            "SitegenModel", "SitegenRender", "SitegenSource", "SitegenMarkdown", "SitegenTestSupport", "PropertyBased",
        ],
        "SitegenBuildTests": [
            "SitegenModel", "SitegenSystem", "SitegenConfig", "SitegenHTTP", "SitegenSource", "SitegenRender", "SitegenWrite",
            "SitegenMarkdown", "SitegenThreads", "SitegenSearch", "SitegenAssets", "SitegenBuild", "SitegenTestSupport",
        ],
        "SitegenServeTests": [
            "SitegenModel", "SitegenSystem", "SitegenServe", "SitegenTestSupport", "AsyncHTTPClient", "NIOCore",
        ],
        "SitegenDeployTests": ["SitegenDeploy", "SitegenModel", "SitegenTestSupport"],
        "SitegenCommandLineTests": ["SitegenModel", "SitegenConfig", "SitegenSource", "SitegenBuild", "SitegenTestSupport"],
        "SitegenArchitectureTests": ["SitegenTestSupport"],
    ]

    static func swiftFiles(of target: String) -> [String] {
        filesUnder(sources + "/" + target).filter { $0.hasSuffix(".swift") }.map { sources + "/" + target + "/" + $0 }
    }

    /// The file's code without comments, so a doc comment may name what the code must not use.
    static func code(_ path: String) throws -> String {
        try readText(path).split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
    }

    /// A target's files: under Sources/, or under Tests/ for a test target.
    @Test(
        "each target imports only the layers below it and its own libraries",
        arguments: allowed.keys.sorted() + allowedInTests.keys.sorted())
    func imports(target: String) throws {
        let inTests = Self.allowedInTests[target] != nil
        let folder = (inTests ? Self.tests : Self.sources) + "/" + target
        let files = filesUnder(folder).filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        #expect(!files.isEmpty, "no Swift files under \(folder)")
        let allowed = inTests ? Self.allowedInTests[target]!.union(Self.toolchain) : Self.allowed[target]!
        for file in files {
            for line in try Self.code(file).split(separator: "\n")
            where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                let module = String(line.split(separator: " ").last!)
                #expect(allowed.contains(module), "\(file): imports \(module), not declared for \(target)")
            }
        }
    }

    @Test("every target under Sources/ has its place in the graph")
    func everyTargetPlaced() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources)
            .filter { !$0.hasPrefix("C") && $0 != "SitegenAssets" }
        #expect(Set(targets) == Set(Self.allowed.keys))
        // And every folder under Tests/ but the browser tests is a test target in the table.
        let testTargets = try FileManager.default.contentsOfDirectory(atPath: Self.tests).filter { $0 != "browser" }
        #expect(Set(testTargets) == Set(Self.allowedInTests.keys))
    }

    /// A module imported `@testable` is compiled for testing only in a debug build, so
    /// `swift build -c release` of the whole package stops at any target but a test that does.
    @Test("no target but a test target imports a module @testable")
    func noTestableOutsideTests() throws {
        let support = (Self.tests as NSString).appendingPathComponent("SitegenTestSupport")
        for root in [Self.sources, support] {
            let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: (root as NSString).appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("@testable import"), "\(root)/\(file) imports a module @testable")
            }
        }
    }

    @Test("the model and plan touch no disk, network, clock or randomness")
    func modelIsPure() throws {
        let forbidden = [
            "FileManager", "FileHandle", "URLSession", "Date(", "Date.now", "ContinuousClock", "SuspendingClock",
            "clock_gettime", "ProcessInfo", "getenv", "fopen", "open(", "read(", "write(", "Dispatch",
            "SystemRandomNumberGenerator", ".random(",
        ]
        // The model, and the pure plans a slice keeps beside its own code (search's, deploy's,
        // Markdown's, threads').
        let plans = ["SitegenSearch/Plan", "SitegenDeploy/Plan", "SitegenMarkdown/Plan", "SitegenThreads/Plan"]
            .flatMap(Self.swiftFiles(of:))
        #expect(plans.count >= 11)
        for file in Self.swiftFiles(of: "SitegenModel") + plans {
            let code = try Self.code(file)
            for word in forbidden {
                #expect(!code.contains(word), "\(file) uses \(word)")
            }
            // Foundation's `Thread` (and pthreads), as a whole word: a comment thread is not one.
            #expect(code.firstMatch(of: /\bThread\b|pthread_/) == nil, "\(file) uses threads")
        }
    }

    /// Each feature in one place (docs/internals/architecture.md, "Slices"): search's plan,
    /// index, files, page and steps in SitegenSearch; deploy's plan, client and errors in
    /// SitegenDeploy; Markdown's reading, rendering, links and outline in SitegenMarkdown; a
    /// thread's plan, rendering and writing in SitegenThreads. A file named for one outside its
    /// target is a feature spread again. The model keeps only what several slices share
    /// (`DeployPhase`: a rebuild's commit renames in deploy's order; `MIMEType` and
    /// `CachePolicy`: serve, `_headers` and deploy; `MarkdownExtras`: what a Markdown story
    /// carries that paths, taxonomies, redirects and rows read). A thread is read by its
    /// story's source, each kind in its own way (`SitegenSource/Threads/`, the sample's), and
    /// handed to the writer through `ItemThreads`.
    @Test("search, deploy, Markdown and threads each live in their own target")
    func featuresInOnePlace() throws {
        let shared: Set = [
            "SitegenModel/Plan/DeployPhase.swift", "sitegen/DeployCommand.swift", "SitegenSystem/ByteSearch.swift",
            "SitegenModel/Model/MarkdownExtras.swift", "SitegenWrite/ItemThreads.swift",
            "SitegenSource/Samples/ThreadGenerator.swift", "SitegenSource/Samples/SampleThreads.swift",
        ]
        let features = [
            ("Search", "SitegenSearch"), ("Deploy", "SitegenDeploy"), ("Markdown", "SitegenMarkdown"),
            ("FrontMatter", "SitegenMarkdown"), ("Thread", "SitegenThreads"),
        ]
        for (feature, target) in features {
            let outside = try FileManager.default.contentsOfDirectory(atPath: Self.sources)
                .filter { $0 != target }
                .flatMap { other in filesUnder(Self.sources + "/" + other).map { other + "/" + $0 } }
                .filter { ($0 as NSString).lastPathComponent.contains(feature) && $0.hasSuffix(".swift") && !shared.contains($0) }
                .filter { !$0.hasPrefix("SitegenSource/Threads/") }
            #expect(outside.isEmpty, "\(feature) outside \(target): \(outside)")
        }
        // ByteSearch is a byte scan of the machine's layer, not the search feature.
        #expect(Self.swiftFiles(of: "SitegenSystem").contains { $0.hasSuffix("ByteSearch.swift") })
    }
}
