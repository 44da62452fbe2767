import SitegenModel

/// Everything a build, `serve` or `deploy` can be told, each value optional: what a
/// `sitegen.toml` sets, or what flags set, by key name. Two of them merge
/// (`flags.over(config)`), and `BuildSettings` fills the rest with the table's defaults
/// (`SiteConfig.keys`). Plain values, so the merge and the checks are tested without files or
/// flags. Code reads a value through a typed handle: `config[.pageSize]`.
public struct SiteConfig: Sendable, Equatable {
    /// The values set, by key name (`page_size`), each of its key's kind.
    public var values: [String: ConfigValue] = [:]
    /// Where each value came from, by key (`page_size`): the config file's line, for errors.
    public var lines: [String: Int] = [:]
    /// The file these values were read from; nil for flags.
    public var path: String?

    public init() {}

    public subscript<Value>(key: SettingKey<Value>) -> Value? {
        get { values[key.name].flatMap(Value.init(configValue:)) }
        set { values[key.name] = newValue?.configValue }
    }

    /// The value of a key the table gives a default, once the defaults are laid under
    /// (`over(SiteConfig.defaults)`): never missing.
    public func value<Value>(_ key: SettingKey<Value>) -> Value {
        guard let value = self[key] else { preconditionFailure("\(key.name) has no value and no default") }
        return value
    }

    /// The options a caller chose, as if given as flags: so that a build started from code is
    /// held to the same ranges (`check()`) as one started from the command line.
    public init(options: SiteOptions) {
        self[.pageSize] = options.pageSize
        self[.baseURL] = options.baseURL
        self[.title] = options.title
        self[.strategy] = options.strategy
        self[.keepGenerations] = options.keepGenerations
        self[.precompress] = options.precompress
        self[.itemPages] = options.itemPages
        self[.taxonomies] = options.taxonomies
        self[.search] = options.search
        self[.comments] = options.comments
    }

    /// These values, with `base`'s where these have none: flags over a config file.
    public func over(_ base: SiteConfig) -> SiteConfig {
        var merged = base
        merged.values.merge(values) { _, top in top }
        // A value a flag set is no longer the file's: an error about it names the flag.
        for key in values.keys { merged.lines[key] = lines[key] }
        return merged
    }

    /// The keys (config spelling) that hold a value, in the table's order.
    var setKeys: [String] {
        Self.keys.map(\.name).filter { values[$0] != nil }
    }
}
