import SitegenModel

/// Deploy skew: carries the previous generations' manifest parts, shards and assets into the new
/// output, and records which generations it holds.
extension SiteWriter {
    /// Keeps up to `keep` previous generations besides `current`; returns the record written.
    /// A generation whose parts are gone from the previous output is dropped from the record.
    @discardableResult
    package func keepGenerations(current: Generation, keep: Int) throws -> [Generation] {
        let recorded = Generations.parse(String(decoding: output.previous.read(Generations.recordFile) ?? [], as: UTF8.self))
        var record = [current]
        for generation in Generations.next(current: current, previous: recorded, keep: keep).dropFirst() {
            let folder = "m/\(generation.build)"
            let parts = output.previous.files(in: folder).filter { $0.hasSuffix(".json") }
            guard !parts.isEmpty else { continue }
            for part in parts {
                output.keep(part)
                for name in ManifestPartNames.shardNames(in: output.previous.read(part) ?? []) {
                    output.keep(SitePaths.shardFile(name))
                }
            }
            for asset in generation.assets { output.keep(asset) }
            record.append(generation)
        }
        try output.write(Generations.text(record), to: Generations.recordFile)
        return record
    }
}
