import SitegenSystem

/// The commonest template forms of Jekyll and Hugo posts, rewritten as the Markdown they stand
/// for, so that a moved blog's code blocks, pictures and cross-references come through: a
/// site's other template code stays as text and is counted (`MarkdownStory.templateLines`).
/// Outside fenced code (writing about them is text), line by line, each line kept a line, so
/// the file's line numbers hold. Pure.
///
/// | written | becomes |
/// | --- | --- |
/// | `{% highlight ruby %}` … `{% endhighlight %}` (Jekyll) | a fenced code block, ```` ```ruby ```` |
/// | `{{< highlight go >}}` … `{{< /highlight >}}` (Hugo) | the same |
/// | `{% raw %}`, `{% endraw %}` (Jekyll) | nothing: what they wrap is text |
/// | `{{< figure src="a.png" alt="A" caption="C" >}}` (Hugo) | `![A](a.png)` (the caption when there is no alt) |
/// | `{{< ref "docs/config.md" >}}`, `relref`, with `{{% %}}` too (Hugo) | `docs/config.md` (a link to a file, which `MarkdownLinks` makes its page's) |
/// | `{% post_url 2019-03-18-hello %}`, `{% post_url /2019/2019-03-18-hello %}` (Jekyll) | `/_posts/2019-03-18-hello.md`, the post's file (`.md`: Jekyll's name leaves out the extension, and `.md` is the commonest) |
/// | `{{ site.baseurl }}`, `{{ site.url }}` (Jekyll) | nothing: the links they begin are the site's own, from its root |
/// | `{{ "/about/" \| relative_url }}`, `absolute_url` (Jekyll) | `/about/` |
enum TemplateForms {
    static func rewritten(_ body: String) -> String {
        guard ByteSearch.contains(body, "{%") || ByteSearch.contains(body, "{{") else { return body }
        var out: [Substring] = []
        var fence: String? = nil
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                // A highlight block ends at its own closing tag; a fence at its fence.
                if open == "highlight" {
                    if trimmed.first == "{", trimmed.wholeMatch(of: endHighlight) != nil {
                        out.append("```")
                        fence = nil
                        continue
                    }
                } else if trimmed.hasPrefix(open) {
                    fence = nil
                }
                out.append(line)
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                out.append(line)
                continue
            }
            // Every form opens with `{%` or `{{`: a line without a brace (most lines) has none,
            // and is not run through the seven expressions below (Swift's regexes are slow
            // enough to be a percent of a blog's build when every line met them).
            guard line.utf8.contains(UInt8(ascii: "{")) else {
                out.append(line)
                continue
            }
            if let match = trimmed.wholeMatch(of: highlight) {
                out.append("```" + (match.output.1 ?? match.output.2 ?? ""))
                fence = "highlight"
                continue
            }
            var text = String(line)
            text.replace(raw, with: "")
            text.replace(reference) { $0.output.1 }
            text.replace(postURL) { "/_posts" + ($0.output.1.hasPrefix("/") ? "" : "/") + $0.output.1 + ".md" }
            text.replace(siteURL, with: "")
            text.replace(relativeURL) { $0.output.1 ?? $0.output.2 ?? "" }
            text.replace(figure) { match in
                let source = attribute("src", in: match.output.1) ?? ""
                let alt = attribute("alt", in: match.output.1) ?? attribute("caption", in: match.output.1) ?? ""
                return "![\(alt)](\(source))"
            }
            out.append(Substring(text))
        }
        return out.joined(separator: "\n")
    }

    /// `name="value"` (or single quotes) in a shortcode's arguments.
    private static func attribute(_ name: String, in arguments: Substring) -> String? {
        for match in arguments.matches(of: /([A-Za-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/) where match.output.1 == name {
            return String(match.output.2 ?? match.output.3 ?? "")
        }
        return nil
    }

    nonisolated(unsafe) private static let highlight =
        /(?:\{%-?\s*highlight\s+([\w+#.-]+)[^%]*-?%\}|\{\{[<%]\s*highlight\s+([\w+#.-]+)[^>%]*[>%]\}\})\s*/
    nonisolated(unsafe) private static let endHighlight = /(?:\{%-?\s*endhighlight\s*-?%\}|\{\{[<%]\s*\/highlight\s*[>%]\}\})\s*/
    nonisolated(unsafe) private static let raw = /\{%-?\s*(?:end)?raw\s*-?%\}/
    nonisolated(unsafe) private static let reference = /\{\{[<%]\s*(?:rel)?ref\s+"([^"]+)"\s*[>%]\}\}/
    nonisolated(unsafe) private static let postURL = /\{%-?\s*post_url\s+(\S+?)\s*-?%\}/
    nonisolated(unsafe) private static let siteURL = /\{\{-?\s*site\.(?:base)?url\s*-?\}\}/
    nonisolated(unsafe) private static let relativeURL =
        /\{\{-?\s*(?:"([^"]*)"|'([^']*)')\s*\|\s*(?:relative|absolute)_url\s*-?\}\}/
    nonisolated(unsafe) private static let figure = /\{\{[<%]\s*figure\s+([^>%]*)[>%]\}\}/
}
