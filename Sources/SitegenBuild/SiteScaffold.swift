import SitegenAssets
import SitegenConfig
import SitegenRender
import SitegenSource

/// What `sitegen init` writes: a config file, the built-in theme to edit, three Markdown stories
/// and an about page, so the new folder builds at once. Pure: file path → contents.
public enum SiteScaffold {
    public static func files(title: String) -> [(path: String, text: String)] {
        var files: [(String, String)] = [
            (SiteConfig.fileName, config(title: title)),
            (".gitignore", "Public/\n.Public.*\n.sitegen-cache/\n"),
            ("content/welcome.md", welcome),
            ("content/writing-stories.md", writing),
            ("content/publishing.md", publishing),
            ("pages/about.md", about),
        ]
        for name in Theme.names { files.append(("Templates/\(name).mustache", EmbeddedAssets.templates[name] ?? "")) }
        files.append(("Templates/style.css", EmbeddedAssets.stylesheet))
        files.append(("Templates/favicon.svg", EmbeddedAssets.favicon))
        return files
    }

    /// The new site's `sitegen.toml`: its title, its Markdown folder and output set, and every
    /// other key of the table commented out at its default (`SiteConfig.commentedFile`).
    package static func config(title: String, keys: [ConfigKey] = SiteConfig.keys) -> String {
        SiteConfig.commentedFile(
            setting: ["title": .string(title), "source": .string("content"), "output": .string("Public")], keys: keys)
    }

    package static let welcome = """
        ---
        title: Welcome to your new site
        date: 2026-01-03 09:00
        author: sitegen
        weight: 1
        ---
        This site was made by `sitegen init`. Run `sitegen serve` in its folder, open the address
        it prints, and edit anything: the page reloads by itself.

        - `content/` holds the stories, one Markdown file each.
        - `pages/` holds pages like *About*, linked from the header.
        - `Templates/` is the theme: Mustache templates, a stylesheet and a favicon.
        - `sitegen.toml` holds the settings.

        """

    package static let writing = """
        ---
        title: Writing a story
        date: 2026-01-02 09:00
        author: sitegen
        ---
        A story is a Markdown file with front matter between `---` lines: `title` (needed),
        `url`, `date`, `author`, `score`, `weight` and `image`. Its body becomes the story's own
        page, in GitHub Flavored Markdown.

        """

    static let publishing = """
        ---
        title: Publishing the site
        url: https://pages.github.com/
        date: 2026-01-01 09:00
        author: sitegen
        ---
        `sitegen build` writes the site into `Public/`: copy that folder to any static host. It
        holds a feed, a sitemap, robots.txt, a 404 page and a `_headers` file with cache rules.

        """

    package static let about = """
        ---
        title: About
        ---
        Say what this site is about here (`pages/about.md`).

        """
}
