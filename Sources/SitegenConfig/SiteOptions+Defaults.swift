import SitegenModel

extension SiteOptions {
    /// The table's defaults (`SiteConfig.keys`), each replaced where an argument is given: how
    /// code other than the command line (tests, benchmarks) makes options. The command line's
    /// go through `BuildSettings.resolve`, which lays flags and the config file over the same
    /// defaults.
    public init(
        pageSize: Int? = nil, baseURL: String? = nil, title: String? = nil, strategy: LoadingStrategy? = nil,
        keepGenerations: Int? = nil, precompress: Bool? = nil, itemPages: Bool? = nil, taxonomies: Bool? = nil,
        search: Bool? = nil, comments: Int? = nil
    ) {
        let defaults = SiteConfig.defaults
        self.init(
            pageSize: pageSize ?? defaults.value(.pageSize), baseURL: baseURL ?? defaults.value(.baseURL),
            title: title ?? defaults.value(.title), strategy: strategy ?? defaults.value(.strategy),
            keepGenerations: keepGenerations ?? defaults.value(.keepGenerations),
            precompress: precompress ?? defaults.value(.precompress), itemPages: itemPages ?? defaults.value(.itemPages),
            taxonomies: taxonomies ?? defaults.value(.taxonomies), search: search ?? defaults.value(.search),
            comments: comments ?? defaults.value(.comments))
    }
}
