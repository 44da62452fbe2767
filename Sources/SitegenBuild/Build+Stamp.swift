import Foundation
import SitegenSource
import SitegenSystem

extension Build {
    /// The stamp of a build of `request` from a source whose stamp is `source`: a hash of it and
    /// of the build's settings stamp, so two builds with one stamp write the same output.
    static func stamp(_ request: BuildRequest, source: String, settings: String) -> String {
        ContentHash.hex(of: Array(["sitegen build stamp 2", source, request.source.name, settings].joined(separator: "\n").utf8))
    }

    /// A hash of everything the output depends on but the source's stories: every setting, the
    /// theme's and the site pages' files, the sitegen binary itself. What `KeptPages` heads its
    /// file with: pages made under other settings are never kept. Reads the theme and pages
    /// folders: called off the cooperative pool.
    static func settingsStamp(_ request: BuildRequest) -> String {
        var parts = [
            "sitegen settings stamp 1", request.output, String(describing: request.options),
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
