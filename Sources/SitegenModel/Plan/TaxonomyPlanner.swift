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
        var terms: [Term] = []
        var index: [Taxonomy: [String: Int]] = [:]
        for (i, story) in stories.enumerated() {
            for (taxonomy, names) in story.markdownExtras.terms {
                for name in names {
                    guard let slug = TermSlug.of(name) else { continue }
                    if let t = index[taxonomy]?[slug] {
                        if terms[t].stories.last != i { terms[t].stories.append(i) }
                    } else {
                        index[taxonomy, default: [:]][slug] = terms.count
                        terms.append(Term(taxonomy: taxonomy, name: name, slug: slug, stories: [i]))
                    }
                }
            }
        }
        return terms.sorted { a, b in
            a.taxonomy != b.taxonomy ? a.taxonomy < b.taxonomy : a.slug.utf8.lexicographicallyPrecedes(b.slug.utf8)
        }
    }
}
