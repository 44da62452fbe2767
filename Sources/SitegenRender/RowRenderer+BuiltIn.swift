import SitegenModel

/// The built-in `row.mustache`, compiled by hand: the row every default-themed build renders a
/// million times, written straight from the story into bytes, with no context to build and no
/// names to look up (a third of the time the template engine took). A theme with its own
/// row.mustache goes through the engine. `RowRendererTests` hold the two to the same bytes
/// for thousands of stories; change the template and this together.
extension RowRenderer {
    package func builtInRow(_ story: Story, into out: inout [UInt8]) {
        // A document's row (a Markdown story with a body) through the template: a Markdown
        // folder's stories are thousands, not millions, and its branch is the template's alone.
        if story.markdown != nil {
            templateRow(story, into: &out)
            // (The template file's last newline is not part of the row.)
            if out.last == 0x0A { out.removeLast() }
            return
        }
        let links = self.links(story)
        if let image = story.image, let src = SafeURL.image(image.url) {
            out.append(#"<img src=""#)
            HTMLEscape.append(src, to: &out)
            out.append(#"" width=""#)
            DecimalText.append(image.width ?? 64, to: &out)
            out.append(#"" height=""#)
            DecimalText.append(image.height ?? 48, to: &out)
            out.append(#"" alt="" loading="lazy" decoding="async">"#)
        }
        out.append("<h2>")
        if let href = links.href {
            out.append(#"<a href=""#)
            HTMLEscape.append(href, to: &out)
            out.append(#"">"#)
            HTMLEscape.append(story.title, to: &out)
            out.append("</a>")
        } else {
            HTMLEscape.append(story.title, to: &out)
        }
        if let domain = links.domain {
            out.append(" <small>(")
            HTMLEscape.append(domain, to: &out)
            out.append(")</small>")
        }
        out.append("</h2>\n<p>")
        if let score = story.score {
            // As bytes: no String to build and escape (the wording holds nothing to escape).
            Self.appendPoints(score, to: &out)
            out.append(0x20)
        }
        if let by = story.by, !by.isEmpty {
            out.append("by ")
            HTMLEscape.append(by, to: &out)
            out.append(0x20)
        }
        if let time = story.time {
            out.append(#"<time datetime=""#)
            DateText.appendISO(time, to: &out)
            out.append(#"">"#)
            DateText.appendShort(time, to: &out)
            out.append("</time> ")
        }
        if let itemHref = links.itemHref {
            out.append(#"| <a href=""#)
            HTMLEscape.append(itemHref, to: &out)
            out.append(#"">"#)
            // A story without a comment count (a Markdown story) links its text by name, not by an empty link.
            if let n = story.descendants { Self.appendComments(n, to: &out) } else { out.append("read") }
            out.append("</a>")
        } else if let n = story.descendants {
            out.append("| ")
            Self.appendComments(n, to: &out)
        }
        for term in termLinks(story) {
            out.append(#" <a class="term" rel="tag" href=""#)
            HTMLEscape.append(term.href, to: &out)
            out.append(#"">"#)
            HTMLEscape.append(term.label, to: &out)
            out.append("</a>")
        }
        out.append("</p>")
    }
}
