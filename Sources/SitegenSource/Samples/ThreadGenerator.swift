import SitegenModel

/// Deterministic threads shaped like HN's: many replies to the story, fewer further down, a
/// chain that reaches `deepest` levels, deleted and flagged comments, and bodies in HN's HTML
/// (paragraphs, quotes, links, code, entities, Chinese, Korean, Arabic, Japanese, versions).
/// The sample's threads, the tests' and the benchmarks' come from here: the same story id and
/// size always give the same thread.
public struct ThreadGenerator: Sendable {
    public var seed: UInt64

    public init(seed: UInt64 = 1) { self.seed = seed }

    /// `count` comments under `story` (and some deleted and flagged besides, which HN's
    /// `descendants` does not count), the deepest `deepest` levels down (1: replies to the story
    /// only), ids after `story`'s (from `story` × 1,000,000), times after `time`.
    public func tree(story: Int, time: Int = 1_795_000_000, count: Int, deepest: Int = 12) -> CommentTree {
        var rng = SplitMix64(seed: seed ^ UInt64(truncatingIfNeeded: story) &* 0x2545_F491_4F6C_DD1D)
        var tree = CommentTree()
        var depth: [Int: Int] = [:]
        var order: [Int] = []
        // Ids of their own (HN's are one sequence; a generated site's stories are ids apart, so
        // their threads start at the story's id times a million, past any other story's): a
        // folder holds each item once, and newer comments have larger ids, as on HN.
        var id = story &* 1_000_000
        var at = time
        var live = 0
        func add(parent: Int?) {
            id += 1 + Int(rng.next() % 7)
            at += 5 + Int(rng.next() % 240)
            let roll = rng.next() % 100
            let state: Comment.State = roll < 3 ? .deleted : roll < 5 ? .flagged : .live
            let comment = Comment(
                id: id, by: state == .deleted ? nil : Self.handle(&rng), time: at,
                text: state == .live ? rng.pick(Self.bodies) : nil, state: state)
            tree.comments[id] = comment
            if state == .live { live += 1 }
            if let parent {
                tree.comments[parent]!.kids.append(id)
                depth[id] = depth[parent]! + 1
            } else {
                tree.roots.append(id)
                depth[id] = 1
            }
            order.append(id)
        }
        // The chain first, so that the thread is as deep as asked however small it is.
        for level in 0..<min(count, max(1, deepest)) { add(parent: level == 0 ? nil : order.last) }
        while live < count {
            // A quarter reply to the story; the rest to a recent comment not at the bottom.
            if rng.next() % 4 == 0 {
                add(parent: nil)
                continue
            }
            let recent = order.suffix(40)
            let parent = recent[recent.startIndex + Int(rng.next() % UInt64(recent.count))]
            add(parent: depth[parent]! < deepest ? parent : nil)
        }
        return tree
    }

    /// The thread as the API's items (`{"by":…,"id":…,"kids":[…],"parent":…,…}`), to serve or
    /// to write as `item/<id>.json`; deleted ones as HN gives them (no `by`, no `text`).
    public func items(story: Int, time: Int = 1_795_000_000, count: Int, deepest: Int = 12) -> [(id: Int, json: String)] {
        items(of: tree(story: story, time: time, count: count, deepest: deepest), story: story)
    }

    /// `tree`'s comments as the API's items.
    public func items(of tree: CommentTree, story: Int) -> [(id: Int, json: String)] {
        var parent: [Int: Int] = [:]
        for root in tree.roots { parent[root] = story }
        for comment in tree.comments.values { for kid in comment.kids { parent[kid] = comment.id } }
        return tree.comments.values.sorted { $0.id < $1.id }.map { comment in
            var fields = ["\"id\":\(comment.id)", "\"type\":\"comment\"", "\"parent\":\(parent[comment.id]!)"]
            if let time = comment.time { fields.append("\"time\":\(time)") }
            if let by = comment.by { fields.append("\"by\":\(Self.quoted(by))") }
            if let text = comment.text { fields.append("\"text\":\(Self.quoted(text))") }
            if !comment.kids.isEmpty { fields.append("\"kids\":[\(comment.kids.map(String.init).joined(separator: ","))]") }
            if comment.state == .deleted { fields.append("\"deleted\":true") }
            if comment.state == .flagged {
                fields.append("\"dead\":true")
                fields.append("\"text\":\"[flagged]\"")
            }
            return (comment.id, "{" + fields.joined(separator: ",") + "}")
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func handle(_ rng: inout SplitMix64) -> String {
        let syllables = ["ka", "zo", "mi", "tr", "ux", "pel", "dan", "rho", "qi", "ste", "von", "lex", "ar", "bit", "nul"]
        var name = ""
        for _ in 0..<(2 + rng.next() % 3) { name += rng.pick(syllables) }
        return rng.next() % 4 == 0 ? name + String(rng.next() % 100) : name
    }

    /// Comment bodies as HN's API gives them: its HTML, `/` and `'` as entities, paragraphs
    /// opened by `<p>` and never closed, code in `<pre><code>`, quotes as `&gt;` lines.
    static let bodies = [
        "I&#x27;ve been running this in production for two years. The upgrade to 1.88.0 was painless, but 1.87.1 had a regression in the allocator that bit us.",
        "&gt; The disk is slow at making files<p>This is the part people underestimate. Creating a million small files on ext4 is dominated by metadata, not bytes.<p>Batching into fewer, larger files helped us by an order of magnitude.",
        "The paper is here: <a href=\"https:&#x2F;&#x2F;arxiv.org&#x2F;abs&#x2F;2401.01234\" rel=\"nofollow\">https:&#x2F;&#x2F;arxiv.org&#x2F;abs&#x2F;2401.01234</a><p>Section 4 has the benchmark numbers everyone is quoting.",
        "You can do this with a single query:<p><pre><code>  SELECT id, parent, json\n  FROM item\n  WHERE parent IN (SELECT id FROM item WHERE kind = &#x27;story&#x27;)\n  ORDER BY id;\n</code></pre>\nIt&#x27;s fast enough with an index on parent.",
        "In Rust it&#x27;s a few lines:<p><pre><code>    fn depth(tree: &amp;Tree, id: u64) -&gt; usize {\n        tree.parent(id).map_or(0, |p| 1 + depth(tree, p))\n    }\n</code></pre>\nThough recursion on a 10k-deep chain will blow the stack.",
        "Swift version, for comparison:<p><pre><code>    let kept = rows.filter { $0.depth &lt; 24 &amp;&amp; !$0.dead }\n    print(&quot;\\(kept.count) rows&quot;)\n</code></pre>",
        "这个项目很有意思。我们公司也在用类似的方法生成静态网站，速度比以前快了很多。<p>请问支持中文搜索吗？",
        "한국어로도 잘 작동하나요? 저희 팀은 블로그를 정적 사이트로 옮기는 중인데, 검색이 가장 큰 문제였습니다.",
        "هذا رائع! هل يدعم النص العربي من اليمين إلى اليسار بشكل صحيح؟ جربت عدة مولدات مواقع ولم يعمل أي منها كما يجب.",
        "日本語のコメントです。スクロールがとても滑らかで、古いスマートフォンでも問題ありませんでした。",
        "Counterpoint: most sites don&#x27;t need any of this. A list of 30 links and a &quot;More&quot; button is fine.",
        "<i>Citation needed.</i> The numbers in the post are from a 2 core VM, not a laptop.",
        "This reminds me of UITableViewDataSourcePrefetching. Same idea: fetch the rows that are about to appear, cancel when the user scrolls away.",
        "I tried it on a thread with 3,000 comments and my phone didn&#x27;t break a sweat. The official site takes 4 seconds to render the same page.",
        "Nitpick: it&#x27;s &lt;details&gt; and &lt;summary&gt;, not a custom widget, so it folds without JavaScript and works with a keyboard.",
        "Thanks, fixed.",
        "Agreed.",
        "Why not just use SQLite&#x27;s FTS5 for the search? It handles tokenization, ranking and prefix queries out of the box.",
        "Link rot is real: half the links in threads from 2012 go nowhere now. <a href=\"https:&#x2F;&#x2F;web.archive.org&#x2F;\" rel=\"nofollow\">https:&#x2F;&#x2F;web.archive.org&#x2F;</a> is the only reason I can still read them.",
        "&gt; no framework<p>Refreshing. The whole script is smaller than the favicon on most sites.",
        "Here&#x27;s a very long word to check wrapping: supercalifragilisticexpialidocious_and_then_some_more_characters_without_any_break_opportunity_at_all_0123456789",
        "<p>Hostile input is sanitized, right? Try &lt;script&gt;alert(1)&lt;&#x2F;script&gt; and <a href=\"javascript:alert(1)\">this link</a>.",
        "We measured p99 at 180 ms before and 40 ms after. The difference was entirely the ETag handling; the bytes were already cached.",
        "Version pinning matters: <code>libcmark-gfm 0.29.0.gfm.13</code> renders tables differently from <code>0.29.0.gfm.6</code>.",
    ]
}
