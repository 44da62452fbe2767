import SitegenModel
import SitegenSystem

extension ManifestPlanner {
    /// The manifest, named by the content hash of its identity: planning says what a build is,
    /// the hash (a library, kept out of the pure model) names it.
    public static func manifest(shards: [ShardEntry], total: Int, partRows: Int = defaultPartRows) -> Manifest {
        let build = ContentHash.hex(of: identity(shards: shards, total: total, partRows: partRows).utf8)
        return manifest(shards: shards, total: total, partRows: partRows, build: build)
    }
}
