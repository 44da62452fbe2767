import SitegenModel
import Yams

extension FrontMatter {
    /// The top-level keys of a `---` block, by Yams (libyaml). Lines are the file's: the block
    /// starts on line 2.
    static func yaml(_ block: String) throws(Error) -> [String: Field] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: block, Self.resolver, .default, .utf8)
        } catch {
            throw Self.yamlError(error, in: block)
        }
        guard let root else { return [:] }
        guard case .mapping(let mapping) = root else {
            throw Error(line: 2, reason: "front matter must be 'key: value' lines, not a single value or a list")
        }
        var fields: [String: Field] = [:]
        // A bound on the values read: aliases can make a few lines stand for billions of
        // values (`b: &b [*a, *a, …]` nine deep), which would take the machine.
        var budget = maxValues
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { continue }
            let line = (key.mark?.line ?? 1) + 1
            guard let value = Self.value(value, budget: &budget, depth: 0) else {
                throw Error(
                    line: line,
                    reason:
                        "front matter holds more than \(maxValues) values or nests deeper than \(maxDepth) (YAML aliases that repeat?)"
                )
            }
            fields[name] = Field(value: value, line: line)
        }
        return fields
    }

    /// Values a file's front matter may hold, lists' and maps' items counted (real ones hold
    /// tens), and how deep its lists and maps may nest.
    static let maxValues = 10_000
    static let maxDepth = 64

    /// Values are kept as text, so no scalar needs its type guessed (each guess is a regular
    /// expression, a fifth of the time Yams took). (Merge keys, `<<: *defaults`, are not applied
    /// whatever the resolver: Yams applies them only when decoding into types; such a key stays
    /// a key named `<<`.) The encoding is given, not looked up: Yams reads it from the
    /// environment (a copy of the whole environment a call), a tenth of a 100,000-post build.
    private static let resolver = Resolver.basic

    /// The node as a value, nil past the budget or the depth.
    private static func value(_ node: Node, budget: inout Int, depth: Int) -> Value? {
        budget -= 1
        guard budget >= 0, depth <= maxDepth else { return nil }
        switch node {
        case .scalar(let scalar):
            // Only an unquoted null is null: `title: "null"` is a title.
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) { return .null }
            return .text(scalar.string)
        case .sequence(let sequence):
            var list: [Value] = []
            for item in sequence {
                guard let value = Self.value(item, budget: &budget, depth: depth + 1) else { return nil }
                list.append(value)
            }
            return .list(list)
        case .mapping(let mapping):
            var map: [String: Value] = [:]
            for (key, value) in mapping {
                guard let name = key.scalar?.string else { continue }
                guard let value = Self.value(value, budget: &budget, depth: depth + 1) else { return nil }
                map[name] = value
            }
            return .map(map)
        case .alias:
            // Yams resolves aliases while composing; one left over has nothing to stand for.
            return .null
        }
    }

    /// libyaml's problem, at its line in the file.
    private static func yamlError(_ error: Swift.Error, in block: String) -> Error {
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _)?, .parser(let context, let problem, let mark, _)?,
            .composer(let context, let problem, let mark, _)?:
            // libyaml's context ("while scanning a simple key") marks where the faulty line
            // starts; the problem's mark is where it gave up, often the line after.
            return Error(line: (context?.mark ?? mark).line + 1, reason: "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context)?:
            return Error(
                line: context.mark.line + 1, reason: "'\(duplicates.joined(separator: "', '"))' is given twice")
        case .reader(let problem, let offset, _, _)?:
            let line = offset.map { TextPosition.of(byte: $0, in: Array(block.utf8)).line } ?? 0
            return Error(line: line + 1, reason: "invalid YAML: \(problem)")
        default:
            return Error(line: 2, reason: "invalid YAML: \(error)")
        }
    }
}
