import Foundation
import SitegenModel
import SitegenSearch
import SitegenTestSupport
import Testing

@Suite("WordFilter")
struct WordFilterTests {
    /// Words of every script a site has, as the index folds them.
    static func words(_ count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789.+#'éüßσжאع日本の파일文件가")
        return (0..<count).map { _ in
            String((0..<(1 + Int(rng.next() % 9))).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
    }

    @Test("a filter holds every word it was made of, and few others")
    func holds() {
        let held = Set(Self.words(2_000, seed: 1))
        let filter = WordFilter(words: held)
        #expect(held.allSatisfy(filter.mayHold))
        let others = Self.words(20_000, seed: 2).filter { !held.contains($0) }
        let wrong = others.filter(filter.mayHold).count
        #expect(others.count > 15_000)
        #expect(Double(wrong) < 0.02 * Double(others.count), "\(wrong) of \(others.count)")
        #expect(WordFilter(words: [String]()).mayHold("a") == false)
    }

    @Test("search.js's filter, run by Node, says the same of every word as the filter")
    func sameAsTheBrowser() async throws {
        let held = Self.words(500, seed: 3)
        let filter = WordFilter(words: held)
        let asked = held + Self.words(3_000, seed: 4)
        try await withTemporaryFolder { folder in
            let input = try folder.write(
                String(
                    decoding: try JSONSerialization.data(withJSONObject: [[WordFilter.probes, filter.hex], asked] as [Any]),
                    as: UTF8.self), to: "filter.json")
            let script =
                try searchScriptSection("filter") + """
                    const [f, words] = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));
                    console.log(JSON.stringify(words.map(w => filterLacks(f, w))));
                    """
            let result = try await SitegenExecutable.run(
                URL(fileURLWithPath: "/usr/bin/node"), ["-e", script, input], in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            let lacks = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Bool] ?? []
            #expect(lacks.count == asked.count)
            #expect(lacks.prefix(held.count).allSatisfy { !$0 })
            #expect(lacks.contains(true))
            for (word, lacks) in zip(asked, lacks) { #expect(lacks == !filter.mayHold(word), "\(word)") }
        }
    }
}
