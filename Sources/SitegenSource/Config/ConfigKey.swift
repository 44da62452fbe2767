import SitegenModel

/// One setting a build can be given, the same in `sitegen.toml` and on the command line:
/// `page_size` in the file is `--page-size` as a flag. `SiteConfig.keys` is the one table of
/// them: the TOML reader, the merge of flags over the file, the list of set keys and the range
/// checks all go by it, so a key added there is read, merged and checked everywhere at once,
/// and a key missing from it cannot be read into the wrong field.
public struct ConfigKey {
    /// The config file's spelling.
    public let name: String
    package let value: Value

    /// How the key's value is read and where it goes in a `SiteConfig`.
    package enum Value {
        /// `check` gives the reason a value is refused, or nil.
        case string(WritableKeyPath<SiteConfig, String?>, check: (String) -> String? = { _ in nil })
        case integer(WritableKeyPath<SiteConfig, Int?>, range: ClosedRange<Int>)
        case boolean(WritableKeyPath<SiteConfig, Bool?>)
        /// `positive`: zero is refused (a timeout of 0 would fail every request).
        case duration(WritableKeyPath<SiteConfig, Duration?>, positive: Bool)
        case strategy(WritableKeyPath<SiteConfig, LoadingStrategy?>)
        case fields(WritableKeyPath<SiteConfig, [String]?>)
    }

    /// The flag's name without `--`: `-` for `_`, and `field` (given once per field) for the
    /// `[fields]` table.
    public var flag: String {
        if name == "fields" { return "field" }
        // `deploy_to` is `sitegen deploy --to`: the command says what it is for.
        let words = name.hasPrefix("deploy_") ? name.dropFirst("deploy_".count) : name[...]
        return String(words.map { $0 == "_" ? "-" : $0 })
    }

    /// Whether the key is `sitegen deploy`'s alone.
    public var isDeployOnly: Bool { name.hasPrefix("deploy_") }

    public var kind: SiteConfig.Kind {
        switch value {
        case .string: .string
        case .integer: .integer
        case .boolean: .boolean
        case .duration: .duration
        case .strategy: .strategy
        case .fields: .fields
        }
    }

    /// Whether `config` holds a value for this key.
    func isSet(in config: SiteConfig) -> Bool {
        switch value {
        case .string(let path, _): config[keyPath: path] != nil
        case .integer(let path, _): config[keyPath: path] != nil
        case .boolean(let path): config[keyPath: path] != nil
        case .duration(let path, _): config[keyPath: path] != nil
        case .strategy(let path): config[keyPath: path] != nil
        case .fields(let path): config[keyPath: path] != nil
        }
    }

    /// `merged` takes `top`'s value where it has one.
    package func take(from top: SiteConfig, into merged: inout SiteConfig) {
        func take<T>(_ path: WritableKeyPath<SiteConfig, T?>) {
            if let value = top[keyPath: path] { merged[keyPath: path] = value }
        }
        switch value {
        case .string(let path, _): take(path)
        case .integer(let path, _): take(path)
        case .boolean(let path): take(path)
        case .duration(let path, _): take(path)
        case .strategy(let path): take(path)
        case .fields(let path): take(path)
        }
    }

    /// Why `config`'s value for this key is refused, or nil when it is fine (or not set).
    func problem(in config: SiteConfig) -> String? {
        switch value {
        case .string(let path, let check):
            return config[keyPath: path].flatMap(check)
        case .integer(let path, let range):
            guard let number = config[keyPath: path], !range.contains(number) else { return nil }
            return range.upperBound == .max
                ? "must be at least \(range.lowerBound) (got \(number))"
                : "must be from \(range.lowerBound) to \(range.upperBound) (got \(number))"
        case .duration(let path, let positive):
            guard positive, let duration = config[keyPath: path], duration <= .zero else { return nil }
            return "must be more than 0"
        case .boolean, .strategy, .fields:
            return nil
        }
    }

    /// The error for a refused value: at its line in the config file when it came from there,
    /// otherwise as the flag. The one place that words where a setting went wrong.
    package func error(_ reason: String, in config: SiteConfig) -> SitegenError {
        if let line = config.lines[name], let path = config.path {
            return .config(path: path, line: line, column: nil, reason: "\(name): \(reason)")
        }
        return .invalidOption(name: flag, reason: reason)
    }
}

extension SiteConfig {
    /// Every key a config file may hold, with how it is read and checked: each build flag,
    /// `--` dropped and `-` written `_`, `[fields]` for `--field`, and serve's `port`.
    /// (A computed table: key paths are not `Sendable`, and it is read once a build.)
    public static var keys: [ConfigKey] {
        [
            ConfigKey(name: "source", value: .string(\.source)),
            ConfigKey(name: "output", value: .string(\.output)),
            ConfigKey(name: "page_size", value: .integer(\.pageSize, range: 1...Int.max)),
            ConfigKey(
                name: "base_url",
                value: .string(\.baseURL) { base in
                    base.hasPrefix("/") || base.hasPrefix("http://") || base.hasPrefix("https://")
                        ? nil : "must start with / or http(s):// (got \(base))"
                }),
            ConfigKey(name: "title", value: .string(\.title)),
            ConfigKey(name: "strategy", value: .strategy(\.strategy)),
            ConfigKey(name: "templates", value: .string(\.templates)),
            ConfigKey(name: "pages", value: .string(\.pages)),
            ConfigKey(name: "keep_generations", value: .integer(\.keepGenerations, range: 0...Int.max)),
            ConfigKey(name: "port", value: .integer(\.port, range: 0...65535)),
            ConfigKey(
                name: "deploy_to",
                value: .string(\.deployTo) {
                    $0.hasPrefix("s3://") ? nil : "must be s3://BUCKET or s3://BUCKET/PREFIX (got \($0))"
                }),
            ConfigKey(
                name: "deploy_endpoint",
                value: .string(\.deployEndpoint) {
                    $0.hasPrefix("http://") || $0.hasPrefix("https://") ? nil : "must be an http(s):// URL (got \($0))"
                }),
            ConfigKey(name: "deploy_region", value: .string(\.deployRegion)),
            ConfigKey(
                name: "list",
                value: .string(\.list) { list in
                    !list.isEmpty && list.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
                        ? nil : "must be a list name such as topstories (got \(list))"
                }),
            ConfigKey(name: "limit", value: .integer(\.limit, range: 1...Int.max)),
            ConfigKey(name: "items_key", value: .string(\.itemsKey)),
            ConfigKey(name: "total_key", value: .string(\.totalKey)),
            ConfigKey(name: "first_page", value: .integer(\.firstPage, range: Int.min...Int.max)),
            ConfigKey(name: "fields", value: .fields(\.fields)),
            ConfigKey(name: "concurrency", value: .integer(\.concurrency, range: 1...Int.max)),
            ConfigKey(name: "timeout", value: .duration(\.timeout, positive: true)),
            ConfigKey(name: "deadline", value: .duration(\.deadline, positive: true)),
            ConfigKey(name: "retries", value: .integer(\.retries, range: 0...Int.max)),
            ConfigKey(name: "cache_dir", value: .string(\.cacheDir)),
            ConfigKey(name: "cache_ttl", value: .duration(\.cacheTTL, positive: false)),
            ConfigKey(name: "offline", value: .boolean(\.offline)),
            ConfigKey(name: "precompress", value: .boolean(\.precompress)),
            ConfigKey(name: "item_pages", value: .boolean(\.itemPages)),
            ConfigKey(name: "taxonomies", value: .boolean(\.taxonomies)),
            ConfigKey(name: "search", value: .boolean(\.search)),
            ConfigKey(name: "drafts", value: .boolean(\.drafts)),
            ConfigKey(
                name: "timezone",
                value: .string(\.timezone) { name in
                    SiteTimeZone(identifier: name) == nil ? "must be a time zone name such as Europe/Berlin (got \(name))" : nil
                }),
        ]
    }

    /// The first value out of range, as the error `ConfigKey.error` words; values are checked
    /// here and nowhere else.
    public func check() throws {
        for key in Self.keys {
            if let reason = key.problem(in: self) { throw key.error(reason, in: self) }
        }
    }
}
