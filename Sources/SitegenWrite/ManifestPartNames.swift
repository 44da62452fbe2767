import Foundation
import SitegenModel

/// Reads back the shard names a manifest part lists (docs/internals/format.md): what a kept generation
/// needs carried over besides the part itself.
package enum ManifestPartNames {
    /// The names in `shards` (`[first, count, "name", bytes]` each); [] for bytes that are not a
    /// manifest part. Only names that are a content hash are returned, so nothing read from disk
    /// can point outside `s/`.
    package static func shardNames(in json: [UInt8]) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let shards = object["shards"] as? [[Any]]
        else { return [] }
        return shards.compactMap { entry in
            guard entry.count > 2, let name = entry[2] as? String, Generations.isBuildID(name) else { return nil }
            return name
        }
    }
}
