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
            guard output.previous.files(in: "m/\(generation.build)").contains(where: { $0.hasSuffix(".json") }) else { continue }
            // A term list's manifest is kept with its site list's: its pages were served with them.
            // (One this build has too, it wrote already.)
            for build in generation.builds where !current.builds.contains(build) {
                for part in output.previous.files(in: "m/\(build)") where part.hasSuffix(".json") {
                    output.keep(part)
                    for name in ManifestPartNames.shardNames(in: output.previous.read(part) ?? []) {
                        output.keep(SitePaths.shardFile(name))
                    }
                }
            }
            for asset in generation.assets { output.keep(asset) }
            record.append(generation)
        }
        try output.write(Generations.text(record), to: Generations.recordFile)
        return record
    }
}
