import Foundation
import SitegenSource
import SitegenSystem

extension Build {
    /// The stamp of a build of `request` from a source whose stamp is `source`: a hash of it and
    /// of everything else the output depends on (every setting, the theme's and the site
    /// pages' files, the sitegen binary itself), so two builds with one stamp write the same
    /// output. Reads the theme and pages folders: called off the cooperative pool.
    static func stamp(_ request: BuildRequest, source: String) -> String {
        var parts = [
            "sitegen build stamp 1", source, request.source.name, request.output, String(describing: request.options),
            String(describing: request.shardRule), String(describing: request.searchRule), "\(request.strict)",
            "\(request.refuseActiveFiles)", request.templates ?? "-", request.pages ?? "-",
            fileStamp("/proc/self/exe") ?? "-",
        ]
        for folder in [request.templates, request.pages].compactMap({ $0 }) {
            let names = ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
            for name in names {
                let path = (folder as NSString).appendingPathComponent(name)
                parts.append(
                    name + " " + (FileManager.default.contents(atPath: path).map { ContentHash.hex(of: Array($0)) } ?? "-"))
            }
        }
        return ContentHash.hex(of: Array(parts.joined(separator: "\n").utf8))
    }
}
