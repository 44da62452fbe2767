import Foundation
import SitegenConfig
import SitegenModel
import SitegenSource
import SitegenSystem

/// What a Markdown folder's build keeps of each file it parsed, beside the output
/// (`.<name>.parses`), so that the next build takes a file whose bytes did not change as it
/// was parsed, without parsing it: its front matter (YAML, TOML or JSON), its title, date,
/// path, terms, and its summary (cmark, and the summary's line) were most of an unchanged
/// post's cost in a rebuild.
///
/// A parse is kept by the file's path and its bytes' hash (`ContentHash`), with what else it
/// depends on: the file's first commit (a date when it says none), and, heading the file, the
/// site's configs' texts (its permalinks and dialect), the zone of dates written without one,
/// and the sitegen binary. The bytes are read and hashed every build (a tenth of parsing them):
/// a parse is never taken on a file's size or time alone. The body is kept as where it starts
/// in the file when it is the file's end (the file is read anyway), else whole (a body whose
/// template code was rewritten, `TemplateForms`).
///
/// Only a build into an output that is there reads it or writes it: a first build parses every
/// file and pays nothing for the next (hashing, encoding and writing the parses cost a fresh
/// build of 20,000 posts a few percent, and its peak the file's bytes); its first rebuild
/// parses every file too, and keeps them.
struct KeptParses: Sendable {
    /// Where the file is, and whether this build may take parses from it.
    struct Place: Sendable {
        var file: String
        var reuse: Bool
    }

    /// A parse as kept: the story, its body aside.
    struct Parse: Sendable {
        var hash: UInt64
        var committed: Int?
        var story: MarkdownStory
        var body: Body
        /// Its bytes in the file it was read from, written again as they are.
        var encoded: ArraySlice<UInt8>? = nil
    }

    enum Body: Sendable, Equatable {
        /// No body (`item.markdown` nil).
        case none
        /// The file's bytes from this offset on.
        case from(Int)
        case text(String)
    }

    static let format = "sitegen kept parses 1"

    private let parses: [String: Parse]

    /// The stamp of what every parse depends on but its own file and first commit.
    static func stamp(configs: SiteConfigFiles, zone: SiteTimeZone) -> String {
        let parts: [String] = [
            format, zone.identifier, configs.jekyll ?? "-", configs.hugo.map { $0.name + "\n" + $0.text } ?? "-",
            configs.config.map { $0.name + "\n" + $0.text } ?? "-", fileStamp("/proc/self/exe") ?? "-",
        ]
        var hash = ContentHash()
        for part in parts {
            hash.combine(String(part.utf8.count) + ":")
            hash.combine(part)
        }
        return hash.hex
    }

    /// The file's bytes' hash, as parses are kept by.
    static func hash(_ bytes: [UInt8]) -> UInt64 { ContentHash.value(of: bytes) }

    /// The parses kept at `file` for `stamp`; none when there are none, or others, or the file is
    /// not whole.
    static func read(_ file: String, stamp: String) -> KeptParses {
        guard let bytes = WholeRead.bytes(file) else { return KeptParses(parses: [:]) }
        var reader = KeptBytes.Reader(bytes)
        do {
            guard try reader.stamp(format: format) == stamp else { return KeptParses(parses: [:]) }
            let parses = try reader.list { reader in
                let start = reader.offset
                var parse = try Self.parse(&reader)
                parse.encoded = reader.bytes(from: start)
                return parse
            }
            try reader.finish()
            return KeptParses(parses: Dictionary(parses.map { ($0.story.orderKey.file, $0) }) { first, _ in first })
        } catch {
            return KeptParses(parses: [:])
        }
    }

    /// The story of `file` as kept, when its bytes and first commit are the ones it was parsed
    /// from, with its parse to keep again; nil: parse it.
    func story(of file: String, bytes: [UInt8], hash: UInt64, committed: Int?) -> (MarkdownStory, Parse)? {
        guard let parse = parses[file], parse.hash == hash, parse.committed == committed else { return nil }
        var story = parse.story
        switch parse.body {
        case .none: story.item.markdown = nil
        case .from(let offset):
            guard offset <= bytes.count else { return nil }
            story.item.markdown = String(decoding: bytes[offset...], as: UTF8.self)
        case .text(let text): story.item.markdown = text
        }
        return (story, parse)
    }

    /// The parse of `story`, from `bytes`, to keep.
    static func parse(of story: MarkdownStory, bytes: [UInt8], hash: UInt64, committed: Int?) -> Parse {
        var body = Body.none
        if var markdown = story.item.markdown {
            let start = markdown.withUTF8 { tail in
                !tail.isEmpty && bytes.count >= tail.count
                    && bytes.withUnsafeBytes { memcmp($0.baseAddress! + bytes.count - tail.count, tail.baseAddress!, tail.count) }
                        == 0
                    ? bytes.count - tail.count : nil
            }
            body = start.map(Body.from) ?? .text(markdown)
        }
        var kept = story
        kept.item.markdown = nil
        return Parse(hash: hash, committed: committed, story: kept, body: body)
    }

    /// Writes `parses` with `stamp` at `file`, whole or not at all; one that could not be written
    /// only costs the next build its parses.
    static func write(_ parses: [Parse], stamp: String, to file: String) {
        var writer = KeptBytes.Writer(format: format, stamp: stamp)
        writer.add(list: parses) { writer, parse in
            if let encoded = parse.encoded { writer.add(raw: encoded) } else { Self.add(parse, to: &writer) }
        }
        _ = WholeWrite.replace(file, with: writer.sealed())
    }
}
