import Foundation
import Testing

@testable import SitegenRender

@Suite("Raw HTML in Markdown pages, kept and made safe")
struct AuthoredHTMLTests {
    func safe(_ html: String, taken: Set<String> = []) -> AuthoredHTML.Result { AuthoredHTML.sanitize(html, taken: taken) }

    @Test("what authors write in Markdown for what it lacks is kept: pictures, media, details, keys, spans")
    func kept() {
        // Shapes from real posts: a TIL's screenshot, a goal's link in a div, a picture, a video.
        let shot = #"<img width="600" alt="Screenshot of the page" src="https://user-images.githubusercontent.com/9599/1.png">"#
        #expect(safe(shot).html == shot)
        #expect(
            safe(#"<div align="center"><a href="/goals/1/">Goal 1</a></div>"#).html
                == #"<div align="center"><a href="/goals/1/">Goal 1</a></div>"#)
        let picture =
            #"<picture><source srcset="a.avif 1x, https://e.com/a@2x.avif 2x" type="image/avif"><img src="a.png" alt="A"></picture>"#
        #expect(safe(picture).html == picture)
        let video =
            #"<video controls src="clip.mp4" poster="clip.jpg"><track kind="captions" src="clip.vtt" srclang="en"></video>"#
        #expect(safe(video).html == video.replacingOccurrences(of: "controls", with: #"controls="""#))
        let details = "<details open><summary>Output</summary>\n<pre><code>$ ls\n</code></pre>\n</details>"
        #expect(safe(details).html == details.replacingOccurrences(of: "open>", with: #"open="">"#))
        #expect(safe("Press <kbd>Ctrl</kbd>+<kbd>C</kbd>; H<sub>2</sub>O, x<sup>2</sup>").removed.isEmpty)
        #expect(
            safe(#"<table><tr><td colspan="2" rowspan=3>x</td></tr></table>"#).html
                == #"<table><tr><td colspan="2" rowspan="3">x</td></tr></table>"#)
        // Case, quotes and entities as authors write them, written one way.
        #expect(safe("<IMG SRC='a.png' ALT=\"Tom &amp; Jerry\">").html == #"<img src="a.png" alt="Tom &amp; Jerry">"#)
        // Text: entities stay, a "<" that starts no tag and a bare "&" are escaped.
        #expect(safe("1 < 2 &amp;&copy; a & b <3").html == "1 &lt; 2 &amp;&copy; a &amp; b &lt;3")
    }

    @Test("scripts, handlers, frames, unsafe URLs and the page's own ids are removed, and named")
    func removed() {
        var r = safe(#"<p>a<script>alert("</p>")</script>b</p>"#)
        #expect(r.html == "<p>ab</p>" && r.removed == ["<script>"])
        r = safe(#"<img src="x.png" onerror="alert(1)" ONLOAD=y>"#)
        #expect(r.html == #"<img src="x.png">"# && r.removed == ["onerror", "onload"])
        r = safe(#"<a href="java&#115;cript:alert(1)">x</a> <a href=' javascript:1'>y</a> <img src="http://e.com/a.png">"#)
        #expect(r.html == "<a>x</a> <a>y</a> <img>" && r.removed.count == 3, "\(r)")
        r = safe(#"<iframe src="https://www.youtube.com/embed/x" title="Talk">fallback</iframe>"#)
        #expect(r.html == #"<a href="https://www.youtube.com/embed/x">Talk</a>"# && r.removed == ["<iframe>"])
        #expect(r.links == ["https://www.youtube.com/embed/x"])
        // SVG and MathML hold scripts and handlers of their own: they go whole, nesting followed.
        r = safe("<svg><svg onload=x></svg><script>1</script></svg>after")
        #expect(r.html == "after" && r.removed == ["<svg>"])
        r = safe(
            #"<style>body{display:none}</style><meta http-equiv="refresh" content="0;url=https://e.com"><base href="https://e.com/">x"#
        )
        #expect(r.html == "x" && r.removed == ["<style>", "<meta>", "<base>"])
        // A form goes, its text stays; a text box goes, a task list's box stays, never editable.
        r = safe(#"<form action="/x"><input type="text" name="q"><input type=checkbox checked> done</form>"#)
        #expect(r.html == #"<input type="checkbox" checked="" disabled=""> done"# && r.removed == ["<input>"])
        // The theme's ids are its own; `<a name>` is an anchor, written as an id.
        r = safe(#"<div id="list">x</div><a name="old-anchor"></a><span id="mine">y</span>"#, taken: ["list"])
        #expect(r.html == #"<div>x</div><a id="old-anchor"></a><span id="mine">y</span>"# && r.ids == ["old-anchor", "mine"])
        // Styles are ignored by the pages' CSP anyway: dropped, not counted.
        r = safe(#"<p style="color:red" data-x="1">x</p>"#)
        #expect(r.html == "<p>x</p>" && r.removed.isEmpty)
        // Comments and declarations go.
        #expect(safe("a<!-- <script>x</script> -->b<!DOCTYPE html><?php echo 1 ?>c").html == "abc")
    }

    @Test("tags are balanced: the author's HTML cannot close or open the page's elements")
    func balanced() {
        #expect(safe("</div></article><p>x").html == "<p>x</p>")
        #expect(safe("<div><b>bold</div>after").html == "<div><b>bold</b></div>after")
        #expect(safe("<ul><li>a<li>b</ul>").html == "<ul><li>a<li>b</li></li></ul>")
        #expect(safe("<br/><hr></br>").html == "<br><hr>")
        let deep = String(repeating: "<div>", count: 1000) + "x" + String(repeating: "</div>", count: 1000)
        let out = safe(deep).html
        #expect(out.components(separatedBy: "<div>").count - 1 == AuthoredHTML.maxDepth)
        #expect(out.components(separatedBy: "</div>").count - 1 == AuthoredHTML.maxDepth)
    }

    @Test("on random soups of hostile fragments, what comes out is allowed, balanced and never runs")
    func hostileSoup() {
        let pieces = [
            "<script>alert(1)</script>", "<SCRIPT SRC=x.js></SCRIPT>", "<scr<script>ipt>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "<IMG SRC=JaVaScRiPt:alert(1)>", "<a href=\"java&#x09;script:x\">t</a>",
            "<a href='data:text/html,<script>x</script>'>d</a>",
            "<svg/onload=alert(1)>", "<svg><foreignObject><script>x</script></foreignObject></svg>",
            "<math><mi xlink:href=javascript:1>m</mi></math>",
            "<iframe src=javascript:alert(1)></iframe>", "<iframe srcdoc='<script>x</script>'>", "<object data=x.swf>",
            "<embed src=x>",
            "<meta http-equiv=refresh content=0>", "<base href=//e.com>", "<form action=//e.com><button>b</button></form>",
            "<style>*{}</style>",
            "<textarea><script>x</script></textarea>", "<title>t</title>", "<xmp><script>x</script></xmp>",
            "<noscript><img src=n.png></noscript>",
            "<!-- <script>x</script> -->", "<!--", "<!DOCTYPE html>", "<", "<<", "</", "<div", "<a href=\"", "\"", "'", ">", "&",
            "&#0;",
            "\u{0}", "<p>", "</p>", "<b>", "</b>", "<div>", "</div>", "<details open>", "</details>", "<table><tr><td>",
            "</td></tr></table>",
            "<img src=ok.png alt=ok>", "<a href=/x onclick=y>ok</a>", "<video src=v.mp4 onplay=x>",
            "<source srcset=\"a.png, javascript:x 2x\">",
            "text ", "文字 ", "<p style=\"background:url(javascript:x)\">s</p>", "<div id=list>", "<a name=x>",
            "<template><script>x</script></template>",
            "<input type=image src=x>", "<select><option>o</select>", "<plaintext>",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let allowed = Set(AuthoredHTML.kept.map(\.name))
        let void = Set(AuthoredHTML.kept.filter(\.void).map(\.name))
        for _ in 0..<3000 {
            let soup = (0..<(1 + next(12))).map { _ in pieces[next(pieces.count)] }.joined()
            let out = safe(soup, taken: ["list"]).html
            var open: [String] = []
            for tag in out.matches(of: /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^<>]*)>/) {
                let name = String(tag.output.2)
                #expect(allowed.contains(name), "\(name) in \(out) from \(soup)")
                let attributes = String(tag.output.3).lowercased()
                #expect(attributes.firstMatch(of: /(^|\s)on[a-z]+=/) == nil, "\(out) from \(soup)")
                #expect(!attributes.contains("javascript:") && !attributes.contains("data:") && !attributes.contains("style="))
                #expect(!attributes.contains("id=\"list\""))
                if tag.output.1 == "/" {
                    #expect(open.popLast() == name, "unbalanced \(out) from \(soup)")
                } else if !void.contains(name) {
                    open.append(name)
                }
            }
            #expect(open.isEmpty, "\(out) from \(soup)")
            // A "<" is a tag's or escaped: nothing a browser could read as a tag is left over.
            let tagless = out.replacing(/<\/?[a-zA-Z][a-zA-Z0-9-]*[^<>]*>/, with: "")
            #expect(!tagless.contains("<") && !out.contains("\u{0}"), "\(out) from \(soup)")
        }
    }

    @Test("bounds: a long attribute value is dropped, a long word broken outside pre, deep nesting flattened; each named")
    func bounds() {
        let alt = String(repeating: "A", count: 4_097)
        let image = safe("<img src=\"a.png\" alt=\"\(alt)\" title=\"t\">")
        #expect(image.html == "<img src=\"a.png\" title=\"t\">")
        #expect(image.capped == ["alt over 4096 bytes"])
        #expect(safe("<img src=\"a.png\" alt=\"\(alt.dropLast())\">").capped.isEmpty)

        // A word of 600 characters: a break after each 256, none inside pre, none in ordinary text.
        let word = String(repeating: "x", count: 600)
        let broken = safe("<p>\(word) and <b>\(word)</b></p><pre>\(word)</pre>")
        let parts = broken.html.components(separatedBy: "<wbr>")
        #expect(parts.count == 5)
        #expect(broken.html.replacingOccurrences(of: "<wbr>", with: "") == "<p>\(word) and <b>\(word)</b></p><pre>\(word)</pre>")
        #expect(broken.capped == ["a word over 256 characters", "a word over 256 characters"])
        // Entities count as the character they stand for; a split never lands inside one or
        // inside a character's bytes; Chinese, which breaks between characters, is left as it is.
        let accented = safe(String(repeating: "é&amp;", count: 200)).html
        #expect(accented.components(separatedBy: "<wbr>").allSatisfy { !$0.hasPrefix("amp;") && !$0.hasPrefix("\u{301}") })
        #expect(accented.replacingOccurrences(of: "<wbr>", with: "") == String(repeating: "é&amp;", count: 200))
        // Thai letters and their marks belong together: never split; a run of entities is a word.
        let thai = "a" + String(repeating: "ก่", count: 300)
        #expect(safe(thai).html == thai)
        #expect(safe(String(repeating: "&amp;", count: 600)).html.components(separatedBy: "<wbr>").count == 3)
        let chinese = String(repeating: "中文的句子", count: 200)
        #expect(safe(chinese).html == chinese)
        #expect(safe(String(repeating: "word ", count: 10_000)).capped.isEmpty)

        let deep = safe(String(repeating: "<div>", count: 300) + "x" + String(repeating: "</div>", count: 300))
        #expect(deep.html.components(separatedBy: "<div>").count == 257)
        #expect(deep.capped == ["nesting past 256"])
    }
}
