/// The built-in `row.mustache`, compiled by hand: the row every default-themed build renders a
/// million times, written straight from the story into bytes, with no context to build and no
/// names to look up (a third of the time the template engine took). A theme with its own
/// row.mustache goes through the engine. `RowRendererTests` hold the two to the same bytes
/// for thousands of stories; change the template and this together.
extension RowRenderer {
    func builtInRow(_ story: Story, into out: inout [UInt8]) {
        let links = self.links(story)
        if let image = story.image, let src = SafeURL.image(image.url) {
            out += #"<img src=""#.utf8
            HTMLEscape.append(src, to: &out)
            out += #"" width=""#.utf8
            DecimalText.append(image.width ?? 64, to: &out)
            out += #"" height=""#.utf8
            DecimalText.append(image.height ?? 48, to: &out)
            out += #"" alt="" loading="lazy" decoding="async">"#.utf8
        }
        out += "<h2>".utf8
        if let href = links.href {
            out += #"<a href=""#.utf8
            HTMLEscape.append(href, to: &out)
            out += #"">"#.utf8
            HTMLEscape.append(story.title, to: &out)
            out += "</a>".utf8
        } else {
            HTMLEscape.append(story.title, to: &out)
        }
        if let domain = links.domain {
            out += " <small>(".utf8
            HTMLEscape.append(domain, to: &out)
            out += ")</small>".utf8
        }
        out += "</h2>\n<p>".utf8
        if let score = story.score {
            // As bytes: no String to build and escape (the wording holds nothing to escape).
            Self.appendPoints(score, to: &out)
            out.append(0x20)
        }
        if let by = story.by, !by.isEmpty {
            out += "by ".utf8
            HTMLEscape.append(by, to: &out)
            out.append(0x20)
        }
        if let time = story.time {
            out += #"<time datetime=""#.utf8
            DateText.appendISO(time, to: &out)
            out += #"">"#.utf8
            DateText.appendShort(time, to: &out)
            out += "</time> ".utf8
        }
        if let itemHref = links.itemHref {
            out += #"| <a href=""#.utf8
            HTMLEscape.append(itemHref, to: &out)
            out += #"">"#.utf8
            if let n = story.descendants { Self.appendComments(n, to: &out) }
            out += "</a>".utf8
        } else if let n = story.descendants {
            out += "| ".utf8
            Self.appendComments(n, to: &out)
        }
        out += "</p>".utf8
    }
}
