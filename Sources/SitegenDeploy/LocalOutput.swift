import Crypto
import Foundation
import SitegenModel
import SitegenSystem

/// A finished output folder as a deploy reads it: every file a store should hold, with the MD5
/// and headers it should have there. Precompressed siblings (`.gz`, `.br`) are not objects of
/// their own: with `precompress`, a file's gzip sibling is sent in its place, marked
/// `Content-Encoding: gzip`.
package struct LocalOutput: Sendable {
    package let path: String
    package let objects: [DeployObject]
    /// Each object's file's identity (`DeployRecord.identity`, of the file sent), by key.
    package let identities: [String: String]
    /// How many files were read (the others were known, unchanged, from `known`).
    package let filesRead: Int

    /// - Parameter known: the last deploy's record of the output's files: a file whose identity
    ///   is the one recorded is not read again.
    package init(path: String, precompress: Bool, known: [String: DeployRecord.File] = [:]) throws {
        self.path = path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path + "/" + Generations.recordFile, isDirectory: &isFolder),
            !isFolder.boolValue
        else {
            throw DeployError.unreadable(
                path: path, reason: "no built site here (no \(Generations.recordFile)); run sitegen build first")
        }
        let files = Self.files(under: path)
        let all = Set(files)
        // sitegen's own bookkeeping (`OutputFolder.fileList`, a killed build's leftovers) is not
        // part of the site.
        let site = files.filter { !$0.hasPrefix(".sitegen-") && !$0.hasSuffix(".sitegen-new") }
        let keys = site.filter { file in
            // A sibling is skipped when its file is there: it goes up in the file's place, or not at all.
            !([".gz", ".br"].contains { file.hasSuffix($0) && all.contains(String(file.dropLast($0.count))) })
        }
        let found = try Parallel.mapThrowing(keys) { key -> (object: DeployObject, identity: String, read: Bool) in
            let encoded = precompress && all.contains(key + ".gz")
            let file = path + "/" + key + (encoded ? ".gz" : "")
            let identity = (DeployRecord.identity(of: file) ?? "") + (encoded ? " gzip" : "")
            if let known = known[key], known.identity == identity { return (known.object, identity, false) }
            let (contentType, cacheControl) = DeployPlanner.headers(of: key)
            let bytes = try Self.read(file)
            let object = DeployObject(
                key: key, md5: Self.md5(bytes), size: bytes.count, contentType: contentType, cacheControl: cacheControl,
                contentEncoding: encoded ? "gzip" : nil)
            return (object, identity, true)
        }
        objects = found.map(\.object)
        identities = Dictionary(uniqueKeysWithValues: found.map { ($0.object.key, $0.identity) })
        filesRead = found.count { $0.read }
    }

    /// The bytes the store gets for `object`.
    package func bytes(of object: DeployObject) throws -> [UInt8] {
        try Self.read(path + "/" + object.key + (object.contentEncoding == "gzip" ? ".gz" : ""))
    }

    static func read(_ file: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw DeployError.unreadable(path: file, reason: "cannot read")
        }
        return Array(data)
    }

    /// In hex, as stores give ETags.
    package static func md5(_ bytes: [UInt8]) -> String {
        SigV4.hex(md5Bytes(bytes))
    }

    package static func md5Bytes(_ bytes: [UInt8]) -> [UInt8] { Array(Insecure.MD5.hash(data: bytes)) }

    /// Every regular file under `root`, as paths relative to it, sorted.
    static func files(under root: String) -> [String] { FolderListing.files(under: root) }
}
