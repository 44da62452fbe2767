/// How a Markdown page's headings get their ids: each generator has its own rule, and the
/// `#fragment` links its authors wrote follow it.
public enum HeadingIDStyle: Sendable, Equatable {
    /// GitHub's (`github-slugger`): Hugo's default, and Jekyll's with kramdown's GFM input (its
    /// default): `I'd` → `id`, `TOML 1.1` → `toml-11`.
    case github
    /// Zola's (its `slugify.anchors = "on"`, the default): letters transliterated to ASCII,
    /// every run of anything else one `-`: `I'd` → `i-d`, `TOML 1.1` → `toml-1-1`.
    case zola
    /// kramdown's own (a Jekyll site whose `kramdown: input:` is `kramdown`): ASCII letters,
    /// digits, spaces and `-` kept, from the first letter on; spaces `-`; `section` when none.
    case kramdown
}
