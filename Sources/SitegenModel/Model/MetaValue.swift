/// A value of a Markdown story's front matter, as written: what a theme's templates see as
/// `meta` (`{{meta.description}}`, `{{#meta.tags}}{{.}}{{/meta.tags}}`).
public indirect enum MetaValue: Sendable, Equatable {
    /// A scalar, as written (a TOML or JSON number or boolean, as its text).
    case text(String)
    case list([MetaValue])
    case map([String: MetaValue])
    /// `~`, `null`, or nothing after the colon.
    case null
}
