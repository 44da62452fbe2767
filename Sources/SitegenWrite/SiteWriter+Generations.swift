import SitegenModel
import SitegenSystem

/// Deploy skew: carries the previous generations' manifest parts, shards and assets into the new
/// output, and records which generations it holds.
extension SiteWriter {
    /// Keeps up to `keep` previous generations besides `current`; returns the record written.
    /// A generation whose parts are gone from the previous output is dropped from the record.
    /// `threadListing` is the current generation's listing's bytes (`writeThreadListing`).
    @discardableResult
    package func keepGenerations(current: Generation, keep: Int, threadListing: [UInt8] = []) throws -> [Generation] {
        let recorded = Generations.parse(String(decoding: output.previous.read(Generations.recordFile) ?? [], as: UTF8.self))
        let written = Set(current.builds)
        var record: [Generation] = []
        for (index, var generation) in Generations.next(current: current, previous: recorded, keep: keep).enumerated() {
            if index > 0 {
                guard keepManifest(generation.build) else { continue }
                for asset in generation.assets { output.keep(asset) }
                if let root = generation.search, !keepSearchIndex(root) { generation.search = nil }
                if let listing = generation.threads, !keepThreads(listing, besides: threadListing) {
                    generation.threads = nil
                }
            }
            // A term list's manifest is kept with its site list's: its pages were served with
            // them. (One this build has too, it wrote already; one the previous output lacks is
            // dropped from the record.)
            generation.lists = generation.lists.filter { build in
                written.contains(build) || keepManifest(build)
            }
            record.append(generation)
        }
        try output.write(Generations.text(record), to: Generations.recordFile)
        return record
    }

    /// Carries a previous build's search index (every file its listing names) into the output;
    /// false when the previous output lacks the listing.
    private func keepSearchIndex(_ root: String) -> Bool {
        keepListed(SitePaths.searchListing(ofRoot: root), files: Generations.searchFiles(listed:))
    }

    /// Carries a previous build's threads' shards and manifests (every file its listing names
    /// that `current`, this build's listing, does not) into the output; false when the
    /// previous output lacks the listing.
    private func keepThreads(_ listing: String, besides current: [UInt8]) -> Bool {
        keepListed(listing) { Generations.threadFiles(listed: $0, besides: current) }
    }

    /// Carries a listing of the previous output and the files `files` reads in it into the
    /// output; false when the previous output lacks the listing.
    private func keepListed(_ listing: String, files: ([UInt8]) -> [String]) -> Bool {
        guard let text = output.previous.read(listing) else { return false }
        output.keep(listing)
        for file in files(text) { output.keep(file) }
        return true
    }

    /// The listing of this build's threads' files (`c/<name>.txt`, named by its content), for
    /// a later build to keep them: its path and bytes, nil when the build wrote none.
    package func writeThreadListing(_ files: [String]) throws -> (path: String, bytes: [UInt8])? {
        guard !files.isEmpty else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.reduce(0) { $0 + $1.utf8.count + 1 })
        // Sorted, for the next build's walk (`Generations.threadFiles(listed:besides:)`).
        for file in files.sorted() {
            bytes += file.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        let path = "c/" + ContentHash.hex(of: bytes) + ".txt"
        try output.writeContentNamed(bytes, to: path)
        return (path, bytes)
    }

    /// Carries a previous build's manifest parts and the shards they list into the output;
    /// false when the previous output has none.
    private func keepManifest(_ build: String) -> Bool {
        let parts = output.previous.files(in: "m/\(build)").filter { $0.hasSuffix(".json") }
        for part in parts {
            output.keep(part)
            for name in ManifestPartNames.shardNames(in: output.previous.read(part) ?? []) {
                output.keep(SitePaths.shardFile(name))
            }
        }
        return !parts.isEmpty
    }
}
