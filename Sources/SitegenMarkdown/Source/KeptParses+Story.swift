import SitegenModel
import SitegenSource
import SitegenSystem

/// A kept parse in `KeptBytes`' encoding: its hash, first commit and body, then its story's
/// every stored property in order (`KeptParsesTests` fails when a property is added to the
/// story, its item or its extras and not here).
extension KeptParses {
    static func add(_ parse: Parse, to writer: inout KeptBytes.Writer) {
        writer.add(parse.hash)
        writer.add(parse.committed)
        switch parse.body {
        case .none: writer.add(0)
        case .from(let offset):
            writer.add(1)
            writer.add(offset)
        case .text(let text):
            writer.add(2)
            writer.add(text)
        }
        let story = parse.story
        add(story.item, to: &writer)
        writer.add(story.orderKey.weight)
        writer.add(story.orderKey.time)
        writer.add(story.orderKey.file)
        writer.add(story.orderKey.broken)
        writer.add(story.isDraft)
        writer.add(story.isUnwritten)
    }

    static func parse(_ reader: inout KeptBytes.Reader) throws -> Parse {
        let hash = try reader.number()
        let committed = try reader.optionalInt()
        let body: Body
        switch try reader.int() {
        case 0: body = .none
        case 1: body = .from(try reader.int())
        case 2: body = .text(try reader.text())
        default: throw KeptBytes.Malformed()
        }
        let item = try self.item(&reader)
        let key = OrderKey(
            weight: try reader.optionalInt(), time: try reader.optionalInt(), file: try reader.text(),
            broken: try reader.flag())
        let story = MarkdownStory(item: item, orderKey: key, isDraft: try reader.flag(), isUnwritten: try reader.flag())
        return Parse(hash: hash, committed: committed, story: story, body: body)
    }

    /// Every field but `markdown`, the body, which a parse keeps apart.
    static func add(_ item: RawItem, to writer: inout KeptBytes.Writer) {
        writer.add(item.id)
        writer.add(item.type)
        writer.add(item.by)
        writer.add(item.time)
        writer.add(item.title)
        writer.add(item.url)
        writer.add(item.text)
        writer.add(item.score)
        writer.add(item.descendants)
        writer.add(item.dead)
        writer.add(item.deleted)
        writer.add(item.image) { writer, image in
            writer.add(image.url)
            writer.add(image.width)
            writer.add(image.height)
        }
        writer.add(item.parent)
        writer.add(item.kids) { writer, kids in writer.add(list: kids) { $0.add($1) } }
        writer.add(item.isObject)
        let extras = item.markdownExtras
        writer.add(list: extras.files) { writer, file in
            writer.add(file.source)
            writer.add(file.name)
        }
        writer.add(list: extras.meta.sorted { $0.key < $1.key }) { writer, entry in
            writer.add(entry.key)
            add(entry.value, to: &writer)
        }
        writer.add(extras.itemPath)
        writer.add(extras.sourceFile)
        writer.add(list: extras.templateLines) { $0.add($1) }
        writer.add(extras.aliases)
        writer.add(extras.summary) { writer, summary in
            writer.add(summary.html)
            writer.add(summary.line)
        }
        writer.add(extras.utcOffset)
        writer.add(String(describing: extras.headingIDs))
        writer.add(list: extras.terms.sorted { $0.key < $1.key }) { writer, entry in
            writer.add(entry.key.rawValue)
            writer.add(entry.value)
        }
    }

    static func item(_ reader: inout KeptBytes.Reader) throws -> RawItem {
        var item = RawItem(
            id: try reader.optionalInt(), type: try reader.optionalText(), by: try reader.optionalText(),
            time: try reader.optionalInt(), title: try reader.optionalText(), url: try reader.optionalText(),
            text: try reader.optionalText(), score: try reader.optionalInt(), descendants: try reader.optionalInt(),
            dead: try reader.optionalFlag(), deleted: try reader.optionalFlag(),
            image: try reader.optional { reader in
                ItemImage(url: try reader.text(), width: try reader.optionalInt(), height: try reader.optionalInt())
            })
        item.parent = try reader.optionalInt()
        item.kids = try reader.optional { reader in try reader.list { try $0.int() } }
        item.isObject = try reader.flag()
        var extras = MarkdownExtras()
        extras.files = try reader.list { reader in StoryFile(source: try reader.text(), name: try reader.text()) }
        extras.meta = Dictionary(
            try reader.list { reader in (try reader.text(), try metaValue(&reader)) }, uniquingKeysWith: { first, _ in first })
        extras.itemPath = try reader.optionalText()
        extras.sourceFile = try reader.optionalText()
        extras.templateLines = try reader.list { try $0.int() }
        extras.aliases = try reader.texts()
        extras.summary = try reader.optional { reader in
            MarkdownExtras.Summary(html: try reader.text(), line: try reader.text())
        }
        extras.utcOffset = try reader.int()
        let style = try reader.text()
        guard let headingIDs = [HeadingIDStyle.github, .zola, .kramdown].first(where: { String(describing: $0) == style })
        else { throw KeptBytes.Malformed() }
        extras.headingIDs = headingIDs
        extras.terms = Dictionary(
            try reader.list { reader -> (Taxonomy, [String]) in
                guard let taxonomy = Taxonomy(rawValue: try reader.text()) else { throw KeptBytes.Malformed() }
                return (taxonomy, try reader.texts())
            }, uniquingKeysWith: { first, _ in first })
        item.markdownExtras = extras
        return item
    }

    /// Deeper than any front matter the parsers read (theirs are bounded below it).
    static let depthLimit = 1024

    static func add(_ value: MetaValue, to writer: inout KeptBytes.Writer) {
        switch value {
        case .text(let text):
            writer.add(0)
            writer.add(text)
        case .list(let values):
            writer.add(1)
            writer.add(list: values) { writer, value in add(value, to: &writer) }
        case .map(let entries):
            writer.add(2)
            writer.add(list: entries.sorted { $0.key < $1.key }) { writer, entry in
                writer.add(entry.key)
                add(entry.value, to: &writer)
            }
        case .null:
            writer.add(3)
        }
    }

    /// A front matter value, nested at most `depthLimit` deep: a damaged file never runs the
    /// stack out.
    static func metaValue(_ reader: inout KeptBytes.Reader, depth: Int = 0) throws -> MetaValue {
        guard depth < depthLimit else { throw KeptBytes.Malformed() }
        switch try reader.int() {
        case 0: return .text(try reader.text())
        case 1: return .list(try reader.list { try metaValue(&$0, depth: depth + 1) })
        case 2:
            return .map(
                Dictionary(
                    try reader.list { (try $0.text(), try metaValue(&$0, depth: depth + 1)) },
                    uniquingKeysWith: { first, _ in first }))
        case 3: return .null
        default: throw KeptBytes.Malformed()
        }
    }
}
