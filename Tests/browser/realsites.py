"""Markdown sites shaped like the real ones search was found wrong on (issue 27), and the
reference search: a plain scan of every story's text by the rules docs/internals/format.md ("Words")
states, written here a third time (after SearchWords.swift and search.js) with Python's
`regex` engine, so the index and the page are held to the stated meaning, not to themselves.

- a TIL blog: titles and bodies, GitHub and Actions in the title, the body or both, raw HTML
  (screenshots), links whose targets hold words that are not text, code;
- a command reference in many languages: Chinese (文件 beside 中文 and 条件, which hold its
  characters apart), Korean (파일 inflected: 파일을, 파일이), Japanese, Arabic, English;
- a docs site: `render hook` and its neighbours (render-hooks, hooks that render);
- a release blog: "Announcing Rust 1.N.0", `1.88` beside `1.880` and `b[0] = 88;`, and the
  names `c++`, `c#`, `node.js`, `.net`.

Each story's id is in its front matter, so the reference names the rows the page shows.
"""
import os
import random
import unicodedata

import regex

CJK = (r"\u1100-\u11FF\u3040-\u30FF\u3130-\u318F\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7FF"
       r"\uF900-\uFAFF\U00020000-\U0002FA1F")
WORD = rf"(?:(?![{CJK}])[\p{{L}}\p{{N}}\p{{M}}])"
PART = rf"{WORD}+(?:['’]{WORD}+)*"
WORDS = regex.compile(rf"([{CJK}]+)|\.?{PART}(?:\.{PART})*(?:(?:\+\+|#)(?!{WORD}))?")
# A body's markup, which is not words: tags, entities, Markdown link targets.
MARKUP = regex.compile(r"<[^>]{0,1999}>|&[#A-Za-z0-9]{0,11};|\]\([^)]{0,1998}\)")
MAX_PREFIXES = 3


# The named entities a body's text decodes (BodyText.namedEntities); others are a space.
ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'", "nbsp": "\u00a0", "lsquo": "\u2018",
            "rsquo": "\u2019", "ldquo": "\u201c", "rdquo": "\u201d", "ndash": "\u2013", "mdash": "\u2014",
            "hellip": "\u2026"}


def plain(body):
    """A body's text: markup as a space, an entity that is a scalar's number (not 0) or a named
    one of ENTITIES as its character."""
    def text(match):
        markup = match.group(0)
        if not markup.startswith("&"):
            return " "
        name = markup[1:-1]
        if name in ENTITIES:
            return ENTITIES[name]
        try:
            value = int(name[2:], 16) if name[:2] in ("#x", "#X") else int(name[1:]) if name[:1] == "#" else 0
        except ValueError:
            return " "
        return chr(value) if 0 < value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF else " "
    return MARKUP.sub(text, body)


def fold(word):
    word = unicodedata.normalize("NFD", word.lower().replace("ς", "σ").replace("’", "'"))
    return unicodedata.normalize("NFC", "".join(c for c in word if not unicodedata.category(c).startswith("M")))


def words(text, query=False):
    """The words the index keeps for `text` (query=False), or those a query looks up."""
    out = []
    for match in WORDS.finditer(text):
        whole, run = match.group(0), match.group(1)
        if run:
            pairs = [a + b for a, b in zip(run, run[1:])]
            if query:
                out += [run] if len(run) == 1 else pairs
            else:
                out += list(run) + pairs
            continue
        if query:
            out.append(whole)
            continue
        body = whole[1:] if whole.startswith(".") else whole
        body = body[:-2] if body.endswith("++") else body[:-1] if body.endswith("#") else body
        parts = body.split(".")
        # A part, then its pieces between apostrophes when it has any.
        with_pieces = [w for part in parts for w in [part] + (regex.split("['’]", part) if regex.search("['’]", part) else [])]
        if whole == parts[0]:
            out += with_pieces
            continue
        leading = whole.startswith(".")
        prefixes = [("." if leading else "") + ".".join(parts[:j]) for j in range(1, len(parts)) if j >= 2 or leading]
        out += [whole] + prefixes[:MAX_PREFIXES] + with_pieces
    return [w for w in map(fold, out) if w]


def story_words(story):
    body = plain(story["body"])
    return set(words(story["title"])) | set(words(story.get("author", ""))) | set(words(body))


def matches(stories, query):
    """The ids of the stories holding every word of `query`: the count a page must state."""
    wanted = words(query, query=True)
    return {s["id"] for s in stories if wanted and all(w in s["words"] for w in wanted)}


def phrase_matches(stories, query, text_of):
    """The ids of the stories holding every word of `query` whose title or text (`text_of(id)`:
    the site's `t/<id>.txt`) holds each of its phrases in double quotes, its words one after
    the other: a text's words as a query's are found (whole names, a CJK run's pairs), each
    standing for a phrase's word when the index finds that word in it (`rust 1.88` finds
    "Rust 1.88.0")."""
    phrases = [p for p in (words(m, query=True) for m in regex.findall(r'["“”„]([^"“”„]*)["“”„]', query)) if len(p) > 1]

    def tokens(text):
        return [set(words(w)) | {w} for w in words(text, query=True)]

    def holds(tokens, phrase):
        return any(all(w in tokens[k + j] for j, w in enumerate(phrase)) for k in range(len(tokens) - len(phrase) + 1))

    kept = set()
    for s in stories:
        if s["id"] not in matches([s], query):
            continue
        title, text = tokens(s["title"]), tokens(text_of(s["id"]))
        if all(holds(title, p) or holds(text, p) for p in phrases):
            kept.add(s["id"])
    return kept


def write_site(folder, stories):
    os.makedirs(folder, exist_ok=True)
    for s in stories:
        author = f"author: {s['author']}\n" if s.get("author") else ""
        with open(os.path.join(folder, s["file"]), "w", encoding="utf-8") as f:
            f.write(f"---\ntitle: \"{s['title']}\"\nid: {s['id']}\ndate: {s['date']}\n{author}---\n{s['body']}\n")
        s["words"] = story_words(s)
    return stories


def _date(rng, year=2020):
    return f"{year + rng.randrange(5)}-{1 + rng.randrange(12):02d}-{1 + rng.randrange(28):02d}"


def til_blog(folder, seed=1, count=160):
    """Titles like a TIL blog's; GitHub and Actions each in the title, the body, both or neither."""
    rng = random.Random(seed)
    subjects = ["Commit a file if it changed", "Running tests in parallel", "Caching dependencies",
                "Deploying a static site", "Scheduled workflows", "Reading environment variables",
                "Using SQLite in Python", "Debugging a flaky test", "Installing Node.js on Debian", "C++ build flags",
                "Publishing a .NET tool", "Formatting C# code"]
    sentences = ["This uses GitHub to store the data.", "The Actions workflow runs on every push.",
                 "I wrote a small script for it.", "See the documentation for details.",
                 "It saves a few minutes each day.", "The trick is to check the exit code first.",
                 "actions/checkout@v4 fetches the repository.", "Node.js 20 ships with it.",
                 "It compiles with c++ 17 and C# 12 on .NET 8.", "Nothing else changed."]
    stories = []
    for i in range(count):
        title = rng.choice(subjects)
        if rng.random() < 0.2:
            title = rng.choice(["GitHub Actions: ", "GitHub: ", "Actions: "]) + title
        body = " ".join(rng.choice(sentences) for _ in range(rng.randrange(2, 7)))
        if rng.random() < 0.3:
            body += '\n\n<img src="https://github.com/actions/screenshot.png" alt="GitHub Actions screenshot">\n'
        if rng.random() < 0.3:
            body += "\n\nMore in [the actions docs](https://docs.github.com/actions) &amp; elsewhere.\n"
        if rng.random() < 0.2:
            body += "\n\n```yaml\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n```\n"
        stories.append({"file": f"til-{i}.md", "id": 1000 + i, "title": title, "body": body, "date": _date(rng)})
    return write_site(folder, stories)


def command_reference(folder, seed=2):
    """Pages in Chinese, Korean, Japanese, Arabic and English, as a command reference has them."""
    rng = random.Random(seed)
    pages = {
        "zh": ["压缩文件和目录。", "列出目录中的文件。", "显示中文帮助。", "满足条件时执行命令。", "复制文件到目标目录。",
               "解压 zip 文件。", "按条件过滤输出。"],
        "ko": ["파일을 압축합니다.", "디렉토리의 파일이 표시됩니다.", "파일 목록을 출력합니다.", "프로파일을 만듭니다.",
               "명령을 실행합니다.", "압축 파일을 풉니다."],
        "ja": ["ファイルを圧縮します。", "ディレクトリを表示します。", "ファイル一覧を出力します。", "圧縮を解除します。"],
        "ar": ["ضغط الملفات والمجلدات.", "عرض محتويات الملف.", "نسخ الملفات."],
        "en": ["Compress files and directories.", "List the files of a directory.", "Copy files to a target."],
    }
    commands = ["tar", "zip", "ls", "cp", "find", "grep", "unzip", "gzip"]
    stories = []
    for i in range(240):
        lang = rng.choice(list(pages))
        command = rng.choice(commands)
        body = "\n\n".join(f"- {rng.choice(pages[lang])}\n\n`{command} {rng.choice(['-c', '-x', '-l'])} file`"
                           for _ in range(rng.randrange(1, 4)))
        stories.append({"file": f"{lang}-{command}-{i}.md", "id": 5000 + i, "title": f"{command}",
                        "body": body, "date": _date(rng, 2022)})
    return write_site(folder, stories)


def docs_site(folder, seed=3, count=120):
    """Docs pages about templates: render hooks beside hooks, rendering and render-hooks."""
    rng = random.Random(seed)
    titles = ["Render hooks", "Image render hooks", "Hooks", "Rendering content", "Link render-hooks", "Templates",
              "Shortcodes", "Partial templates", "Code block render hook"]
    sentences = ["A render hook overrides how Markdown is rendered.", "Hooks run before the page renders.",
                 "Use a render-hook template for links.", "The template receives the destination.",
                 "See the `render` function.", "This hook is called once per image.",
                 "Templates live in the layouts directory."]
    stories = []
    for i in range(count):
        body = "## Overview\n\n" + " ".join(rng.choice(sentences) for _ in range(rng.randrange(1, 6)))
        body += "\n\nSee [render hooks](/templates/render-hooks/#images) for more.\n"
        stories.append({"file": f"doc-{i}.md", "id": 7000 + i, "title": rng.choice(titles), "body": body,
                        "date": _date(rng, 2019), "author": rng.choice(["bep", "jmooring", "digitalcraftsman"])})
    return write_site(folder, stories)


def release_blog(folder, seed=4):
    """A release blog: 'Announcing Rust 1.N.0', versions in bodies, code that holds 88 alone."""
    rng = random.Random(seed)
    stories = []
    for n in range(60, 90):
        body = f"The Rust team is happy to announce a new version, Rust 1.{n}.0.\n\n"
        if n == 86:
            body += "```rust\nlet mut b = [0u8; 4];\nb[0] = 88;\n```\n"
        if n in (88, 89):
            body += "Rust 1.88.0 stabilized let chains.\n"
        if n == 70:
            body += "Release 1.880 of another crate is unrelated.\n"
        body += rng.choice(["Thanks to every contributor.", "Node.js bindings and C++ interop improved.",
                            "Tooling for .NET and C# users."])
        stories.append({"file": f"{n}.md", "id": 9000 + n, "title": f"Announcing Rust 1.{n}.0", "body": body,
                        "date": f"20{19 + (n - 60) // 8}-{1 + n % 12:02d}-15"})
    return write_site(folder, stories)


def news_site(folder, seed=5, count=150):
    """A news site: possessives and elisions written with ' and ’ in titles, and bodies with
    HN's entities (every apostrophe `&#x27;`, slashes `&#x2F;`), named ones and tags."""
    rng = random.Random(seed)
    titles = ["Google's new AI model", "Google’s antitrust case", "Why Google is hiring", "Apple's M5 chip",
              "L’homme qui plantait des arbres", "Aujourd'hui, la recherche", "Don't use regexes for HTML",
              "It’s time to leave", "O'Reilly closes its bookstore", "Rock’n’roll is here to stay", "Show HN: A tiny DB"]
    sentences = ["<p>I don&#x27;t think Google&#x27;s search got better.", "It&#39;s l&rsquo;homme du jour.",
                 "See &quot;the paper&quot; at <a href=\"https:&#x2F;&#x2F;example.com&#x2F;google\">example.com</a>.",
                 "Rock&rsquo;n&rsquo;roll &amp; blues.", "Nothing to see here.", "<i>Apple&apos;s</i> answer came late.",
                 "We rewrote it in a weekend."]
    stories = []
    for i in range(count):
        body = " ".join(rng.choice(sentences) for _ in range(rng.randrange(1, 5)))
        stories.append({"file": f"news-{i}.md", "id": 11000 + i, "title": rng.choice(titles), "body": body,
                        "date": _date(rng, 2024)})
    return write_site(folder, stories)
