import SitegenModel

/// Titles whose words follow a Zipf law over a large vocabulary, as real titles' words do: a few
/// words in a tenth of all titles, most in a handful. The data search is measured on
/// (`sitegen generate --titles zipf`); `SampleGenerator`'s few hundred title shapes would make
/// every word common.
///
/// Word k (0-based) is drawn with weight 1 / (k + 6): a Zipf–Mandelbrot law (exponent 1, offset
/// 5), whose offset keeps the commonest word near 10 % of titles rather than half of them. At
/// 1,000,000 titles of 3 to 9 words over 200,000 words, the commonest word is in about 9 %
/// of titles, word 1,000 in about 550 and the rarest in 3 or 4. Words are made of syllables,
/// a few with an accent or an umlaut (`zürich`-like), so search's folding is exercised. Pure
/// and deterministic: the same seed gives the same titles.
package struct ZipfTitles: Sendable {
    package let vocabulary: Int
    /// Cumulative weights, for drawing a word by binary search.
    private let cumulative: [Double]

    package init(vocabulary: Int = 200_000) {
        self.vocabulary = max(1, vocabulary)
        var total = 0.0
        cumulative = (0..<self.vocabulary).map { k in
            total += 1 / Double(k + 6)
            return total
        }
    }

    /// A title of 3 to 9 words, the first capitalized.
    package func title(_ rng: inout SplitMix64) -> String {
        let count = 3 + Int(rng.next() % 7)
        var words: [String] = []
        for _ in 0..<count { words.append(Self.word(rank: draw(&rng))) }
        words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
        return words.joined(separator: " ")
    }

    /// A word's rank, drawn by its weight.
    package func draw(_ rng: inout SplitMix64) -> Int {
        let target = Double(rng.next() >> 11) / Double(1 << 53) * cumulative[cumulative.count - 1]
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] < target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static let syllables = [
        "ka", "lo", "mi", "ne", "ru", "ta", "vo", "sé", "di", "pa", "zü", "fe", "go", "ha", "jo", "be", "ci", "da", "ël", "wu",
    ]

    /// The word of rank `k`: its rank written in syllables, so every rank is a different word
    /// and the commonest are the shortest, as in real text.
    package static func word(rank k: Int) -> String {
        var n = k
        var word = ""
        repeat {
            word += syllables[n % syllables.count]
            n /= syllables.count
        } while n > 0
        return word
    }
}
