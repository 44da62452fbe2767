import Foundation
import SitegenModel
import Testing

/// A client of a built site's search index, written from docs/internals/format.md ("Search") alone, as
/// another client would be: the root the search page carries, directories, packs, files of
/// later results, then the list's pages, manifest and shards. Files are read once.
public final class SearchClient {
    public let site: String
    /// The root, as the search page carries it, but with the files it lists by their folder
    /// named as a directory names its files (`named`).
    public let root: [String: Any]
    private var files: [String: [String: Any]] = [:]
    private var packs: [String: [[Any]]] = [:]
    /// List pages read: their build and rows.
    private var pages: [String: (build: String?, articles: [Int: HTMLElement])] = [:]

    public init(site: String) throws {
        self.site = site.hasSuffix("/") ? site : site + "/"
        let config = try jsonObject(
            try parseJSON(try #require(HTMLScan.pageConfig(in: try readText(self.site + "search/index.html")))))
        let carried = try jsonObject(try #require(config["index"]))
        // The page carries the root file's JSON, as it is.
        let file = try jsonObject(try parseJSON(try readBytes(self.site + (try #require(config["root"] as? String)))))
        #expect(NSDictionary(dictionary: file).isEqual(to: carried))
        root = try Self.named(carried)
        #expect(root["pageRows"] is Int, "the root says whether rows are read from list pages")
    }

    /// The root with each file it lists by its folder (a segment's `packs` `[folder, [first
    /// word, …]]`, its `more` `[[first word, run], …]`, the `directories` `[folder, [first word,
    /// …]]`) given its name as a directory gives it: `[first word, "<folder>/<k>"]`, `[first
    /// word, run, "<folder>/m<k>"]`.
    static func named(_ root: [String: Any]) throws -> [String: Any] {
        var root = root
        let packs = try jsonArray(root["packs"])
        root["more"] = try zip(packs, try jsonArray(root["more"])).map { packs, more -> Any in
            guard let packs = packs as? [Any], let more = more as? [Any] else { return NSNull() }
            return more.enumerated().map { k, first in (first as! [Any]) + ["\(packs[0])/m\(k)"] }
        }
        root["packs"] = packs.map { packs -> Any in
            guard let packs = packs as? [Any] else { return NSNull() }
            return (packs[1] as! [Any]).enumerated().map { k, first in [first, "\(packs[0])/\(k)"] }
        }
        if let directories = root["directories"] as? [Any] {
            root["directories"] = (directories[1] as! [Any]).enumerated().map { k, first in [first, "\(directories[0])/\(k)"] }
        }
        return root
    }

    public func json(_ path: String) throws -> [String: Any] {
        if let file = files[path] { return file }
        let file = try jsonObject(try parseJSON(try readBytes(site + path)))
        files[path] = file
        return file
    }

    public var stories: Int { root["stories"] as! Int }
    public var moreRows: Int { root["moreRows"] as! Int }
    /// [start, stories] of each segment, newest first.
    public var segments: [[Int]] { (root["segments"] as! [Any]).map { $0 as! [Int] } }

    /// Segment s's packs and files of later results that may hold `word`: the root's, or its
    /// directory's for the word.
    public func listing(_ word: String, segment s: Int) throws -> (packs: [[Any]], more: [[Any]]) {
        var (listing, k) = (root, s)
        let inRoot = (root["packs"] as! [Any]).map { !($0 is NSNull) }
        if !inRoot[s] {
            let directories = try #require(root["directories"] as? [[Any]])
            let directory = try #require(directories.last { !jsPrecedes(word, $0[0] as! String) })
            listing = try json("x/\(directory[1] as! String).json")
            // A list for each segment the root does not list, in order.
            k = inRoot[..<s].filter { !$0 }.count
        }
        return (
            try jsonArray((listing["packs"] as! [Any])[k]).map { $0 as! [Any] },
            try jsonArray((listing["more"] as! [Any])[k]).map { $0 as! [Any] }
        )
    }

    /// Every listing: the root's, and every directory's.
    public func listings() throws -> [[String: Any]] {
        [root] + (try (root["directories"] as? [[Any]] ?? []).map { try json("x/\($0[1] as! String).json") })
    }

    /// Segment s's entry for `word`: `[word, count, records, rows, titled, marks]`, or nil.
    public func entry(_ word: String, segment s: Int) throws -> [Any]? {
        let packs = try listing(word, segment: s).packs
        guard let pack = packs.last(where: { !jsPrecedes(word, $0[0] as! String) }) else { return nil }
        return try entries(ofPack: pack[1] as! String).first { $0[0] as? String == word }
    }

    /// The pack `x/<name>.json`'s entries, each `[word, count, records, rows, titled, marks]`: a
    /// word's line of `words` with its `records` put in third place. The file has its words,
    /// a line break, then their records (so that a client reading it as it comes can start on
    /// the words): it is checked to parse as that first line alone, too.
    public func entries(ofPack name: String) throws -> [[Any]] {
        if let entries = packs[name] { return entries }
        let path = "x/\(name).json"
        let bytes = try readBytes(site + path)
        let line = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")), "\(path) has its words on a line")
        let head = try jsonObject(try parseJSON(Array(bytes[..<line]) + Array("}".utf8)))
        let pack = try jsonObject(try parseJSON(bytes))
        let words = try jsonArray(pack["words"]).map { $0 as! [Any] }
        let records = try jsonArray(pack["records"]).map { $0 as! [Any] }
        #expect(try jsonArray(head["words"]).count == words.count, "\(path)'s first line holds its words")
        #expect(records.count == words.count, "\(path) has records for each word")
        let entries = zip(words, records).map { word, records in [word[0], word[1], records] + word[2...] }
        packs[name] = entries
        return entries
    }

    /// Segment s's results for `word` as rows of the segment (0 its oldest story), in rank
    /// order: the pack's, then each run of later results.
    public func segmentRows(_ word: String, segment s: Int, entry: [Any]) throws -> [Int] {
        try segmentResults(word, segment: s, entry: entry).rows
    }

    /// A result's marks: the ids (in the segment's `common`, two hex digits each) of the
    /// common words its story holds. "0005,,0c" → [[0, 5], [], [12]].
    public static func marks(_ text: String) -> [[Int]] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { mark in
            let digits = Array(mark)
            #expect(digits.count % 2 == 0, "\(text)")
            return stride(from: 0, to: digits.count, by: 2).map { Int(String(digits[$0...$0 + 1]), radix: 16)! }
        }
    }

    /// Rows as the files write them: the first, then each as the one before minus it.
    public static func undelta(_ deltas: [Int]) -> [Int] {
        deltas.indices.reduce(into: [Int]()) { out, i in out.append(i == 0 ? deltas[0] : out[i - 1] - deltas[i]) }
    }

    /// `segmentRows`, with each result's marks (empty lists for a segment without common words).
    public func segmentResults(_ word: String, segment s: Int, entry: [Any]) throws -> (rows: [Int], marks: [[Int]]) {
        let count = entry[1] as! Int
        var rows = Self.undelta(entry[3] as! [Int])
        let marked = !common(segment: s).isEmpty
        var marks = marked ? Self.marks(entry[5] as! String) : []
        let more = try listing(word, segment: s).more
        for run in 0..<((count - rows.count + moreRows - 1) / moreRows) {
            // In the last file whose first [word, run] is not after [word, run].
            let file = try #require(
                more.last { f in
                    let (w, r) = (f[0] as! String, f[1] as! Int)
                    return jsPrecedes(w, word) || (w == word && r <= run)
                })
            let later = try #require(
                try jsonArray(try json("x/\(file[2] as! String).json")["words"]).compactMap { $0 as? [Any] }
                    .first { $0[0] as? String == word && $0[1] as? Int == run })
            rows += Self.undelta(later[2] as! [Int])
            if marked { marks += Self.marks(later[3] as! String) }
        }
        #expect(rows.count == count, "\(word)")
        if !marked { marks = Array(repeating: [], count: rows.count) }
        #expect(marks.count == count, "\(word)")
        return (rows, marks)
    }

    /// Segment s's common words, by word: each one's id (the place in the root's list of the
    /// entry naming it: words of the very same results share one) and count.
    public func common(segment s: Int) -> [String: (id: Int, count: Int)] {
        let lists = (root["common"] as! [Any])[s] as! [Any]
        return Dictionary(
            uniqueKeysWithValues: lists.enumerated().flatMap { id, item in
                let item = item as! [Any]
                return (item[0] as! [String]).map { ($0, (id: id, count: item[1] as! Int)) }
            })
    }

    /// The stories holding every one of `words`, as rows counted from the list's end, in the
    /// list's order (newest first), as docs/internals/format.md's step for several words finds them: in
    /// each segment, the results of its rarest word that is not common there (or, every word
    /// being common, its rarest), each kept when its marks hold every common word and every
    /// other word's results hold it.
    public func allOf(_ words: [String]) throws -> [Int] {
        var found: [Int] = []
        for (s, segment) in segments.enumerated() {
            let common = common(segment: s)
            var entries: [String: [Any]] = [:]
            var counts: [String: Int] = [:]
            var present = true
            for word in words {
                if let c = common[word] {
                    counts[word] = c.count
                } else if let entry = try entry(word, segment: s) {
                    entries[word] = entry
                    counts[word] = entry[1] as? Int
                } else {
                    present = false
                }
            }
            guard present else { continue }
            let uncommon = words.filter { common[$0] == nil }
            let driver = (uncommon.isEmpty ? words : uncommon).min { counts[$0]! < counts[$1]! }!
            let driverEntry = try entries[driver] ?? #require(try entry(driver, segment: s))
            let (rows, marks) = try segmentResults(driver, segment: s, entry: driverEntry)
            let others = try words.filter { $0 != driver && common[$0] == nil }.map {
                Set(try segmentRows($0, segment: s, entry: entries[$0]!))
            }
            let ids = words.filter { $0 != driver }.compactMap { common[$0]?.id }
            for (row, mark) in zip(rows, marks) where ids.allSatisfy(mark.contains) && others.allSatisfy({ $0.contains(row) }) {
                found.append(segment[0] + row)
            }
        }
        return found.sorted(by: >)
    }

    /// `word`'s results, ranked as one list (each segment's holding it in their title, newest
    /// segment first, then the rest), as rows counted from the list's end; and the records the
    /// packs carry for them, by that row.
    public func results(_ word: String) throws -> (rows: [Int], records: [Int: Int]) {
        var head: [Int] = []
        var body: [Int] = []
        var records: [Int: Int] = [:]
        for (s, segment) in segments.enumerated() {
            guard let entry = try entry(word, segment: s) else { continue }
            let rows = try segmentRows(word, segment: s, entry: entry).map { segment[0] + $0 }
            #expect(rows.allSatisfy { $0 >= segment[0] && $0 < segment[0] + segment[1] }, "\(word)")
            let titled = entry[4] as! Int
            head += rows[..<titled]
            body += rows[titled...]
            for (k, record) in (entry[2] as! [Any]).enumerated() { records[rows[k]] = (record as! [String: Any])["id"] as? Int }
        }
        return (head + body, records)
    }

    /// The id of the story at row n counted from the list's end, read both ways a client may
    /// (docs/internals/format.md, "Rows from the list"): through the manifest and a shard, and, when the
    /// root's `pageRows` is not 0, from its list page, whose row must be the shard's record.
    public func id(fromEnd n: Int) throws -> Int {
        let row = stories - 1 - n
        let record = try shardRecord(row: row)
        if let pageRows = root["pageRows"] as? Int, pageRows > 0 {
            let page = try pageRecord(row: row, pageRows: pageRows)
            #expect(page?.id == record.id && page?.html == record.html, "row \(row): page \(String(describing: page))")
        }
        return record.id
    }

    /// Row `row` of the list through the root's build's manifest and a shard.
    private func shardRecord(row: Int) throws -> (id: Int, html: String) {
        let part = try json("m/\(root["build"] as! String)/\(row / (root["partRows"] as! Int)).json")
        let entry = try #require(
            try jsonArray(part["shards"]).compactMap { $0 as? [Any] }.first {
                row >= $0[0] as! Int && row < ($0[0] as! Int) + ($0[1] as! Int)
            })
        let shard = try json("s/\(entry[2] as! String).json")
        let record = try jsonObject(try jsonArray(shard["items"])[row - (entry[0] as! Int)])
        return (try #require(record["id"] as? Int), try #require(record["html"] as? String))
    }

    /// Row `row` of the list from its page, when the page is of the root's build (nil if not,
    /// or if the page lacks the row). Pages are numbered from the list's end (`Paginator`):
    /// the front names its build, the others are of the build the list's head.json names.
    private func pageRecord(row: Int, pageRows: Int) throws -> (id: Int, html: String)? {
        let n = stories - 1 - row
        let count = max(1, stories / pageRows)
        let number = min(n / pageRows + 1, count)
        let path = number == count ? "index.html" : "page/\(number)/index.html"
        if pages[path] == nil {
            let html = try readText(site + path)
            let config = try jsonObject(try parseJSON(try #require(HTMLScan.pageConfig(in: html))))
            let build = number == count ? config["build"] as? String : try json("head.json")["build"] as? String
            let below = try jsonInt(config["below"])
            let articles = HTMLScan.articles(in: html)
            // Row i of the page is `below + count - 1 - i` from the list's end.
            let byPlace = Dictionary(uniqueKeysWithValues: articles.enumerated().map { (below + articles.count - 1 - $0, $1) })
            pages[path] = (build, byPlace)
        }
        let (build, articles) = pages[path]!
        guard build == root["build"] as? String, let article = articles[n],
            let id = article.attributes["data-id"].flatMap({ Int($0) })
        else { return nil }
        return (id, article.inner)
    }

    /// Every word of every pack of every segment.
    public func words() throws -> Set<String> {
        var words: Set<String> = []
        for listing in try listings() {
            for case let segment as [Any] in try jsonArray(listing["packs"]) {
                for pack in segment {
                    for entry in try entries(ofPack: (pack as! [Any])[1] as! String) { words.insert(entry[0] as! String) }
                }
            }
        }
        return words
    }
}

/// JavaScript's string order (UTF-16 code units), as the browser's script compares words:
/// written here again rather than taken from the planner, so the client checks the files'
/// order as a browser would.
private func jsPrecedes(_ a: String, _ b: String) -> Bool {
    a.utf16.lexicographicallyPrecedes(b.utf16)
}
