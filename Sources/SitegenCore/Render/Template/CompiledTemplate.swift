/// A Mustache template compiled for sitegen's hot path: every row of every page goes through
/// one. swift-mustache parses each template first (it gives the line-and-column errors users
/// see); this renders the same templates about twenty times faster, over `TemplateValue`s and
/// UTF-8 bytes. It covers the Mustache spec's core (variables, sections, inverted sections,
/// comments, partials, standalone lines, dotted names, `.`); `Theme` refuses templates that use
/// more (lambdas, inheritance, delimiter changes). TemplateEquivalenceTests hold both engines
/// to the same output.
public struct CompiledTemplate: Sendable {
    indirect enum Node: Sendable {
        case text([UInt8])
        /// A name path (`a.b` → ["a", "b"]; `.` → []); escaped unless `{{{…}}}` or `{{&…}}`.
        case variable([String], escaped: Bool)
        case section([String], inverted: Bool, [Node])
        case partial(String, indent: [UInt8])
    }

    let nodes: [Node]

    /// The names of the partials this template includes, for checking they exist.
    var partialNames: [String] {
        func names(_ nodes: [Node]) -> [String] {
            nodes.flatMap { node -> [String] in
                switch node {
                case .partial(let name, _): return [name]
                case .section(_, _, let body): return names(body)
                default: return []
                }
            }
        }
        return names(nodes)
    }
}
