import SitegenModel

/// One Markdown file read as a story: front matter fields to `RawItem` fields. Pure.
///
/// | key | field | wrong type |
/// | --- | --- | --- |
/// | `title` | title | (a string is never the wrong type; empty skips the story: no title) |
/// | `url` | url (checked by `SafeURL` when rendered) | — |
/// | `date` | time (see `FrontMatterDate`) | left out |
/// | `author` (or `by`) | by | — |
/// | `score` | score (an integer) | left out |
/// | `weight` | the order, not shown (an integer) | left out |
/// | `image` | image URL | — |
/// | `id` | id (1 ... 2^53-1) | the file name's hash is used |
///
/// Other keys are ignored, so front matter written for another generator (tags, draft) reads.
struct MarkdownStory {
    package let item: RawItem
    let orderKey: OrderKey

    package init(file: String, matter: FrontMatter) {
        let id = matter["id"].flatMap(Int.init).flatMap { (1..<Self.idLimit).contains($0) ? $0 : nil }
        let time = matter["date"].flatMap(FrontMatterDate.unixSeconds)
        var item = RawItem(
            id: id ?? Self.id(forFile: file), type: nil, by: matter["author"] ?? matter["by"], time: time,
            title: matter["title"], url: matter["url"], score: matter["score"].flatMap(Int.init),
            image: matter["image"].map { ItemImage(url: $0) })
        let body = matter.body
        item.markdown = body.contains(where: { !$0.isWhitespace }) ? body : nil
        self.item = item
        orderKey = OrderKey(weight: matter["weight"].flatMap(Int.init), time: time, file: file)
    }

    static let idLimit = StableID.limit

    /// A stable id from the file name.
    package static func id(forFile file: String) -> Int { StableID.of(file) }
}
