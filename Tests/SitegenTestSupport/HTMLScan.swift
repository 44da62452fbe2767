/// Just enough HTML reading to check what sitegen writes: elements found by their opening tag,
/// attributes read from it, inner text up to the matching close tag (no nesting of the same
/// element in what sitegen writes).
public struct HTMLElement: Equatable {
    public var attributes: [String: String]
    public var inner: String
}

public enum HTMLScan {
    /// Every `<name …>…</name>` in document order.
    public static func elements(_ name: String, in html: String) -> [HTMLElement] {
        var found: [HTMLElement] = []
        var rest = html[...]
        while let (attributes, body) = nextTag(name, in: &rest) {
            guard let close = body.range(of: "</\(name)>") else { break }
            found.append(HTMLElement(attributes: attributes, inner: String(body[..<close.lowerBound])))
            rest = body[close.upperBound...]
        }
        return found
    }

    /// Opening tags only (for void or unclosed elements such as `<link>`): their attributes.
    public static func openingTags(_ name: String, in html: String) -> [[String: String]] {
        var found: [[String: String]] = []
        var rest = html[...]
        while let (attributes, _) = nextTag(name, in: &rest) { found.append(attributes) }
        return found
    }

    /// The next `<name …>` in `rest`: its attributes and what follows it; `rest` moves past it.
    private static func nextTag(_ name: String, in rest: inout Substring) -> ([String: String], Substring)? {
        while let open = rest.range(of: "<\(name)") {
            let afterName = rest[open.upperBound...]
            // "<a" must not match "<article": the name ends at a space or ">".
            guard let next = afterName.first, next == " " || next == ">" else {
                rest = afterName
                continue
            }
            guard let tagEnd = afterName.firstIndex(of: ">") else { return nil }
            let after = afterName[afterName.index(after: tagEnd)...]
            rest = after
            return (parseAttributes(afterName[..<tagEnd]), after)
        }
        return nil
    }

    /// `name="value"` pairs (double-quoted, as sitegen writes them) and bare names.
    public static func parseAttributes(_ text: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = text
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "/" }
            guard !rest.isEmpty else { break }
            let name = rest.prefix { $0 != "=" && $0 != " " && $0 != "\n" }
            rest = rest.dropFirst(name.count)
            if rest.first == "=" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    let value = rest.prefix { $0 != "\"" }
                    attributes[String(name)] = String(value)
                    rest = rest.dropFirst(value.count + 1)
                } else {
                    let value = rest.prefix { $0 != " " }
                    attributes[String(name)] = String(value)
                    rest = rest.dropFirst(value.count)
                }
            } else {
                attributes[String(name)] = ""
            }
        }
        return attributes
    }

    /// The rows of a list page: `<article class="row" …>` elements.
    public static func articles(in html: String) -> [HTMLElement] {
        elements("article", in: html).filter { $0.attributes["class"] == "row" }
    }

    /// The text of `<script type="application/json" id="sitegen-config">`, if the page has one.
    public static func pageConfig(in html: String) -> String? {
        elements("script", in: html).first { $0.attributes["id"] == "sitegen-config" }?.inner
    }

    public static func count(of needle: String, in haystack: String) -> Int {
        var count = 0
        var rest = haystack[...]
        while let range = rest.range(of: needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
