import SitegenModel

/// A setting's value as `sitegen.toml` or a flag gave it, in the kind its key declares.
public enum ConfigValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case duration(Duration)
    case strategy(LoadingStrategy)
    /// `[fields]`, as `story-field=json.path` assignments in the order given.
    case fields([String])
}

/// A Swift type a setting's value is read as (`config[.pageSize]` is an `Int?`).
public protocol ConfigValueConvertible: Sendable, Equatable {
    init?(configValue: ConfigValue)
    var configValue: ConfigValue { get }
}

extension String: ConfigValueConvertible {
    public init?(configValue: ConfigValue) {
        guard case .string(let value) = configValue else { return nil }
        self = value
    }
    public var configValue: ConfigValue { .string(self) }
}

extension Int: ConfigValueConvertible {
    public init?(configValue: ConfigValue) {
        guard case .integer(let value) = configValue else { return nil }
        self = value
    }
    public var configValue: ConfigValue { .integer(self) }
}

extension Bool: ConfigValueConvertible {
    public init?(configValue: ConfigValue) {
        guard case .boolean(let value) = configValue else { return nil }
        self = value
    }
    public var configValue: ConfigValue { .boolean(self) }
}

extension Duration: ConfigValueConvertible {
    public init?(configValue: ConfigValue) {
        guard case .duration(let value) = configValue else { return nil }
        self = value
    }
    public var configValue: ConfigValue { .duration(self) }
}

extension LoadingStrategy: ConfigValueConvertible {
    public init?(configValue: ConfigValue) {
        guard case .strategy(let value) = configValue else { return nil }
        self = value
    }
    public var configValue: ConfigValue { .strategy(self) }
}

extension Array: ConfigValueConvertible where Element == String {
    public init?(configValue: ConfigValue) {
        guard case .fields(let value) = configValue else { return nil }
        self = value
    }
    public var configValue: ConfigValue { .fields(self) }
}

/// A key of the table (`SiteConfig.keys`) as Swift code reads it: its name and the type of its
/// value. The table declares the key; a handle only names it for a typed read.
public struct SettingKey<Value: ConfigValueConvertible>: Sendable {
    public let name: String

    public init(_ name: String) { self.name = name }
}

// The handles of the keys sitegen's own code reads, by their Swift names.
extension SettingKey where Value == String {
    public static let source = Self("source")
    public static let output = Self("output")
    public static let baseURL = Self("base_url")
    public static let title = Self("title")
    public static let templates = Self("templates")
    public static let pages = Self("pages")
    public static let activeFiles = Self("active_files")
    public static let timezone = Self("timezone")
    public static let deployTo = Self("deploy_to")
    public static let deployEndpoint = Self("deploy_endpoint")
    public static let deployRegion = Self("deploy_region")
    public static let list = Self("list")
    public static let store = Self("store")
    public static let since = Self("since")
    public static let itemsKey = Self("items_key")
    public static let totalKey = Self("total_key")
    public static let cacheDir = Self("cache_dir")
}

extension SettingKey where Value == Int {
    public static let pageSize = Self("page_size")
    public static let keepGenerations = Self("keep_generations")
    public static let comments = Self("comments")
    public static let port = Self("port")
    public static let deployConcurrency = Self("deploy_concurrency")
    public static let backfill = Self("backfill")
    public static let limit = Self("limit")
    public static let firstPage = Self("first_page")
    public static let concurrency = Self("concurrency")
    public static let retries = Self("retries")
}

extension SettingKey where Value == Bool {
    public static let precompress = Self("precompress")
    public static let itemPages = Self("item_pages")
    public static let taxonomies = Self("taxonomies")
    public static let search = Self("search")
    public static let drafts = Self("drafts")
    public static let strict = Self("strict")
    public static let offline = Self("offline")
}

extension SettingKey where Value == Duration {
    public static let refresh = Self("refresh")
    public static let timeout = Self("timeout")
    public static let deadline = Self("deadline")
    public static let cacheTTL = Self("cache_ttl")
}

extension SettingKey where Value == LoadingStrategy {
    public static let strategy = Self("strategy")
}

extension SettingKey where Value == [String] {
    public static let fields = Self("fields")
}
