import ArgumentParser
import Foundation
import SitegenBuild
import SitegenModel
import SitegenSource

/// Deterministic test and benchmark data in every source format sitegen reads.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write deterministic sample stories (for tests and benchmarks).",
        discussion: """
            The same --count and --seed always give the same bytes.

            Examples:
              sitegen generate --count 100000 --format json --output stories.json
              sitegen generate --count 1000 --format hn --output data/v0
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, jsonl, hn
    }

    @Option(help: "How many stories.") var count: Int = 300
    @Option(help: "Seed of the generator.") var seed: UInt64 = 1
    @Option(help: "json (one array), jsonl (one item a line) or hn (a folder shaped like the HN API).")
    var format: Format = .json
    @Option(help: ArgumentHelp("File (json, jsonl) or folder (hn) to write.", valueName: "path"))
    var output: String

    enum Titles: String, ExpressibleByArgument, CaseIterable {
        case sample, zipf
    }

    @Option(
        help: ArgumentHelp(
            "sample (HN-like titles from a few hundred shapes) or zipf (words drawn from a Zipf law over --vocabulary words, as real titles' are: for search benchmarks).",
            valueName: "sample|zipf"))
    var titles: Titles = .sample

    @Option(help: ArgumentHelp("Words in the zipf titles' vocabulary.", valueName: "n"))
    var vocabulary: Int = 200_000

    @Flag(help: "With --format hn: each story's comments too, as many as it counts, shaped like HN's threads.")
    var threads = false

    @Option(
        help: ArgumentHelp(
            "With --threads: the first story's thread has this many comments (and --deepest levels), whatever it counted.",
            valueName: "n"))
    var firstThread: Int?

    @Option(help: ArgumentHelp("With --first-thread: how many levels deep it goes.", valueName: "n"))
    var deepest: Int = 24

    @Option(
        help: ArgumentHelp(
            "With --threads: about this many comments in all, each story's thread scaled from its count (for benchmarks: 100,000 stories with 1,000,000 comments).",
            valueName: "n"))
    var comments: Int?

    /// Writes `items` a few megabytes at a time: `Data.write(to:)` of more than 2 GiB wrote the
    /// first 2 GiB again in place of the rest on Linux (ten million stories' JSON Lines, 2.2 GB,
    /// came out with 430,000 duplicates and a torn line), and held all of it in memory first.
    static func write(
        _ items: [RawItem], to url: URL, encoder: JSONEncoder, start: String, between: String, end: String
    ) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let file = try? FileHandle(forWritingTo: url)
        else { throw CommandError.cannotWrite(path: url.path) }
        defer { try? file.close() }
        var buffer = Data(start.utf8)
        for (k, item) in items.enumerated() {
            if k > 0 { buffer.append(contentsOf: between.utf8) }
            buffer.append(try encoder.encode(item))
            if buffer.count >= 8 << 20 {
                try file.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: (items.isEmpty && end == "\n" ? "" : end).utf8)
        try file.write(contentsOf: buffer)
    }

    func run() throws {
        let items = SampleGenerator(seed: seed, zipfVocabulary: titles == .zipf ? vocabulary : nil).items(count: count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let url = URL(fileURLWithPath: output)
        switch format {
        case .json:
            try Self.write(items, to: url, encoder: encoder, start: "[", between: ",", end: "]")
        case .jsonl:
            try Self.write(items, to: url, encoder: encoder, start: "", between: "\n", end: "\n")
        case .hn:
            let itemFolder = url.appendingPathComponent("item")
            try FileManager.default.createDirectory(at: itemFolder, withIntermediateDirectories: true)
            try encoder.encode(items.compactMap(\.id)).write(to: url.appendingPathComponent("topstories.json"))
            let generator = ThreadGenerator(seed: seed)
            let counted = items.reduce(0) { $0 + ($1.descendants ?? 0) }
            let scale = comments.map { Double($0) / Double(max(1, counted)) } ?? 1
            for (k, item) in items.enumerated() {
                var story = item
                if threads, let id = item.id {
                    // As the sample's threads are made (SampleThreads), or the size asked for.
                    let counts = Int((Double(item.descendants ?? 0) * scale).rounded())
                    let count = k == 0 ? firstThread ?? counts : counts
                    let deepest = k == 0 && firstThread != nil ? deepest : min(24, 2 + count / 30)
                    let tree = generator.tree(story: id, time: item.time ?? 0, count: count, deepest: deepest)
                    for comment in generator.items(of: tree, story: id) {
                        try Data(comment.json.utf8).write(to: itemFolder.appendingPathComponent("\(comment.id).json"))
                    }
                    story.kids = tree.roots.isEmpty ? nil : tree.roots
                    story.descendants = count
                }
                try encoder.encode(story).write(to: itemFolder.appendingPathComponent("\(item.id!).json"))
            }
        }
        print("Wrote \(items.count) stories to \(output) (\(format.rawValue), seed \(seed)).")
    }
}
