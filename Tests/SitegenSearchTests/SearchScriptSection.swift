import Foundation
import SitegenTestSupport
import Testing

/// A piece of the search page's scripts for Node to run: the lines of
/// Sources/SitegenAssets/`file` after `// <name>:begin` (whose line goes on with a comment)
/// and before `// <name>:end`.
func searchScriptSection(_ name: String, in file: String = "search.js") throws -> String {
    let script = try String(
        contentsOf: SitegenExecutable.packageRoot.appendingPathComponent("Sources/SitegenAssets/" + file), encoding: .utf8)
    let start = try #require(script.range(of: "// \(name):begin"))
    let end = try #require(script.range(of: "// \(name):end"))
    let code = try #require(script[start.upperBound...].firstIndex(of: "\n"))
    return String(script[code..<end.lowerBound])
}
