import CHighlight
import Foundation

/// Code highlighted at build time, with no script in the page: KDE's syntax-highlighting
/// engine (the one Kate and KDevelop use, some 300 languages' definitions kept by KDE) through
/// `CHighlight`. The only file that calls it; what it gives back is freed here.
///
/// The HTML is the code, escaped, with each token in `<span class="xx">`: xx is one of Kate's
/// 30 default styles by the two letters pandoc gives them (`kw` keyword, `st` string, `co`
/// comment, `fu` function, `dt` data type, …), so a theme styles every language with one short
/// list of classes (the built-in theme's style.css has both schemes).
public enum CodeHighlight {
    /// The code's HTML, or nil when `language` names no language the engine knows (then the
    /// block stays plain, as cmark writes it).
    public static func html(_ code: String, language: String) -> String? {
        guard !code.isEmpty, let name = definitionName(language) else { return nil }
        var length = 0
        var code = code
        let result = code.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                chars.baseAddress.flatMap { sitegen_highlight(name, $0, chars.count, &length) }
            }
        }
        guard let result else { return nil }
        defer { free(result) }
        return String(decoding: UnsafeRawBufferPointer(start: result, count: length), as: UTF8.self)
    }

    /// The language a fence's info string names, as the engine looks it up (a definition's
    /// name in any case, or a file extension): its first word, without the braces and dot of
    /// pandoc's `{.python}` or what follows a comma (`rust,ignore`), through `aliases`. Nil
    /// for none and for plain text.
    static func definitionName(_ info: String) -> String? {
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first.map(String.init) ?? ""
        let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: "{}.")).lowercased()
        guard !bare.isEmpty, !plainText.contains(bare) else { return nil }
        return aliases[bare] ?? bare
    }

    /// Names authors write on fences (GitHub's linguist aliases among them) that are neither a
    /// definition's name nor an extension its files have.
    static let aliases: [String: String] = [
        "shell": "bash", "console": "bash", "shell-session": "bash", "shellsession": "bash", "sh": "bash",
        "golang": "go", "docker": "dockerfile", "containerfile": "dockerfile", "objc": "objective-c",
        "py3": "python", "python3": "python", "js": "javascript", "node": "javascript", "ts": "typescript",
        "yml": "yaml", "md": "markdown", "rs": "rust", "kt": "kotlin", "rb": "ruby", "cs": "c#", "csharp": "c#",
        "f#": "fsharp", "ps1": "powershell", "pwsh": "powershell", "patch": "diff", "make": "makefile",
        "ini": "ini files", "bat": "ms-dos batch", "cmd": "ms-dos batch", "ocaml": "objective caml",
        "postgres": "sql (postgresql)", "postgresql": "sql (postgresql)", "mysql": "sql (mysql)",
        "hcl": "terraform", "tf": "terraform", "proto": "protobuf", "jsonc": "json", "json5": "json",
        "vue": "html", "svelte": "html",
    ]

    /// Fences that say their block is text: nothing to highlight.
    static let plainText: Set<String> = ["text", "txt", "plain", "plaintext", "none", "output", "nohighlight"]
}
