import Foundation
import SitegenSystem

/// When each file of a folder in a git repository was first committed: a TIL blog or a docs
/// folder often keeps its dates in git alone. One `git log` over the folder's history (after
/// asking whether the clone is shallow), and `rev-parse HEAD` for the build's stamp: the only
/// times sitegen runs git. A folder outside a repository, a file never committed, or no
/// git on the machine: no date, as before.
enum GitDates {
    /// Path under `folder` → Unix seconds of the commit that added it (its author date). None
    /// in a shallow clone (a CI checkout's default, one commit deep), where every file would
    /// seem added by the last commit and every undated story would be new at every build.
    static func firstCommits(in folder: String) -> [String: Int] {
        guard let shallow = git(["-C", folder, "rev-parse", "--is-shallow-repository"]),
            String(decoding: shallow, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "false"
        else { return [:] }
        // Files added and renamed, by path relative to the folder, NUL-separated (any name),
        // newest commit first; a renamed file keeps the date its old name was added.
        return git([
            "-C", folder, "log", "--format=%x01%at", "--name-status", "-z", "-M", "--diff-filter=AR", "--relative", "--", ".",
        ]).map(parse) ?? [:]
    }

    /// The commit the folder's repository is at, and whether the clone is shallow: what the
    /// dates above depend on. nil outside a repository.
    static func head(of folder: String) -> String? {
        git(["-C", folder, "rev-parse", "HEAD", "--is-shallow-repository"]).map { String(decoding: $0, as: UTF8.self) }
    }

    /// git's output, or nil when it fails (no git, not a repository).
    private static func git(_ arguments: [String]) -> [UInt8]? {
        BlockingExecutor.willBlock("GitDates: waits for git")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(data) : nil
    }

    /// `git log --format=%x01%at --name-status -z` read: a commit is `\u{1}<seconds>\0`, then
    /// `\nA\0<path>\0` for an added file (`\n` before the first), `R<score>\0<old>\0<new>\0`
    /// for a renamed one; newest commit first, so they are replayed from the oldest.
    static func parse(_ output: [UInt8]) -> [String: Int] {
        var commits: [(time: Int, changes: [[String]])] = []
        var tokens = output.split(separator: 0, omittingEmptySubsequences: true).map { token -> String in
            String(decoding: token.first == UInt8(ascii: "\n") ? token.dropFirst() : token[...], as: UTF8.self)
        }[...]
        while let token = tokens.popFirst() {
            if token.first == "\u{1}" {
                commits.append((Int(token.dropFirst()) ?? 0, []))
            } else if !commits.isEmpty {
                // A status, then its one path (added) or two (renamed or copied).
                let paths = token.first == "R" || token.first == "C" ? 2 : 1
                commits[commits.count - 1].changes.append([token] + tokens.prefix(paths))
                tokens = tokens.dropFirst(paths)
            }
        }
        var dates: [String: Int] = [:]
        for commit in commits.reversed() {
            for change in commit.changes where change.count >= 2 {
                let path = change[change.count - 1]
                let first = change.count == 3 ? dates[change[1]] : nil
                if dates[path] == nil || first != nil { dates[path] = first ?? commit.time }
            }
        }
        return dates
    }
}
