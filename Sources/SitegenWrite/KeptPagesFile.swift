import SitegenRender
import SitegenSystem

/// The bytes of `.<name>.pages` (`KeptPages`): a first line naming the format, a second the
/// settings stamp, then the number of records and each record. Numbers are 8 bytes, little
/// endian; a text is its length then its UTF-8. A record: its files (count, then each path),
/// its inputs, its answers (count, then each link and, after a 0 or 1, the page), its links,
/// ids, removed and capped (each a count of texts), and its files' versions (count, then each
/// path and five numbers: device, inode, size, modified, changed).
///
/// Read back with every length checked against what is left: a file cut short or written by
/// something else is `Malformed`, never a crash or a read past its end.
enum KeptPagesFile {
    static let format = "sitegen kept pages 1\n"

    struct Malformed: Error {}

    struct Writer {
        private(set) var bytes: [UInt8] = []

        init(header settings: String) {
            bytes.append(contentsOf: Array(KeptPagesFile.format.utf8))
            bytes.append(contentsOf: Array(settings.utf8))
            bytes.append(UInt8(ascii: "\n"))
        }

        mutating func add(count: Int) { add(UInt64(count)) }

        mutating func add(_ number: UInt64) {
            withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func add(_ text: String) {
            add(count: text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func add(_ texts: [String]) {
            add(count: texts.count)
            for text in texts { add(text) }
        }

        mutating func add(_ page: KeptPages.Page) {
            add(page.files)
            add(page.inputs)
            add(count: page.answers.count)
            for answer in page.answers {
                add(answer.link)
                if let target = answer.page {
                    bytes.append(1)
                    add(target)
                } else {
                    bytes.append(0)
                }
            }
            add(page.links)
            add(page.ids)
            add(page.removed)
            add(page.capped)
            add(count: page.versions.count)
            for file in page.versions {
                let version = file.version
                add(file.path)
                for number in [
                    version.device, version.inode, UInt64(bitPattern: version.size),
                    UInt64(bitPattern: version.modified), UInt64(bitPattern: version.changed),
                ] {
                    add(number)
                }
            }
        }
    }

    struct Reader {
        private let bytes: [UInt8]
        private var at = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The settings stamp, after the format's line.
        mutating func header() throws -> String {
            let format = Array(KeptPagesFile.format.utf8)
            guard bytes.count >= format.count, Array(bytes[0..<format.count]) == format else { throw Malformed() }
            at = format.count
            guard let end = bytes[at...].firstIndex(of: UInt8(ascii: "\n")) else { throw Malformed() }
            defer { at = end + 1 }
            return String(decoding: bytes[at..<end], as: UTF8.self)
        }

        mutating func number() throws -> UInt64 {
            guard bytes.count - at >= 8 else { throw Malformed() }
            var value: UInt64 = 0
            for k in 0..<8 { value |= UInt64(bytes[at + k]) << (8 * k) }
            at += 8
            return value
        }

        /// A count of things each at least a byte long: never more than the bytes left.
        mutating func count() throws -> Int {
            let n = try number()
            guard n <= UInt64(bytes.count - at) else { throw Malformed() }
            return Int(n)
        }

        mutating func text() throws -> String {
            let n = try count()
            defer { at += n }
            return String(decoding: bytes[at..<at + n], as: UTF8.self)
        }

        mutating func texts() throws -> [String] {
            try (0..<(try count())).map { _ in try text() }
        }

        mutating func flag() throws -> Bool {
            guard at < bytes.count, bytes[at] <= 1 else { throw Malformed() }
            defer { at += 1 }
            return bytes[at] == 1
        }

        mutating func page() throws -> KeptPages.Page {
            let files = try texts()
            let inputs = try number()
            let answers = try (0..<(try count())).map { _ in
                let link = try text()
                return LinkAnswer(link: link, page: try flag() ? try text() : nil)
            }
            var page = KeptPages.Page(
                files: files, inputs: inputs, answers: answers, links: try texts(), ids: try texts(), removed: try texts(),
                capped: try texts())
            page.versions = try (0..<(try count())).map { _ in
                let path = try text()
                let numbers = try (0..<5).map { _ in try number() }
                return KeptPages.KeptFile(
                    path: path,
                    version: FileVersion(
                        device: numbers[0], inode: numbers[1], size: Int64(bitPattern: numbers[2]),
                        modified: Int64(bitPattern: numbers[3]), changed: Int64(bitPattern: numbers[4])))
            }
            return page
        }

        /// Nothing after the last record.
        func finish() throws {
            guard at == bytes.count else { throw Malformed() }
        }
    }
}
