import SitegenRender
import SitegenSystem

/// The bytes of `.<name>.pages` (`KeptPages`), in `KeptBytes`' encoding: the settings stamp,
/// the thread reader's note (if any), then each page: its files, its inputs, its answers (each
/// a link and its page, if any), its links, ids, removed and capped, its thread (if any: five
/// counts and how many of the last files are its shards and manifest), and its files' versions
/// (each which file, as its index times 4 plus 0 for the file itself or 1 + the index of its
/// compressed sibling's suffix, and five numbers: device, inode, size, modified, changed), then
/// a page of no files, which ends them. Pages are added a few at a time (`add(_:to:)`), so
/// that a big site's are never all encoded at once beside their records.
enum KeptPagesFile {
    static let format = "sitegen kept pages 3"

    static func writer(settings: String, threadNote: String?) -> KeptBytes.Writer {
        var writer = KeptBytes.Writer(format: format, stamp: settings)
        writer.add(threadNote)
        return writer
    }

    /// The page that ends the pages: no page has no files.
    static func end(_ writer: inout KeptBytes.Writer) { writer.add([String]()) }

    static func add(_ page: KeptPages.Page, to writer: inout KeptBytes.Writer) {
        writer.add(page.files)
        writer.add(page.inputs)
        writer.add(list: page.answers) { writer, answer in
            writer.add(answer.link)
            writer.add(answer.page)
        }
        writer.add(page.links)
        writer.add(page.ids)
        writer.add(page.removed)
        writer.add(page.capped)
        writer.add(page.thread) { writer, thread in
            for count in [thread.threads, thread.comments, thread.leftOut, thread.capped, thread.pages] {
                writer.add(count)
            }
            writer.add(thread.fileNames.count)
        }
        writer.add(list: page.versions) { writer, file in
            writer.add(file.which)
            let version = file.version
            writer.add(version.device)
            writer.add(version.inode)
            writer.add(Int(version.size))
            writer.add(Int(version.modified))
            writer.add(Int(version.changed))
        }
    }

    /// The next page (after the settings stamp and the thread note, read first), or nil for the
    /// page of no files that ends them; `KeptBytes.Malformed` when the bytes are not one.
    static func page(_ reader: inout KeptBytes.Reader) throws -> KeptPages.Page? {
        let files = try reader.texts()
        guard !files.isEmpty else { return nil }
        var page = KeptPages.Page(
            files: files, inputs: try reader.number(),
            answers: try reader.list { reader in
                LinkAnswer(link: try reader.text(), page: try reader.optionalText())
            }, links: try reader.texts(), ids: try reader.texts(), removed: try reader.texts(),
            capped: try reader.texts(),
            thread: try reader.optional { reader in
                var thread = ThreadsWritten()
                thread.threads = try reader.int()
                thread.comments = try reader.int()
                thread.leftOut = try reader.int()
                thread.capped = try reader.int()
                thread.pages = try reader.int()
                let named = try reader.count()
                guard named <= files.count else { throw KeptBytes.Malformed() }
                thread.fileNames = Array(files.suffix(named))
                return thread
            })
        page.versions = try reader.list { reader in
            let which = try reader.int()
            guard which >= 0, which / 4 < files.count, which % 4 <= Precompression.suffixes.count else {
                throw KeptBytes.Malformed()
            }
            return KeptPages.KeptFile(
                which: which, path: files[which / 4] + (which % 4 == 0 ? "" : Precompression.suffixes[which % 4 - 1]),
                version: FileVersion(
                    device: try reader.number(), inode: try reader.number(), size: Int64(try reader.int()),
                    modified: Int64(try reader.int()), changed: Int64(try reader.int())))
        }
        return page
    }
}
