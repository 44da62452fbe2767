/// What the user chose for this build: every value a flag (later a config file) can set.
public struct SiteOptions: Sendable, Equatable {
    /// Stories on each static page.
    public var pageSize: Int
    /// Path (or absolute URL) the site is served under, always ending in "/".
    public var baseURL: String
    public var title: String

    public init(pageSize: Int = 30, baseURL: String = "/", title: String = "sitegen") {
        self.pageSize = pageSize
        self.baseURL = baseURL
        self.title = title
    }
}
