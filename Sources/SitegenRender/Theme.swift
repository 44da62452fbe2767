import Mustache
import SitegenAssets
import SitegenModel

/// The templates, stylesheet, favicon and scripts a site is rendered with, parsed once. Rendering is pure:
/// values in, HTML out; `Theme+Folder.swift` (SitegenBuild) is the only part that reads files.
public struct Theme: Sendable {
    /// How a template's path begins when it is the built-in one (a theme folder lacked it).
    public static let builtInPrefix = "(built-in) "

    /// Template names, each `Templates/<name>.mustache`.
    public static let names = ["layout", "page", "row", "item", "document", "sitepage", "terms", "search", "thread"]

    package let templates: [String: CompiledTemplate]
    /// Whether row.mustache is the built-in one, which `RowRenderer` renders by hand.
    let rowIsBuiltIn: Bool
    public let stylesheet: String

    /// The line that splits a stylesheet in two: what is above it is the stylesheet of every
    /// page; what is below it, of the pages that show a story's or a site page's own text
    /// (item pages, documents, site pages), which link it too. A list, a term's list and the
    /// search page never load it: the search page's first view is every cold query's bytes.
    /// A stylesheet without the line is one file, linked from every page.
    public static let pagesMarker = "/* sitegen: pages */"

    /// `stylesheet` cut at `pagesMarker`: every page's part, and the text pages' part (nil
    /// without the line).
    public var stylesheetParts: (every: String, pages: String?) {
        guard let marker = stylesheet.range(of: "\n" + Self.pagesMarker + "\n") else { return (stylesheet, nil) }
        return (String(stylesheet[..<marker.lowerBound]) + "\n", String(stylesheet[marker.upperBound...]))
    }
    /// `favicon.svg`, linked from every page of the layout.
    public let favicon: String
    /// The browser script as served, one per loading strategy (already minified: `.ci/minify`).
    public let scripts: [LoadingStrategy: String]
    /// The search page's script (already minified).
    public let searchScript: String
    /// The module the search page's script loads for passages, marks and phrases.
    public let searchMoreScript: String
    /// The script of the pages that hold a thread (`thread.js`, already minified).
    public let threadScript: String
    /// Every `id="…"` the templates of an item page (`layout`, `item`, `row`) and of a site page
    /// (`layout`, `sitepage`) write as it is (not one made of a value): a heading of the page's
    /// Markdown never takes one (`HeadingIDs`). Gathered once: every Markdown page reads them.
    package let itemPageIDs: Set<String>
    /// The template a document (a Markdown story's page) is rendered with: `document`, or a
    /// theme's own `item` when it has that and no `document` of its own.
    package let documentTemplate: String
    package let sitePageIDs: Set<String>

    /// - Parameter templates: name → (template text, path to name in errors).
    public init(
        templates: [String: (text: String, path: String)], stylesheet: String, favicon: String = EmbeddedAssets.favicon,
        scripts: [LoadingStrategy: String] = Theme.builtInScripts, searchScript: String = EmbeddedAssets.searchScript,
        searchMoreScript: String = EmbeddedAssets.searchMoreScript, threadScript: String = EmbeddedAssets.threadScript
    ) throws {
        var compiled: [String: CompiledTemplate] = [:]
        for name in Self.names {
            guard let template = templates[name] else {
                throw ThemeError.unreadable(path: "\(name).mustache", reason: "template missing")
            }
            // swift-mustache is the judge of what is valid Mustache, and says where it is not.
            do {
                _ = try MustacheTemplate(string: template.text)
            } catch let error as MustacheTemplate.ParserError {
                throw ThemeError.template(
                    path: template.path, line: error.context.lineNumber, column: error.context.columnNumber,
                    reason: Self.words(for: error.error))
            }
            do {
                compiled[name] = try CompiledTemplate(template.text)
            } catch let error as CompiledTemplate.Unsupported {
                let (line, column) = TextPosition.of(byte: error.offset, in: Array(template.text.utf8))
                throw ThemeError.template(
                    path: template.path, line: line, column: column, reason: "sitegen does not render \(error.what)")
            }
        }
        for (name, template) in compiled {
            for partial in template.partialNames where compiled[partial] == nil {
                throw ThemeError.template(
                    path: templates[name]!.path, line: 1, column: 1,
                    reason: "includes the partial '\(partial)', which is not one of \(Self.names.joined(separator: ", "))")
            }
        }
        self.templates = compiled
        let ids = { (names: [String]) in Set(names.flatMap { Self.literalIDs(in: templates[$0]?.text ?? "") }) }
        itemPageIDs = ids(["layout", "item", "document", "row", "thread"])
        sitePageIDs = ids(["layout", "sitepage"])
        rowIsBuiltIn = templates["row"]?.text == EmbeddedAssets.templates["row"]
        // A theme made before documents had their own template keeps its item.mustache for them:
        // a folder with its own item.mustache and no document.mustache file (`sitegen init`
        // writes both, so a site made by it renders documents with its document.mustache).
        let own = { (name: String) in templates[name].map { !$0.path.hasPrefix(Self.builtInPrefix) } ?? false }
        documentTemplate = own("item") && !own("document") ? "item" : "document"
        self.stylesheet = stylesheet
        self.favicon = favicon
        self.scripts = scripts
        self.searchScript = searchScript
        self.searchMoreScript = searchMoreScript
        self.threadScript = threadScript
    }

    /// The ids a template's text writes as they are: `id="sitegen-config"`, not `id="{{x}}"`.
    static func literalIDs(in text: String) -> [String] {
        text.matches(of: /\bid="([^"{}<>]+)"/).map { String($0.output.1) }
    }

    /// The script a site built with `strategy` serves.
    public func script(for strategy: LoadingStrategy) -> String { scripts[strategy] ?? "" }

    /// The scripts compiled into the binary (`Sources/SitegenAssets/min/`).
    public static let builtInScripts: [LoadingStrategy: String] = Dictionary(
        uniqueKeysWithValues: LoadingStrategy.allCases.map { ($0, EmbeddedAssets.scripts[$0.rawValue] ?? "") })

    /// The theme compiled into the binary.
    public static func builtIn() throws -> Theme {
        try Theme(
            templates: EmbeddedAssets.templates.reduce(into: [:]) {
                $0[$1.key] = ($1.value, builtInPrefix + "\($1.key).mustache")
            },
            stylesheet: EmbeddedAssets.stylesheet, favicon: EmbeddedAssets.favicon, scripts: builtInScripts)
    }

    package func render(_ name: String, _ context: TemplateValue) -> String {
        templates[name]?.render(context, partials: templates) ?? ""
    }

    package func renderBytes(_ name: String, _ context: TemplateValue) -> [UInt8] {
        templates[name]?.renderBytes(context, partials: templates) ?? []
    }

    /// Renders template `name` at the end of `out`.
    package func render(_ name: String, _ context: TemplateValue, into out: inout [UInt8]) {
        templates[name]?.render(context, partials: templates, into: &out)
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
