import SitegenModel

/// One setting, declared once: its name, the kind of its value, the range or check it is held
/// to, its default, its help and the commands it applies to. `SiteConfig.keys` is the table of
/// them. The TOML reader, the flags (`sitegen build --page-size`, `SettingFlags`), their
/// `--help`, the defaults, the range checks, `sitegen init`'s commented `sitegen.toml` and the
/// guide's tables (docs/guides/guide.md, checked by a test) all go by it, so a key added there
/// is read, given as a flag, described, defaulted and checked everywhere at once.
public struct ConfigKey: Sendable {
    /// The config file's spelling.
    public let name: String
    public let kind: SiteConfig.Kind
    /// What it is for, as `--help` says it (the default is added: `helpText`).
    public let help: String
    /// The flag's value in `--help` (`n`, `dir`); nil for an on/off flag.
    public let valueName: String?
    package let defaultValue: Default
    /// Why a value is refused, or nil: a range, a URL's scheme, a date's shape.
    package let check: @Sendable (ConfigValue) -> String?
    /// The commands that take it as a flag (`sitegen.toml` holds every key).
    public let commands: Set<Command>
    /// A path: in a config file, relative to the file's folder.
    public let isPath: Bool

    /// The commands a key can apply to.
    public enum Command: String, Sendable, CaseIterable {
        case build, serve, deploy
    }

    /// What a key is when it is not set.
    package enum Default: Sendable {
        case none
        /// Depends on where the build runs (`./Templates` when it exists): words only.
        case words(String)
        /// The value, and how the guide writes it when that is not the value's own words (`10s`).
        case value(ConfigValue, text: String? = nil)
    }

    package init(
        name: String, kind: SiteConfig.Kind, default defaultValue: Default = .none, help: String = "",
        valueName: String? = nil, commands: Set<Command> = [.build, .serve], isPath: Bool = false,
        check: @escaping @Sendable (ConfigValue) -> String? = { _ in nil }
    ) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
        self.valueName = valueName
        self.commands = commands
        self.isPath = isPath
        self.check = check
    }

    /// A key whose value is a number held to `range`.
    package static func integer(
        _ name: String, range: ClosedRange<Int>, default value: Int? = nil, words: String? = nil, help: String,
        valueName: String = "n", commands: Set<Command> = [.build, .serve]
    ) -> ConfigKey {
        ConfigKey(
            name: name, kind: .integer, default: value.map { .value(.integer($0)) } ?? words.map { .words($0) } ?? .none,
            help: help, valueName: valueName, commands: commands
        ) { value in
            guard case .integer(let number) = value, !range.contains(number) else { return nil }
            return range.upperBound == .max
                ? "must be at least \(range.lowerBound) (got \(number))"
                : "must be from \(range.lowerBound) to \(range.upperBound) (got \(number))"
        }
    }

    /// A key whose value is a duration; `positive`: zero is refused (a timeout of 0 would fail
    /// every request).
    package static func duration(
        _ name: String, positive: Bool, default value: (Duration, String)? = nil, help: String
    ) -> ConfigKey {
        ConfigKey(
            name: name, kind: .duration, default: value.map { .value(.duration($0.0), text: $0.1) } ?? .none, help: help,
            valueName: "duration"
        ) { value in
            guard positive, case .duration(let duration) = value, duration <= .zero else { return nil }
            return "must be more than 0"
        }
    }

    /// A key whose value is text; `check` gives the reason a value is refused, or nil.
    package static func string(
        _ name: String, default defaultValue: Default = .none, help: String, valueName: String,
        commands: Set<Command> = [.build, .serve], isPath: Bool = false,
        check: @escaping @Sendable (String) -> String? = { _ in nil }
    ) -> ConfigKey {
        ConfigKey(
            name: name, kind: .string, default: defaultValue, help: help, valueName: valueName, commands: commands,
            isPath: isPath
        ) { value in
            guard case .string(let text) = value else { return nil }
            return check(text)
        }
    }

    /// An on/off key (`--search`, `--no-search`).
    package static func boolean(
        _ name: String, default on: Bool, help: String, commands: Set<Command> = [.build, .serve]
    ) -> ConfigKey {
        ConfigKey(name: name, kind: .boolean, default: .value(.boolean(on)), help: help, commands: commands)
    }

    /// The default as the guide and `--help` write it (`30`, `Public`, `on`, `10s`), nil for
    /// a key without one.
    public var defaultText: String? {
        switch defaultValue {
        case .none: nil
        case .words(let words): words
        case .value(_, let text?): text
        case .value(let value, nil): Self.words(value)
        }
    }

    /// A value as the guide, `--help` and `sitegen init` write it: `30`, `Public`, `on`.
    static func words(_ value: ConfigValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let n): String(n)
        case .boolean(let on): on ? "on" : "off"
        case .duration(let duration): DurationText.describe(duration).replacingOccurrences(of: " ", with: "")
        case .strategy(let strategy): strategy.rawValue
        case .fields(let fields): fields.joined(separator: ", ")
        }
    }

    /// The default when it is a value (not words).
    public var defaultConfigValue: ConfigValue? {
        if case .value(let value, _) = defaultValue { return value }
        return nil
    }

    /// `help` and the default: what `--help` shows for the flag.
    public var helpText: String { help + (defaultText.map { " Default: \($0)." } ?? "") }

    /// The flag's name without `--`: `-` for `_`, and `field` (given once per field) for the
    /// `[fields]` table.
    public var flag: String {
        if name == "fields" { return "field" }
        // `deploy_to` is `sitegen deploy --to`: the command says what it is for.
        let words = name.hasPrefix("deploy_") ? name.dropFirst("deploy_".count) : name[...]
        return String(words.map { $0 == "_" ? "-" : $0 })
    }

    /// Whether the key is `sitegen deploy`'s alone.
    public var isDeployOnly: Bool { commands == [.deploy] }

    /// Why `config`'s value for this key is refused, or nil when it is fine (or not set).
    func problem(in config: SiteConfig) -> String? {
        config.values[name].flatMap(check)
    }

    /// The error for a refused value: at its line in the config file when it came from there,
    /// otherwise as the flag. The one place that words where a setting went wrong.
    package func error(_ reason: String, in config: SiteConfig) -> ConfigError {
        if let line = config.lines[name], let path = config.path {
            return .config(path: path, line: line, column: nil, reason: "\(name): \(reason)")
        }
        return .invalidOption(name: flag, reason: reason)
    }
}
