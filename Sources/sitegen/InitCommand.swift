import ArgumentParser
import Foundation
import SitegenBuild
import SitegenModel

/// `sitegen init <dir>`: a new site that builds at once.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a new site: sitegen.toml, Templates/, sample stories in content/, pages/about.md.",
        discussion: """
            The folder may exist but must not hold any of the files init writes.

            Example:
              sitegen init my-site && cd my-site && sitegen serve
            """
    )

    @Argument(help: ArgumentHelp("The folder to make the site in.", valueName: "dir"))
    var folder: String

    @Option(name: .long, help: ArgumentHelp("The site's title. Default: the folder's name.", valueName: "text"))
    var title: String?

    func run() throws {
        let manager = FileManager.default
        let name = URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
        let files = SiteScaffold.files(title: title ?? name)
        let taken = files.map(\.path).filter { manager.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
        guard taken.isEmpty else {
            FileHandle.standardError.write(
                Data("error: \(folder): already holds \(taken.joined(separator: ", ")); nothing was written\n".utf8))
            throw ExitCode.failure
        }
        do {
            for file in files {
                let path = (folder as NSString).appendingPathComponent(file.path)
                try manager.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(folder): cannot write: \(error.localizedDescription)\n".utf8))
            throw ExitCode.failure
        }
        print("Made a new site in \(folder). Next: cd \(folder) && sitegen serve")
    }
}
