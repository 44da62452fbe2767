import SitegenModel

/// Deterministic, realistic Hacker News-shaped items: the embedded default sample, test data
/// and benchmark inputs all come from here, so the same seed always gives the same bytes.
public struct SampleGenerator: Sendable {
    public var seed: UInt64
    /// Unix time of the newest story; older ranks go back from here. Fixed, so no clock is read.
    public var newest: Int = 1_795_176_000

    /// Titles drawn from a Zipf law (`ZipfTitles`) instead of the sample's shapes.
    public var zipfVocabulary: Int?

    public init(seed: UInt64 = 1, zipfVocabulary: Int? = nil) {
        self.seed = seed
        self.zipfVocabulary = zipfVocabulary
    }

    /// `count` items in rank order, ids unique.
    public func items(count: Int) -> [RawItem] {
        if let zipfVocabulary { return zipfItems(count: count, vocabulary: zipfVocabulary) }
        var rng = SplitMix64(seed: seed)
        var items: [RawItem] = []
        items.reserveCapacity(count)
        var time = newest
        var id = 46_000_000 + Int(seed % 1000) * 10_000_000
        for _ in 0..<count {
            id += 1 + Int(rng.next() % 37)
            time -= 60 + Int(rng.next() % 900)
            items.append(item(id: id, time: time, rng: &rng))
        }
        return items
    }

    /// Stories with Zipf titles: links with a score and comments, no text.
    private func zipfItems(count: Int, vocabulary: Int) -> [RawItem] {
        let titles = ZipfTitles(vocabulary: vocabulary)
        var rng = SplitMix64(seed: seed)
        var time = newest
        var id = 46_000_000 + Int(seed % 1000) * 10_000_000
        return (0..<count).map { _ in
            id += 1 + Int(rng.next() % 37)
            time -= 10 + Int(rng.next() % 90)
            let score = 1 + Int(rng.next() % 500)
            return RawItem(
                id: id, by: Self.handle(&rng), time: time, title: titles.title(&rng),
                url: "https://\(rng.pick(Self.domains))/\(id)", score: score, descendants: Int(rng.next() % UInt64(score + 1)))
        }
    }

    private func item(id: Int, time: Int, rng: inout SplitMix64) -> RawItem {
        let kind = rng.next() % 10
        let score = 1 + Int(Double(rng.next() % 10_000) / 10_000 * Double(rng.next() % 40)) * Int(1 + rng.next() % 40)
        let comments = Int(Double(score) * Double(rng.next() % 100) / 100 * 1.4)
        let by = Self.handle(&rng)
        switch kind {
        case 0:
            return RawItem(
                id: id, by: by, time: time, title: "Ask HN: \(rng.pick(Self.questions))",
                text: Self.askText(&rng), score: score, descendants: comments)
        case 1:
            let product = rng.pick(Self.products)
            return RawItem(
                id: id, by: by, time: time, title: "Show HN: \(product) – \(rng.pick(Self.taglines))",
                url: "https://\(product.lowercased()).\(rng.pick(["dev", "io", "app", "com"]))/",
                text: rng.next() % 2 == 0
                    ? "<p>Hi HN, I built \(product) because \(rng.pick(Self.reasons)).<p>Feedback welcome!" : nil,
                score: score, descendants: comments)
        default:
            let domain = rng.pick(Self.domains)
            let title = rng.pick(Self.titleShapes)
                .replacingOccurrences(of: "{topic}", with: rng.pick(Self.topics))
                .replacingOccurrences(of: "{thing}", with: rng.pick(Self.things))
                .replacingOccurrences(of: "{company}", with: rng.pick(Self.companies))
            let year = rng.next() % 6 == 0 ? " (\(2008 + rng.next() % 17))" : ""
            let slug = title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(6).joined(separator: "-")
            return RawItem(
                id: id, by: by, time: time, title: title + year, url: "https://\(domain)/\(slug)",
                score: score, descendants: comments)
        }
    }

    private static func handle(_ rng: inout SplitMix64) -> String {
        let syllables = ["ka", "zo", "mi", "tr", "ux", "pel", "dan", "rho", "qi", "ste", "von", "lex", "ar", "bit", "nul"]
        var name = ""
        for _ in 0..<(2 + rng.next() % 3) { name += rng.pick(syllables) }
        return rng.next() % 3 == 0 ? name + String(rng.next() % 100) : name
    }

    private static func askText(_ rng: inout SplitMix64) -> String {
        "<p>\(rng.pick(reasons).prefix(1).uppercased() + rng.pick(reasons).dropFirst()), and I&#x27;m curious how others handle it."
            + "<p>I&#x27;ve read <a href=\"https:&#x2F;&#x2F;\(rng.pick(domains))&#x2F;\">this</a> but it is <i>old</i>."
            + "<p>What do you use for <code>\(rng.pick(things).lowercased())</code>?"
    }

    static let questions = [
        "How do you keep up with papers in your field?", "What's your backup strategy in 2026?",
        "Is it worth learning Rust as a web developer?", "How do you run a small team without meetings?",
        "What are you working on this month?", "Who is hiring?", "Best way to self-host email?",
        "How did you get your first 100 users?", "What does your home lab look like?",
        "Do you still use RSS?", "How do you price a developer tool?",
    ]
    static let products = [
        "Tablecast", "Shardly", "Quillmark", "Pagewise", "Fernlog", "Driftdb", "Lumenstack", "Nimbus",
        "Kestrel", "Offgrid", "Tinyfeed", "Scrollkit", "Petrichor", "Vantage", "Moraine",
    ]
    static let taglines = [
        "an open-source static site generator", "a terminal UI for Postgres", "prefetching for the web",
        "a tiny search engine for your notes", "SQLite replication over S3", "a keyboard-first RSS reader",
        "a faster alternative to rsync", "type-safe SQL in Swift", "a self-hosted status page",
    ]
    static let reasons = [
        "my side projects kept rotting", "the existing tools were too slow on large inputs",
        "I wanted something that works offline", "our team kept losing context between tools",
        "nothing handled a million rows smoothly",
    ]
    static let topics = [
        "SQLite", "Rust", "Swift", "WebAssembly", "Postgres", "Linux", "TCP", "Unicode", "CRDTs",
        "the JVM", "HTTP/3", "Git", "Zig", "OCaml", "Kubernetes", "LLVM", "ZFS", "Erlang",
    ]
    static let things = [
        "Garbage Collectors", "Text Editors", "Static Sites", "Hash Tables", "B-Trees", "Compilers",
        "Type Systems", "Build Systems", "Bloom Filters", "Fonts", "Schedulers", "Package Managers",
    ]
    static let companies = ["Mozilla", "Cloudflare", "Fly.io", "Tailscale", "Oxide", "Fastly", "Valve", "Framework"]
    static let titleShapes = [
        "How {topic} Works", "Why {thing} Are Hard", "The Unreasonable Effectiveness of {thing}",
        "{company} Open-Sources Its Internal {topic} Tooling", "A Tour of {topic} Internals",
        "What I Learned Writing {thing} in {topic}", "{topic} Is Faster Than You Think",
        "Lessons from Ten Years of {thing}", "{company} Is Hiring {topic} Engineers",
        "Designing {thing} for the Next Decade", "An Illustrated Guide to {thing}",
        "We Replaced Our {thing} with {topic}", "The Case Against {thing}", "{topic} 2.0 Released",
    ]
    static let domains = [
        "github.com", "blog.example.org", "lwn.net", "arxiv.org", "www.nytimes.com", "jvns.ca",
        "danluu.com", "sqlite.org", "www.theverge.com", "news.example.com", "research.example.edu",
        "medium.com", "substack.example.com", "www.bbc.co.uk",
    ]
}
