import Testing

@testable import SitegenModel
@testable import SitegenSource

/// The titles search is measured on: a Zipf law over a large vocabulary.
@Suite("Zipf titles")
struct ZipfTitlesTests {
    @Test(
        "word frequencies fall as a Zipf law: the commonest in about a tenth of titles, rank 1,000 in hundreds, the rarest in a handful"
    )
    func frequencies() {
        let titles = ZipfTitles(vocabulary: 200_000)
        var rng = SplitMix64(seed: 4)
        let count = 100_000
        var documents: [String: Int] = [:]
        for _ in 0..<count {
            for word in Set(titles.title(&rng).lowercased().split(separator: " ")) { documents[String(word), default: 0] += 1 }
        }
        let top = documents[ZipfTitles.word(rank: 0)] ?? 0
        #expect(Double(top) / Double(count) > 0.07 && Double(top) / Double(count) < 0.12, "commonest word in \(top) titles")
        // Rank 1,000 at 100,000 titles: about 55 (550 at a million).
        let thousandth = documents[ZipfTitles.word(rank: 1_000)] ?? 0
        #expect((35...80).contains(thousandth), "rank 1,000 in \(thousandth) titles")
        // Most of the vocabulary is rare: the median word seen is in a handful of titles.
        let sorted = documents.values.sorted()
        #expect(sorted[sorted.count / 2] <= 5)
        #expect(documents.count > 50_000, "a large vocabulary: \(documents.count) words seen")
    }

    @Test("every rank is its own word, and the same seed gives the same titles")
    func deterministic() {
        #expect(Set((0..<10_000).map(ZipfTitles.word(rank:))).count == 10_000)
        let a = SampleGenerator(seed: 7, zipfVocabulary: 1000).items(count: 50).map(\.title)
        let b = SampleGenerator(seed: 7, zipfVocabulary: 1000).items(count: 50).map(\.title)
        #expect(a == b && Set(a).count > 45)
        #expect(a.allSatisfy { title in (3...9).contains(title?.split(separator: " ").count ?? 0) })
    }
}
