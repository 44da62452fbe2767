/// Pieces that mean something to HTML, URLs, JSON, Markdown or Mustache, for the property checks'
/// random strings: they hit the interesting paths far more often than random bytes would.
public enum HostilePieces {
    public static let all: [String] = [
        "<", ">", "\"", "'", "&", "=", "/", " ", "\n", "\t", "\u{0}", "\\", "`", "|", "-", "*", "_", "~", "[", "]", "(", ")",
        "!", "#", ":", "a", "p", "on", "onerror", "href", "src", "<a ", "<a href=\"", "</a>", "<p>", "<b>", "</b>",
        "<script>", "</script>", "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>", "<pre>", "<code>",
        "javascript:", "JAVASCRIPT:", "java\tscript:", "data:", "data:image/png;base64,AA", "vbscript:", "http://", "https://",
        "//", "www.", "example.com", "&#106;", "&amp;", "&lt;", "&colon;", "&#x6A;", "é", "e\u{301}", "🙂", "👩‍👩‍👧", "مرحبا",
        "\u{202E}", "\u{FEFF}", "{{", "}}", "[x](", "![i](", "](javascript:alert(1))", "](data:image/png;base64,AA)",
        "](mailto:a@example.com)", "](/ok)", "<javascript:x>", "<a href=javascript:x>", "- [x] ", "| - |", "```", "\n\n", "    ",
        "](", "![", "<!--", "-->", "<![CDATA[", "[^1]", "\n[^1]: ", "[^sitegen-config]", "\n[^sitegen-config]: ",
    ]
}
