import Foundation
import Testing

/// Runs `git` in `folder` as of `date` (Unix seconds: its commits' author and committer
/// dates), with a name and an email of its own and no user configuration.
public func git(in folder: String, at date: Int = 0, _ arguments: [String], home: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
    process.environment = ["GIT_AUTHOR_DATE": "@\(date) +0000", "GIT_COMMITTER_DATE": "@\(date) +0000", "HOME": home]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments)")
}
