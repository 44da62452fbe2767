import Foundation
import SitegenTestSupport
import Testing

/// The search page's reading of several words as far as the reader goes (`walk` in
/// Sources/SitegenAssets/search.js, between `// walk:begin` and `// walk:end`), run by Node on
/// random drivers and held to a plain sort of every story it keeps: what it shows is always
/// the newest of them in the list's order, with none missing, and it counts none it has not
/// found.
@Suite("search page: several words read as far as the reader goes")
struct SearchPageWalkTests {
    /// One random driver: its results as rows of its segment, those holding it in their title
    /// first, then the others, each group newest first (as a pack and its runs give them).
    struct Case: Codable {
        var all: [Int]
        var titled: Int
        var pack: Int
        var moreRows: Int
        var keep: [Int]
        var start: Int
    }

    /// What the walk said after its pack and after each run it read: found, and placed.
    struct Step: Codable {
        var found: Int
        var placed: [Int]
    }

    struct Outcome: Codable {
        var steps: [Step]
        var done: Bool
    }

    static var harness: String {
        get throws {
            """
            const { max, floor } = Math;
            const index = { moreRows: 1 };
            // A run of later results: the driver's results after its pack's, moreRows a run.
            const laterRun = async (part, r) => {
              const from = part.rows.length + r * index.moreRows;
              const rows = part.all.slice(from, from + index.moreRows);
              return { rows, marks: rows.map(() => []) };
            };
            """ + (try searchScriptSection("walk")) + """
                (async () => {
                  const out = [];
                  for (const c of JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'))) {
                    index.moreRows = c.moreRows;
                    const rows = c.all.slice(0, c.pack);
                    const part = { rows, marks: rows.map(() => []), titled: c.titled, count: c.all.length, all: c.all };
                    const keep = new Set(c.keep);
                    const w = walk(part, c.start, (n, marks) => Array.isArray(marks) && keep.has(n));
                    const steps = [];
                    for (let guard = 0; ; guard++) {
                      steps.push({ found: w.found, placed: w.placed.slice() });
                      if (w.done || guard > c.all.length + 2) break;
                      await w.more();
                    }
                    out.push({ steps, done: w.done });
                  }
                  console.log(JSON.stringify(out));
                })();
                """
        }
    }

    static func cases(_ count: Int, seed: UInt64) -> [Case] {
        var random = TestRandom(seed: seed)
        return (0..<count).map { _ in
            let n = random.int(in: 0...120)
            var rows: Set<Int> = []
            while rows.count < n { rows.insert(random.int(in: 0...399)) }
            var shuffled = rows.sorted()
            for i in shuffled.indices.reversed() where i > 0 { shuffled.swapAt(i, random.int(in: 0...i)) }
            let titled = random.int(in: 0...n)
            // Each group in the list's order: newest (the largest row) first.
            let all = shuffled[..<titled].sorted(by: >) + shuffled[titled...].sorted(by: >)
            return Case(
                all: all, titled: titled, pack: min(n, random.int(in: 0...30)), moreRows: random.int(in: 1...25),
                keep: all.filter { _ in random.int(in: 0...9) < 3 }, start: random.int(in: 0...1) * 1_000)
        }
    }

    @Test(
        "in 2,000 random drivers (both groups, any pack and run size), what is placed is always the newest kept stories in order, and all of them at the end"
    )
    func placedIsAlwaysAPrefixOfTheWhole() async throws {
        let cases = Self.cases(2_000, seed: 29)
        try await withTemporaryFolder { folder in
            let input = try folder.write(String(decoding: try JSONEncoder().encode(cases), as: UTF8.self), to: "cases.json")
            let result = try await SitegenExecutable.run(
                URL(fileURLWithPath: "/usr/bin/node"), ["-e", try Self.harness, input], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            let outcomes = try JSONDecoder().decode([Outcome].self, from: Data(result.stdout.utf8))
            #expect(outcomes.count == cases.count)
            for (c, outcome) in zip(cases, outcomes) {
                let whole = c.keep.sorted(by: >).map { $0 + c.start }
                #expect(outcome.done, "\(c)")
                #expect(outcome.steps.last?.placed == whole, "\(c)")
                #expect(outcome.steps.last?.found == whole.count, "\(c)")
                var before = Step(found: 0, placed: [])
                for step in outcome.steps {
                    #expect(Array(whole.prefix(step.placed.count)) == step.placed, "placed in order, none missing: \(c)")
                    #expect(step.found <= whole.count && step.found >= step.placed.count, "\(c)")
                    #expect(step.found >= before.found && step.placed.count >= before.placed.count, "never fewer: \(c)")
                    before = step
                }
                // One run at most each step: the results past the pack, in runs.
                let runs = (c.all.count - c.pack + c.moreRows - 1) / c.moreRows
                #expect(outcome.steps.count <= runs + 1, "\(c)")
            }
        }
    }
}
