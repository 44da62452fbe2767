import Mustache
import SitegenAssets

/// The templates, stylesheet and script a site is rendered with, parsed once. Rendering is pure:
/// values in, HTML out; `Theme+FileSystem.swift` is the only part that reads files.
public struct Theme: Sendable {
    /// Template names, each `Templates/<name>.mustache`.
    public static let names = ["layout", "page", "row", "item"]

    let library: MustacheLibrary
    public let stylesheet: String
    public let script: String

    /// - Parameter templates: name → (template text, path to name in errors).
    public init(templates: [String: (text: String, path: String)], stylesheet: String, script: String) throws {
        var library = MustacheLibrary()
        for name in Self.names {
            guard let template = templates[name] else {
                throw SitegenError.unreadable(path: "\(name).mustache", reason: "template missing")
            }
            do {
                library.register(try MustacheTemplate(string: template.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw SitegenError.template(
                    path: template.path, line: error.context.lineNumber, column: error.context.columnNumber,
                    reason: Self.words(for: error.error))
            }
        }
        self.library = library
        self.stylesheet = stylesheet
        self.script = script
    }

    /// The theme compiled into the binary.
    public static func builtIn() throws -> Theme {
        try Theme(
            templates: EmbeddedAssets.templates.reduce(into: [:]) { $0[$1.key] = ($1.value, "(built-in) \($1.key).mustache") },
            stylesheet: EmbeddedAssets.stylesheet, script: EmbeddedAssets.script)
    }

    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    private static func words(for error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "section closed with a different name than it was opened with"
        case .unfinishedName: return "tag is not closed"
        case .expectedSectionEnd: return "section is never closed"
        case .invalidSetDelimiter: return "set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "transform applied to an inheritance section"
        case .illegalTokenInsideInheritSection: return "illegal tag inside an inherit section"
        case .textInsideInheritSection: return "text inside an inherit section"
        case .invalidConfigVariableSyntax: return "config variable is malformed"
        case .unrecognisedConfigVariable: return "unknown config variable"
        }
    }
}
