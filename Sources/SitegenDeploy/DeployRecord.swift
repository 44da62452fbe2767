import Foundation
import SitegenModel
import SitegenSystem
import SitegenWrite

/// What the last deploy from an output left in its store, kept beside the output
/// (`.<output>.deployed`): every object it holds with its ETag, and for each of the output's
/// files the identity it had when it went up (device, inode, size, modification time) with the
/// object it became.
///
/// With it, the next deploy to the same store neither lists the store (some 220 requests at a
/// million stories) nor reads a file that is as it was (a build never rewrites a file whose
/// bytes are the same, and a file it rewrites gets a new inode): it costs what changed. It is
/// trusted only while the store says it is the one it describes: the deploy that listed the
/// store writes a random token into the store's `m/deploy.txt` and here, and a deploy from
/// another machine (or an older sitegen) writes another, or none. `--full` ignores it.
///
/// Why not the builds' changed-URL lists: a deploy may follow several builds, and a build
/// killed between its commit and its list would leave a change no list names. A file's
/// identity cannot miss one.
package struct DeployRecord: Sendable, Equatable {
    /// The store's `description` and endpoint, as the deploy was given them.
    package var target: String
    package var token: String
    package var precompress: Bool
    /// The output's files as they went up, by key.
    package var files: [String: File]
    /// Every object the store holds after the deploy, with its ETag.
    package var store: [String: String]

    package struct File: Sendable, Equatable {
        package var identity: String
        package var object: DeployObject
    }

    package static func path(of output: String) -> String { BesideOutput.path(of: output, "deployed") }

    /// The record beside `output`, or nil when there is none or it cannot be read (a deploy then
    /// lists the store, as the first one does).
    package static func read(output: String) -> DeployRecord? {
        guard let data = FileManager.default.contents(atPath: path(of: output)) else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// Removed before a deploy changes the store, so that one stopped half-way is never trusted.
    package static func remove(output: String) { unlink(path(of: output)) }

    package func write(output: String) throws {
        guard BesideOutput.writeWhole(Data(text.utf8), to: Self.path(of: output)) else {
            throw DeployError.writeFailed(path: Self.path(of: output), reason: "cannot write the record of the deploy")
        }
    }

    /// Lines of tab-separated fields: a header, then `f` for a file, `s` for an object of the store.
    package var text: String {
        var lines = ["sitegen deployed 1", "target\t\(target)", "token\t\(token)", "precompress\t\(precompress)"]
        for (key, file) in files.sorted(by: { $0.key < $1.key }) {
            let o = file.object
            lines.append(
                ["f", key, file.identity, o.md5, String(o.size), o.contentType, o.cacheControl, o.contentEncoding ?? ""]
                    .joined(separator: "\t"))
        }
        for (key, etag) in store.sorted(by: { $0.key < $1.key }) { lines.append("s\t\(key)\t\(etag)") }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func parse(_ text: String) -> DeployRecord? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { return nil }  // cut short: not trusted
        lines.removeLast()
        guard lines.count >= 4, lines[0] == "sitegen deployed 1" else { return nil }
        func value(_ line: Substring, _ name: String) -> String? {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 2 && fields[0] == name ? String(fields[1]) : nil
        }
        guard let target = value(lines[1], "target"), let token = value(lines[2], "token"),
            let precompress = value(lines[3], "precompress").flatMap(Bool.init)
        else { return nil }
        var record = DeployRecord(target: target, token: token, precompress: precompress, files: [:], store: [:])
        for line in lines.dropFirst(4) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("f", 8):
                guard let size = Int(fields[4]) else { return nil }
                record.files[fields[1]] = File(
                    identity: fields[2],
                    object: DeployObject(
                        key: fields[1], md5: fields[3], size: size, contentType: fields[5], cacheControl: fields[6],
                        contentEncoding: fields[7].isEmpty ? nil : fields[7]))
            case ("s", 3): record.store[fields[1]] = fields[2]
            default: return nil
            }
        }
        return record
    }

    /// A file's identity as the record keeps it (`fileStamp`: device, inode, size, modification
    /// time in nanoseconds); nil when it cannot be read.
    package static func identity(of path: String) -> String? { fileStamp(path) }
}
