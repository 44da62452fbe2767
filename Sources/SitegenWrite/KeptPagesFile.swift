import SitegenRender
import SitegenSystem

/// The bytes of `.<name>.pages` (`KeptPages`), in `KeptBytes`' encoding: the settings stamp,
/// the number of pages, then each page: its files, its inputs, its answers (each a link and
/// its page, if any), its links, ids, removed and capped, and its files' versions (each a path
/// and five numbers: device, inode, size, modified, changed).
enum KeptPagesFile {
    static let format = "sitegen kept pages 2"

    static func bytes(_ pages: [KeptPages.Page], settings: String) -> [UInt8] {
        var writer = KeptBytes.Writer(format: format, stamp: settings)
        writer.add(list: pages) { writer, page in
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
            writer.add(list: page.versions) { writer, file in
                writer.add(file.path)
                let version = file.version
                writer.add(version.device)
                writer.add(version.inode)
                writer.add(Int(version.size))
                writer.add(Int(version.modified))
                writer.add(Int(version.changed))
            }
        }
        return writer.sealed()
    }

    /// The pages after the settings stamp (`reader.stamp(format:)`, read first);
    /// `KeptBytes.Malformed` when the rest is not such pages, whole.
    static func pages(_ reader: inout KeptBytes.Reader) throws -> [KeptPages.Page] {
        let pages = try reader.list { reader in
            var page = KeptPages.Page(
                files: try reader.texts(), inputs: try reader.number(),
                answers: try reader.list { reader in
                    LinkAnswer(link: try reader.text(), page: try reader.optionalText())
                }, links: try reader.texts(), ids: try reader.texts(), removed: try reader.texts(),
                capped: try reader.texts())
            page.versions = try reader.list { reader in
                KeptPages.KeptFile(
                    path: try reader.text(),
                    version: FileVersion(
                        device: try reader.number(), inode: try reader.number(), size: Int64(try reader.int()),
                        modified: Int64(try reader.int()), changed: Int64(try reader.int())))
            }
            return page
        }
        try reader.finish()
        return pages
    }
}
