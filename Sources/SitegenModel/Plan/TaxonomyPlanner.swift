/// One term's list: the stories that carry it, in the site's order.
public struct Term: Sendable, Equatable {
    public var taxonomy: Taxonomy
    /// As the first story in the list that carries it spells it.
    public var name: String
    /// Its folder under the taxonomy's (`TermSlug`).
    public var slug: String
    /// Indexes into the site's stories, ascending: the list's rows.
    public var stories: [Int]

    public init(taxonomy: Taxonomy, name: String, slug: String, stories: [Int]) {
        self.taxonomy = taxonomy
        self.name = name
        self.slug = slug
        self.stories = stories
    }

    /// The list's folder under the site: `tags/swift/`.
    public var folder: String { taxonomy.folder + slug + "/" }
}

/// Gathers the terms of every story into lists. Pure: the stories' terms in site order in,
/// lists out.
public enum TaxonomyPlanner {
    /// Every term with its stories, by taxonomy, then slug (byte order: the same on every
    /// machine). A story that names one term twice (`[Swift, swift]`) is in its list once.
    /// Terms with no slug (`TermSlug`) are left out.
    public static func terms(_ stories: [Story]) -> [Term] {
        var gathered = Gathered()
        gathered.add(stories, first: 0)
        return gathered.terms
    }

    /// The terms of a list read a window at a time: each window's stories added in site order.
    public struct Gathered: Sendable {
        private var found: [Term] = []
        private var index: [Taxonomy: [String: Int]] = [:]

        public init() {}

        /// Adds `stories`, the list's stories from index `first` on.
        public mutating func add(_ stories: [Story], first: Int) {
            // By index: a story copied to read its terms is a retain and a release of each string.
            for k in stories.indices where !stories[k].markdownExtras.terms.isEmpty {
                let i = first + k
                for (taxonomy, names) in stories[k].markdownExtras.terms {
                    for name in names {
                        guard let slug = TermSlug.of(name) else { continue }
                        if let t = index[taxonomy]?[slug] {
                            if found[t].stories.last != i { found[t].stories.append(i) }
                        } else {
                            index[taxonomy, default: [:]][slug] = found.count
                            found.append(Term(taxonomy: taxonomy, name: name, slug: slug, stories: [i]))
                        }
                    }
                }
            }
        }

        /// Every term so far, by taxonomy, then slug.
        public var terms: [Term] {
            found.sorted { a, b in
                a.taxonomy != b.taxonomy ? a.taxonomy < b.taxonomy : a.slug.utf8.lexicographicallyPrecedes(b.slug.utf8)
            }
        }
    }
}
