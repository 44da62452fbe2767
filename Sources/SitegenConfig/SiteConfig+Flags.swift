import SitegenModel

/// The command line's settings, read by the table (`SiteConfig.keys`): every key that applies to
/// a command is its flag, `--` and the key with `-` for `_` (`page_size` is `--page-size`), so
/// a key added to the table is a flag of each of its commands, and in their `--help`, at once.
extension SiteConfig {
    /// Reads `arguments` as `command`'s setting flags: `--page-size 50` or `--page-size=50`;
    /// `--search` and `--no-search` for an on/off key; `--field title=name`, given once per
    /// field. A flag not in the table, a value of the wrong kind or a missing value is an error
    /// naming the flag. Ranges are checked later, with the config file's values (`check()`).
    public init(flags arguments: [String], command: ConfigKey.Command, keys: [ConfigKey] = SiteConfig.keys) throws(FlagError) {
        self.init()
        let known = keys.filter { $0.commands.contains(command) }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw FlagError.unexpected(argument)
            }
            var name = String(argument.dropFirst(2))
            var inline: String? = nil
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if let key = known.first(where: { $0.flag == name }) {
                if key.kind == .boolean {
                    guard inline == nil else {
                        throw FlagError.valueGiven(flag: name)
                    }
                    values[key.name] = .boolean(true)
                    continue
                }
                guard let text = inline ?? rest.popFirst(), inline != nil || !text.hasPrefix("--") else {
                    throw FlagError.missingValue(flag: name, valueName: key.valueName ?? "value")
                }
                values[key.name] = try Self.flagValue(text, of: key, flag: name, given: values[key.name])
            } else if name.hasPrefix("no-"), let key = known.first(where: { $0.flag == name.dropFirst(3) && $0.kind == .boolean })
            {
                guard inline == nil else { throw FlagError.valueGiven(flag: String(name.dropFirst(3))) }
                values[key.name] = .boolean(false)
            } else {
                let likely = Self.closest(to: name, among: known).map { Self.key($0, in: known).flag }
                throw FlagError.unknown(flag: name, command: command, likely: likely)
            }
        }
    }

    /// A flag's text read as its key's kind; `given` is what an earlier `--field` gave.
    private static func flagValue(
        _ text: String, of key: ConfigKey, flag: String, given: ConfigValue?
    ) throws(FlagError)
        -> ConfigValue
    {
        func wrong() -> FlagError { .wrongValue(flag: flag, expected: key.kind.words, got: text) }
        switch key.kind {
        case .string: return .string(text)
        case .integer:
            guard let number = Int(text) else { throw wrong() }
            return .integer(number)
        case .boolean:
            // On/off keys take no value (`init(flags:)` reads them); kept for completeness.
            guard let on = Bool(text) else { throw wrong() }
            return .boolean(on)
        case .duration:
            guard let duration = DurationText.parse(text) else { throw wrong() }
            return .duration(duration)
        case .strategy:
            guard let strategy = LoadingStrategy(rawValue: text) else { throw wrong() }
            return .strategy(strategy)
        case .fields:
            if case .fields(let earlier) = given { return .fields(earlier + [text]) }
            return .fields([text])
        }
    }

    private static func key(_ name: String, in keys: [ConfigKey]) -> ConfigKey {
        keys.first { $0.name == name }!
    }

    /// `command`'s setting flags as `--help` lists them: each flag (`--search/--no-search`,
    /// `--page-size <n>`) and its help with its default, wrapped at `width` columns, the help
    /// starting at column 26 as swift-argument-parser writes its own options.
    public static func flagsHelp(
        for command: ConfigKey.Command, keys: [ConfigKey] = SiteConfig.keys, width: Int = 80
    )
        -> String
    {
        let indent = 26
        var lines: [String] = []
        for key in keys where key.commands.contains(command) {
            let label =
                key.kind == .boolean
                ? "  --\(key.flag)/--no-\(key.flag)"
                : "  --\(key.flag) <\(key.valueName ?? "value")>"
            let margin = String(repeating: " ", count: indent)
            var first = label + String(repeating: " ", count: max(0, indent - label.count))
            if label.count >= indent - 1 {
                // A long flag has its help on the lines below, as swift-argument-parser does.
                lines.append(label)
                first = margin
            }
            lines += wrap(key.helpText, width: width, first: first, rest: margin)
        }
        return lines.joined(separator: "\n")
    }
}
