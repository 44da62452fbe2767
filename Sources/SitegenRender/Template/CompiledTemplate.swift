/// A Mustache template compiled for sitegen's hot path: every row of every page goes through
/// one. swift-mustache parses each template first (it gives the line-and-column errors users
/// see); this renders the same templates many times faster, over `TemplateValue`s and UTF-8
/// bytes. It covers the Mustache spec's core (variables, sections, inverted sections, comments,
/// partials, standalone lines, dotted names, `.`); `Theme` refuses templates that use more
/// (lambdas, inheritance, delimiter changes). TemplateEquivalenceTests hold both engines to the
/// same output.
///
/// The compiled form is flat: a list of plain-value ops, with every text run in one byte buffer
/// and every name path in one key list. Walking it retains nothing (a tree of enums with array
/// payloads cost a retain and a release per node per row, a third of the render time).
public struct CompiledTemplate: Sendable {
    struct Op: Sendable {
        package enum Kind: UInt8, Sendable {
            /// `text[a..<b]`.
            case text
            /// The value at `keys[a..<b]`; escaped unless `{{{…}}}` or `{{&…}}`.
            case variable, rawVariable
            /// A section on the value at `keys[a..<b]`: its body is the ops after this one, up to
            /// `end`.
            case section, invertedSection
            /// `{{> partialNames[a]}}`, its lines indented by `text[b..<end]`.
            case partial
        }

        package var kind: Kind
        package var a: Int32
        package var b: Int32
        package var end: Int32
    }

    let ops: [Op]
    package let text: [UInt8]
    /// Name paths (`a.b` → [a, b]; `.` → none), the ops' `a..<b` ranges index into it.
    package let keys: [TemplateKey]
    /// The names of the partials this template includes, for checking they exist.
    let partialNames: [String]
}
