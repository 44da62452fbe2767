/// What `sitegen serve` holds still between rebuilds. The server was started on the first
/// build's output folder, base path and port, and watches the first build's files: a config
/// edit that moves them would leave open pages on a site the server does not serve, or edits
/// that rebuild nothing.
extension BuildSettings {
    /// These settings with the output folder, base path and port set back to `first`'s, and one
    /// line for each that had changed since (or, for the source, templates and pages, which are
    /// built from at once, that watching them needs a restart). Every rebuild says it again
    /// until the restart: a note printed once scrolls away under the rebuilds' lines.
    public func pinned(to first: BuildSettings) -> (settings: BuildSettings, notes: [String]) {
        var settings = self
        var notes: [String] = []
        func keep<Value: Equatable>(_ key: String, _ path: WritableKeyPath<BuildSettings, Value>, _ shown: (Value) -> String) {
            guard settings[keyPath: path] != first[keyPath: path] else { return }
            notes.append(
                "\(key) is now \(shown(settings[keyPath: path])); serving \(shown(first[keyPath: path])) until sitegen serve is restarted"
            )
            settings[keyPath: path] = first[keyPath: path]
        }
        keep("output", \.output) { $0 }
        keep("base_url", \.options.baseURL) { $0 }
        keep("port", \.port) { String($0) }
        for (key, now, before, unset) in [
            ("source", source, first.source, "the sample"), ("templates", templates, first.templates, "the built-in theme"),
            ("pages", pages, first.pages, "no pages"),
        ] where now != before {
            notes.append("\(key) is now \(now ?? unset); built from it, watched after sitegen serve is restarted")
        }
        return (settings, notes)
    }
}
