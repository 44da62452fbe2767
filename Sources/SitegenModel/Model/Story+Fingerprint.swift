extension Story {
    /// Every stored property, in order (`Fingerprint`): what a page made from the story can
    /// show of it. `StoryFingerprintTests` fails when a property is added and not written here.
    public func fingerprint(into print: inout Fingerprint) {
        print.add(id)
        print.add(title)
        print.add(url)
        print.add(by)
        print.add(time)
        print.add(score)
        print.add(descendants)
        print.add(text)
        print.add(image) { print, image in
            print.add(image.url)
            print.add(image.width)
            print.add(image.height)
        }
        print.add(markdown)
        markdownExtras.fingerprint(into: &print)
        print.add(hasThread)
    }
}

extension MarkdownExtras {
    /// Every field, in order; dictionaries by their keys, sorted.
    public func fingerprint(into print: inout Fingerprint) {
        print.add(list: files) { print, file in
            print.add(file.source)
            print.add(file.name)
        }
        print.add(list: meta.sorted { $0.key < $1.key }) { print, entry in
            print.add(entry.key)
            entry.value.fingerprint(into: &print)
        }
        print.add(itemPath)
        print.add(sourceFile)
        print.add(list: templateLines) { $0.add($1) }
        print.add(aliases)
        print.add(summary) { print, summary in
            print.add(summary.html)
            print.add(summary.line)
        }
        print.add(utcOffset)
        print.add(String(describing: headingIDs))
        print.add(list: terms.sorted { $0.key < $1.key }) { print, entry in
            print.add(entry.key.rawValue)
            print.add(entry.value)
        }
    }
}

extension MetaValue {
    public func fingerprint(into print: inout Fingerprint) {
        switch self {
        case .text(let text):
            print.add(1)
            print.add(text)
        case .list(let values):
            print.add(2)
            print.add(list: values) { print, value in value.fingerprint(into: &print) }
        case .map(let entries):
            print.add(3)
            print.add(list: entries.sorted { $0.key < $1.key }) { print, entry in
                print.add(entry.key)
                entry.value.fingerprint(into: &print)
            }
        case .null:
            print.add(4)
        }
    }
}

extension DocumentPlace {
    /// Every stored property, in order.
    public func fingerprint(into print: inout Fingerprint) {
        func link(_ print: inout Fingerprint, _ link: Link) {
            print.add(link.title)
            print.add(link.href)
        }
        print.add(previous, link)
        print.add(next, link)
        print.add(list: crumbs, link)
        print.add(section, link)
        print.add(list: pages, link)
        print.add(current)
    }
}
