import Foundation
import Mustache
import SitegenAssets
import SitegenTestSupport
import Testing

@testable import SitegenModel
@testable import SitegenRender

/// The official Mustache spec's test cases (Tests/SitegenRenderTests/MustacheSpec, see its README),
/// held to sitegen's own engine. Every case falls in one of three categories, and the counts
/// below pin them, so a case that moves from one to another fails the suite:
/// - renders exactly: it uses only what CompiledTemplate claims (variables, sections, inverted
///   sections, comments, partials, standalone lines, dotted names, `.`) and renders the spec's
///   `expected`, as swift-mustache does;
/// - known difference: it uses only what CompiledTemplate claims, but renders otherwise
///   (`knownDifferences` says how and why);
/// - refused: it uses what CompiledTemplate does not render (delimiter changes and the like),
///   and compiling it throws, at the offending tag's line and column.
@Suite("CompiledTemplate against the Mustache spec")
struct MustacheSpecTests {
    static let specFiles = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    static let rendersExactlyCount = 107
    static let knownDifferenceCount = 0
    static let refusedCount = 14

    /// Cases whose features CompiledTemplate claims but that it renders otherwise than the spec
    /// expects, keyed by `file: name`, with what it renders instead. Each must still render
    /// exactly this: a fix in the engine fails the test until its case is taken off this list.
    static let knownDifferences: [String: String] = [:]

    @Test("every case renders exactly, renders as a known difference, or is refused", arguments: try SpecCase.all())
    func specCase(_ spec: SpecCase) throws {
        switch spec.category {
        case .rendersExactly:
            let ours = try Self.renderWithCompiledTemplate(spec)
            #expect(ours == spec.expected, "\(spec.template.debugDescription)")
            #expect(try Self.renderWithSwiftMustache(spec) == spec.expected, "swift-mustache, the reference, renders the spec")
        case .knownDifference(let recorded):
            let ours = try Self.renderWithCompiledTemplate(spec)
            #expect(ours == recorded, "renders otherwise than recorded in knownDifferences")
            #expect(ours != spec.expected, "renders the spec now: take it off knownDifferences")
            #expect(try Self.renderWithSwiftMustache(spec) == spec.expected, "swift-mustache, the reference, renders the spec")
        case .refused(let source, let feature, let offset):
            try Self.expectRefused(source, feature: feature, atByte: offset)
        }
    }

    @Test("how many cases fall in each category")
    func categoryCounts() throws {
        let cases = try SpecCase.all()
        let rendersExactly = cases.filter { if case .rendersExactly = $0.category { true } else { false } }
        let knownDifference = cases.filter { if case .knownDifference = $0.category { true } else { false } }
        let refused = cases.filter { if case .refused = $0.category { true } else { false } }
        #expect(rendersExactly.count == Self.rendersExactlyCount)
        #expect(knownDifference.count == Self.knownDifferenceCount)
        #expect(refused.count == Self.refusedCount)
        #expect(cases.count == Self.rendersExactlyCount + Self.knownDifferenceCount + Self.refusedCount)
        // Each recorded difference names a case that exists and that CompiledTemplate claims.
        #expect(Set(knownDifference.map(\.id)) == Set(Self.knownDifferences.keys))
        // All that is refused is refused for delimiter changes (in a template or one of its partials).
        #expect(refused.allSatisfy { if case .refused(_, "set-delimiter tags", _) = $0.category { true } else { false } })
    }

    // MARK: Rendering

    static func renderWithCompiledTemplate(_ spec: SpecCase) throws -> String {
        let partials = try spec.partials.mapValues { try CompiledTemplate($0) }
        return try CompiledTemplate(spec.template).render(spec.context, partials: partials)
    }

    /// swift-mustache renders from the same values, as TemplateEquivalenceTests do.
    static func renderWithSwiftMustache(_ spec: SpecCase) throws -> String? {
        var library = MustacheLibrary()
        for (name, text) in spec.partials { try library.register(text, named: name) }
        try library.register(spec.template, named: "spec")
        return library.render(spec.context.any, withTemplate: "spec")
    }

    /// CompiledTemplate refuses `source` at `offset`, and a theme using it says so at that line
    /// and column, as users see it.
    static func expectRefused(_ source: String, feature: String, atByte offset: Int) throws {
        let expected = TextPosition.of(byte: offset, in: Array(source.utf8))
        let refusal = #expect(throws: CompiledTemplate.Unsupported.self, "\(feature)") { try CompiledTemplate(source) }
        #expect(refusal?.offset == offset)

        var templates = EmbeddedAssets.templates.mapValues { (text: $0, path: "built-in") }
        templates["row"] = (source, "row.mustache")
        let error = #expect(throws: ThemeError.self) { try Theme(templates: templates, stylesheet: "") }
        guard case .template(let path, let line, let column, let reason)? = error else {
            Issue.record("expected a template error, got \(String(describing: error))")
            return
        }
        #expect(path == "row.mustache")
        #expect(line == expected.line && column == expected.column, "\(reason)")
        #expect(reason.hasPrefix("sitegen does not render"))
    }
}

// MARK: - The spec's cases

/// One test case of one spec file.
struct SpecCase: Sendable, CustomTestStringConvertible {
    enum Category: Sendable {
        case rendersExactly
        case knownDifference(renders: String)
        /// `source` (the template or one of its partials) uses `feature`, first at byte `offset`.
        case refused(source: String, feature: String, offset: Int)
    }

    var file: String
    var name: String
    var template: String
    var partials: [String: String]
    var context: TemplateValue
    var expected: String

    var id: String { "\(file): \(name)" }
    var testDescription: String { id }

    /// Decided by the Mustache the case uses, not by what the engine does with it.
    var category: Category {
        for source in [template] + partials.keys.sorted().map({ partials[$0]! }) {
            if let tag = Self.firstUnclaimedTag(in: source) {
                return .refused(source: source, feature: tag.feature, offset: tag.offset)
            }
        }
        if let recorded = MustacheSpecTests.knownDifferences[id] { return .knownDifference(renders: recorded) }
        return .rendersExactly
    }

    /// The first tag of Mustache that CompiledTemplate does not claim (its doc comment lists what
    /// it does), with the byte offset of its `{{`. Only the first counts: after `{{=…=}}` the rest
    /// is written in other delimiters.
    static func firstUnclaimedTag(in source: String) -> (feature: String, offset: Int)? {
        let bytes = Array(source.utf8)
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        for offset in bytes.indices where bytes[offset...].starts(with: "{{".utf8) {
            let tag = String(decoding: bytes[(offset + 2)...], as: UTF8.self).drop(while: isBlank)
            switch tag.first {
            case "=": return ("set-delimiter tags", offset)
            case "<", "$": return ("template inheritance", offset)
            case "%": return ("pragmas", offset)
            case ">" where tag.dropFirst().drop(while: isBlank).hasPrefix("*"): return ("dynamic partials", offset)
            default: continue
            }
        }
        return nil
    }

    /// Every case of every file in Tests/SitegenRenderTests/MustacheSpec.
    static func all() throws -> [SpecCase] {
        let folder = SitegenExecutable.packageRoot.appendingPathComponent("Tests/SitegenRenderTests/MustacheSpec")
        return try MustacheSpecTests.specFiles.flatMap { file in
            let data = try Data(contentsOf: folder.appendingPathComponent("\(file).json"))
            return try JSONDecoder().decode(SpecFile.self, from: data).tests.map { test in
                SpecCase(
                    file: file, name: test.name, template: test.template, partials: test.partials ?? [:],
                    context: try test.data.templateValue(), expected: test.expected)
            }
        }
    }
}

/// A spec file as published: `{"overview": …, "tests": [{name, desc, data, template, partials?, expected}]}`.
private struct SpecFile: Decodable {
    struct Test: Decodable {
        var name: String
        var data: JSONData
        var template: String
        var partials: [String: String]?
        var expected: String
    }

    var tests: [Test]
}

/// A case's `data`, as JSON has it, kept apart from TemplateValue because JSON has what
/// TemplateValue lacks (null, decimals).
private enum JSONData: Decodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONData])
    case object([String: JSONData])

    init(from decoder: Decoder) throws {
        // In swift-mustache's own spec tests' order: `1` is an Int, `1.1` a Double, and Bool
        // never takes a number.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONData].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONData].self))
        }
    }

    /// The closest TemplateValue. TemplateValue has no null: an object leaves a null field out,
    /// which the spec treats the same (falsey, rendered as nothing). Nor has it decimals: a
    /// Double becomes the text swift-mustache renders it as (`String(describing:)`, 1.21 →
    /// "1.21"), which is what the engine must match.
    func templateValue() throws -> TemplateValue {
        switch self {
        case .null: throw NoTemplateValue(what: "null outside an object")
        case .bool(let b): return .bool(b)
        case .int(let n): return .int(n)
        case .double(let d): return .string(String(describing: d))
        case .string(let s): return .string(s)
        case .array(let items): return .list(try items.map { try $0.templateValue() })
        case .object(let fields):
            var object = TemplateObject()
            for (name, value) in fields {
                if case .null = value { continue }
                object[name] = try value.templateValue()
            }
            return .object(object)
        }
    }

    struct NoTemplateValue: Error { var what: String }
}
