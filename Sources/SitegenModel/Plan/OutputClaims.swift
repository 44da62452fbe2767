/// The places in the output that stories' pages, their bundles' files and redirect pages have
/// taken, so that no two land on one: a page's folder where a bundle's file is (`post/a.svg/`
/// beside the file `post/a.svg`), a file where a folder is, or two files of one name. Names are
/// compared without case, as case-insensitive disks (macOS, Windows) and some object stores'
/// tools would merge them. Pure.
public struct OutputClaims: Sendable {
    /// Files taken, lowercased, relative to the output ("post/a.svg").
    private var files: Set<String> = []
    /// Folders that hold something taken, lowercased, each ending in "/" ("post/").
    private var folders: Set<String> = []

    public init() {}

    /// Whether a file may go at `path` (relative, no leading "/"): nothing is there yet, no
    /// folder is there, and no file stands where one of its folders must be.
    public func isFree(file path: String) -> Bool {
        let key = path.lowercased()
        guard !files.contains(key), !folders.contains(key + "/") else { return false }
        var folder = key[...]
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if files.contains(String(folder)) { return false }
        }
        return true
    }

    /// Takes `path` for a file when it is free; false (and nothing taken) when it is not.
    @discardableResult
    public mutating func claim(file path: String) -> Bool {
        guard isFree(file: path) else { return false }
        let key = path.lowercased()
        files.insert(key)
        var folder = key[...]
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            // Once a folder is held, so are those above it.
            guard folders.insert(String(folder) + "/").inserted else { break }
        }
        return true
    }
}
