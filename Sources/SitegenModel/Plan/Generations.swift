/// A build's immutable files that a page of that build may still ask for after a newer build is
/// deployed over it: its manifests' parts (`m/<build>/`), the shards they list, and its assets.
public struct Generation: Sendable, Equatable {
    /// The site list's manifest's build id (`m/<build>/`).
    public var build: String
    /// Its stylesheet, script and favicon (`assets/…`).
    public var assets: [String]
    /// The build ids of the term lists' manifests (`StoryList.hasShards`), each a list of its
    /// own whose pages readers may be scrolling too.
    public var lists: [String]
    /// The search index's root (`x/<name>.json`), nil for a build without search: an open
    /// search page goes on reading the index it was served with.
    public var search: String?
    /// The listing of its threads' files (`c/<name>.txt`, named by its content), nil for a build
    /// without threads: an open thread goes on reading the shards it was served with.
    public var threads: String?

    public init(build: String, assets: [String], lists: [String] = [], search: String? = nil, threads: String? = nil) {
        self.build = build
        self.assets = assets
        self.lists = lists
        self.search = search
        self.threads = threads
    }

    /// Every manifest of the generation, the site list's first.
    public var builds: [String] { [build] + lists }
}

/// Which generations an output keeps, and the record of them (`m/builds.txt`). Pure.
///
/// Deploy skew: a reader's page from build k keeps asking for build k's parts and shards after
/// build k+1 replaced the pages. Keeping the last `keep` generations besides the current one
/// serves such readers for as many deploys; anything older is collected (simply not carried
/// into the new output).
public enum Generations {
    /// Where the record lives in the output.
    public static let recordFile = "m/builds.txt"

    /// The record after this build: `current` first, then up to `keep` previous generations,
    /// newest first, none twice (rebuilding a site as it was makes its build current again).
    /// A previous generation with the current site list's build stays as an older one when it
    /// had term lists the current has not: they may differ while the site's list does not (a
    /// tag added to a post, a new page size), and their pages may still be open. It counts
    /// toward `keep` as any other does, so that with `keep` 0 the output is what this build
    /// wrote and nothing more, and no list's files stay forever. (They were once handed on to
    /// the current generation, which kept every term list a site ever had while its own list
    /// stayed the same: bench/drift.py found it.)
    public static func next(current: Generation, previous: [Generation], keep: Int) -> [Generation] {
        let older = previous.filter { $0.build != current.build || !Set($0.lists).isSubset(of: current.lists) }
        return [current] + older.prefix(max(0, keep))
    }

    /// One generation a line, newest first: `<build> <asset>… [x/<search root>.json]
    /// [c/<threads listing>.txt] <term list build>…`.
    public static func text(_ record: [Generation]) -> String {
        record.map {
            ([$0.build] + $0.assets + ($0.search.map { [$0] } ?? []) + ($0.threads.map { [$0] } ?? []) + $0.lists)
                .joined(separator: " ") + "\n"
        }
        .joined()
    }

    /// The record as `text` wrote it (a line of an older sitegen has no list builds). Lines
    /// that are not a plain build id followed by asset paths and build ids are ignored: a record
    /// edited by hand costs at most the generations it garbled.
    public static func parse(_ text: String) -> [Generation] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard let build = words.first, isBuildID(build) else { return nil }
            let rest = words.dropFirst()
            let assets = rest.filter { $0.hasPrefix("assets/") }
            let lists = rest.filter(isBuildID)
            let search = rest.filter(isSearchFile)
            let threads = rest.filter(isThreadListing)
            guard assets.count + lists.count + search.count + threads.count == rest.count, search.count <= 1,
                threads.count <= 1, !assets.contains(where: { $0.contains("..") })
            else { return nil }
            return Generation(build: build, assets: assets, lists: lists, search: search.first, threads: threads.first)
        }
    }

    /// The files a search index's listing (`x/<root>.txt`) names; lines that are not a search
    /// index file's path are ignored.
    public static func searchFiles(listed text: [UInt8]) -> [String] {
        lines(of: text).map { String(decoding: $0, as: UTF8.self) }.filter(isSearchFile)
    }

    /// The lines of a listing, split on its bytes: a listing of a big archive's threads is two
    /// megabytes, which a String's split would walk a Character at a time.
    private static func lines(of text: [UInt8]) -> [ArraySlice<UInt8>] {
        text.split(separator: UInt8(ascii: "\n"))
    }

    /// `x/<hex>.json`, or `x/<hex>/<k>.json` and `x/<hex>/m<k>.json` in a folder of the index
    /// (docs/internals/format.md, "The root"): a search index file (its root, in a record), nothing that
    /// could step out of `x/`.
    package static func isSearchFile(_ word: String) -> Bool {
        guard word.hasPrefix("x/"), word.hasSuffix(".json") else { return false }
        let parts = word.dropFirst(2).dropLast(5).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, isBuildID(String(parts[0])) else { return false }
        guard parts.count == 2 else { return true }
        let place = parts[1].hasPrefix("m") ? parts[1].dropFirst() : parts[1]
        return !place.isEmpty && place.utf8.allSatisfy { (48...57).contains($0) }
    }

    /// `c/<hex>.txt`: a listing of a build's threads' files, nothing that could step out of `c/`.
    package static func isThreadListing(_ word: String) -> Bool {
        word.hasPrefix("c/") && word.hasSuffix(".txt") && isBuildID(String(word.dropFirst(2).dropLast(4)))
    }

    /// The files a threads' listing names: `c/<hex>.json` lines; any other line is ignored.
    public static func threadFiles(listed text: [UInt8]) -> [String] {
        threadFiles(lines: lines(of: text))
    }

    /// The files a threads' listing names that `current`, this build's listing, does not: what
    /// an older generation needs that this build has not already (most of a thread's files
    /// stay the same from build to build, and every listing names them again). Listings are
    /// sorted (`SiteWriter.writeThreadListing`), so one walk of both; a line is left out only
    /// when `current` holds it, so a listing out of order costs looks, never a file.
    public static func threadFiles(listed text: [UInt8], besides current: [UInt8]) -> [String] {
        let others = lines(of: current)
        var next = 0
        return threadFiles(
            lines: lines(of: text).filter { line in
                while next < others.count && others[next].lexicographicallyPrecedes(line) { next += 1 }
                return next == others.count || !others[next].elementsEqual(line)
            })
    }

    private static func threadFiles(lines: [ArraySlice<UInt8>]) -> [String] {
        let (prefix, suffix) = (Array("c/".utf8), Array(".json".utf8))
        return lines.compactMap { line in
            guard line.count > prefix.count + suffix.count, line.starts(with: prefix),
                line.suffix(suffix.count).elementsEqual(suffix),
                line.dropFirst(prefix.count).dropLast(suffix.count).allSatisfy(isHexDigit)
            else { return nil }
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// A build id is hex (ContentHash): nothing that could step out of `m/`.
    package static func isBuildID(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy(isHexDigit)
    }

    /// `0-9` or `a-f`: ContentHash's digits.
    private static func isHexDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) || (97...102).contains(byte) }
}
