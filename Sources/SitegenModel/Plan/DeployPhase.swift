/// When a file is put in place, in a deploy or a rebuild's commit (`OutputFolder`): a reader
/// must never get a page before the files it names, nor lose a
/// file a page it has open still names. So: files named by their content first (nothing names
/// them until the manifests and pages that do go up), then manifests (they name shards), then
/// pages and everything else (they name manifests, shards and assets), then the record of what
/// the store holds; deletions after all of it.
public enum DeployPhase: Int, Sendable, CaseIterable, Comparable {
    case contentNamed
    case manifests
    case pages
    case record

    /// Where the store keeps the rules its objects' headers were set by (`rules`).
    public static let rulesFile = "m/deploy.txt"
    /// Where the store keeps the token of the deploy that last changed it: a deploy that
    /// changes the store removes it first and writes a new one last, so a record of the store
    /// kept beside an output (`DeployRecord`) is trusted only while no other deploy, finished
    /// or stopped half-way, has changed the store since. (A file of its own, not a line of
    /// the rules: a sitegen before it compares the rules file whole.)
    public static let tokenFile = "m/deploy-token.txt"

    public static func of(_ key: String) -> DeployPhase {
        if key == Generations.recordFile || key == rulesFile || key == tokenFile {
            return .record
        }
        if SitePaths.isContentNamed(key) { return .contentNamed }
        if key.hasPrefix("m/") { return .manifests }
        return .pages
    }

    public static func < (a: DeployPhase, b: DeployPhase) -> Bool { a.rawValue < b.rawValue }
}
