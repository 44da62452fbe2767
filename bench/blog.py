"""Markdown benchmark: a code-heavy blog of 20,000 posts built by sitegen and by Hugo, in one run.

The blog is made of real text, not generated words: each post is prose from the project's
seed articles and docs, and two or three fenced blocks of real code cut from files on a Debian
machine and in this repository (Python's standard library, C headers, this project's Swift,
JavaScript, CSS and shell), tagged with their language, about 4 KB a post (80 MB at 20,000), as
a TIL blog's are. The same folder is Hugo's `content/` (with a `hugo.toml` beside it) and
sitegen's source, so both read the very same files, and both highlight the code: Hugo with
Chroma (its default), sitegen with KDE's engine.

sitegen builds with every default (item pages, search, tags, feed, sitemap); Hugo renders the
posts, the paginated home, the tags and its feed and sitemap. They take turns, --runs times
each, on a RAM disk by default (the programs, not the file system); each keeps its best time
and its peak RSS (GNU time). Prints a Markdown table with the ratios.

    python3 bench/blog.py [--posts 20000] [--dir /dev/shm/sitegen-blog] [--runs 2]

Needs Debian's hugo (`bash .ci/install --bench`) and a release build of sitegen
(`swift build -c release --product sitegen`).
"""
import argparse
import glob
import os
import random
import shutil
import subprocess
import sys

from build import timed

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SITEGEN = os.path.join(ROOT, ".build", "release", "sitegen")

# Real code by language: (fence name, files to cut blocks from).
CODE = [
    ("python", "/usr/lib/python3*/*.py"),
    ("c", "/usr/include/*.h"),
    ("swift", os.path.join(ROOT, "Sources", "*", "*.swift")),
    ("javascript", os.path.join(ROOT, "Sources", "SitegenAssets", "*.js")),
    ("css", os.path.join(ROOT, "Templates", "*.css")),
    ("sh", os.path.join(ROOT, ".ci", "*")),
    ("python", os.path.join(ROOT, "bench", "*.py")),
    ("cpp", os.path.join(ROOT, "Sources", "CHighlight", "*.cpp")),
]
PROSE = [os.path.join(ROOT, "..", "shared", "seeds", "*.txt"), os.path.join(ROOT, "docs", "*", "*.md")]

HUGO_CONFIG = """baseURL = "http://127.0.0.1/"
title = "bench"
paginate = 30
[markup.goldmark.renderer]
unsafe = false
"""

# Hugo's templates: the home's paginated list, a post, and a term's list, as sitegen writes them.
HUGO_LAYOUTS = {
    "index.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head><body><ol>
{{ $pager := .Paginate .Site.RegularPages }}
{{ range $pager.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <time>{{ .Date.Format "Jan 2, 2006" }}</time> {{ .Summary | plainify | truncate 240 }}</li>
{{ end }}</ol>
{{ if $pager.HasPrev }}<a rel="prev" href="{{ $pager.Prev.URL }}">prev</a>{{ end }}
{{ if $pager.HasNext }}<a rel="next" href="{{ $pager.Next.URL }}">next</a>{{ end }}
</body></html>
""",
    "_default/single.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>
<article><h1>{{ .Title }}</h1><time>{{ .Date.Format "Jan 2, 2006" }}</time>{{ range .Params.tags }} <a href="/tags/{{ . | urlize }}/">#{{ . }}</a>{{ end }}
{{ .TableOfContents }}{{ .Content }}</article>
{{ with .PrevInSection }}<a rel="prev" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
{{ with .NextInSection }}<a rel="next" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
</body></html>
""",
    "_default/list.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><ol>
{{ $pager := .Paginate .Pages }}
{{ range $pager.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
{{ end }}</ol></body></html>
""",
}


def texts(patterns, at_least=200):
    files = sorted(f for p in patterns for f in glob.glob(p) if os.path.isfile(f))
    out = []
    for f in files:
        try:
            out.append(open(f, encoding="utf-8").read())
        except (UnicodeDecodeError, OSError):
            pass
    return [t for t in out if len(t) >= at_least]


def write_blog(folder, posts, seed=1):
    """The blog's `content/posts/*.md`, `hugo.toml` and layouts under `folder`; deterministic."""
    rng = random.Random(seed)
    code = [(fence, texts([pattern])) for fence, pattern in CODE]
    code = [(fence, files) for fence, files in code if files]
    paragraphs = [p.strip() for t in texts(PROSE) for p in t.split("\n\n")]
    paragraphs = [" ".join(p.split()) for p in paragraphs if 200 <= len(p) <= 900 and not p.startswith(("#", "|", "```", "-", "<"))]
    content = os.path.join(folder, "content", "posts")
    os.makedirs(content, exist_ok=True)
    total = 0
    for n in range(posts):
        day = 1_420_070_400 + n * 15_000  # from 2015, a post every four hours or so
        fences = rng.sample(code, k=min(len(code), rng.choice([2, 3])))
        words = rng.choice(paragraphs).split()
        title = "".join(c for c in " ".join(words[:rng.randint(4, 8)]) if c not in "*_`[]()\"\\").strip(".,:; ")
        body = [rng.choice(paragraphs)]
        for i, (fence, files) in enumerate(fences):
            source = rng.choice(files).splitlines()
            start = rng.randrange(max(1, len(source) - 40))
            block = "\n".join(source[start:start + rng.randint(10, 30)]).replace("```", "'''")
            body.append(f"## Step {i + 1}: {fence}\n\n{rng.choice(paragraphs)}\n\n```{fence}\n{block}\n```")
        body.append(rng.choice(paragraphs))
        tags = ", ".join(sorted({fence for fence, _ in fences}))
        import datetime
        date = datetime.datetime.fromtimestamp(day, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        text = f'---\ntitle: "{title.replace(chr(34), "")}"\ndate: {date}\ntags: [{tags}]\n---\n' + "\n\n".join(body) + "\n"
        # Template code would be run by Hugo (a shortcode inside fenced code too) and left as
        # text by sitegen: broken up, so both build the same words.
        text = text.replace("{{", "{ {").replace("{%", "{ %")
        total += len(text.encode())
        with open(os.path.join(content, f"post-{n:05d}.md"), "w") as f:
            f.write(text)
    with open(os.path.join(folder, "hugo.toml"), "w") as f:
        f.write(HUGO_CONFIG)
    for name, text in HUGO_LAYOUTS.items():
        path = os.path.join(folder, "layouts", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--posts", type=int, default=20_000)
    parser.add_argument("--dir", default="/dev/shm/sitegen-blog")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    if not os.access(SITEGEN, os.X_OK):
        sys.exit("build sitegen first: swift build -c release --product sitegen")
    hugo = shutil.which("hugo")
    if not hugo:
        sys.exit("Hugo is missing: bash .ci/install --bench")
    version = subprocess.run([hugo, "version"], capture_output=True, text=True).stdout.split()[1]
    site = os.path.join(args.dir, f"blog-{args.posts}")
    if not os.path.exists(os.path.join(site, "hugo.toml")):
        shutil.rmtree(site, ignore_errors=True)
        size = write_blog(site, args.posts)
    else:
        size = sum(os.path.getsize(f) for f in glob.glob(os.path.join(site, "content", "posts", "*.md")))
    results = {"sitegen": [], "hugo": []}
    for run in range(args.runs):
        for tool in ["sitegen", "hugo"]:
            out = os.path.join(args.dir, f"out-{tool}")
            shutil.rmtree(out, ignore_errors=True)
            if tool == "sitegen":
                command = [SITEGEN, "build", "--source", os.path.join(site, "content"), "--output", out, "--quiet"]
                results[tool].append(timed(command))
            else:
                results[tool].append(timed([hugo, "--quiet", "-s", site, "-d", out]))
            pages = sum(1 for _ in glob.glob(os.path.join(out, "**", "*.html"), recursive=True))
            print(f"  run {run + 1} {tool}: {results[tool][-1][0]:.1f} s, {results[tool][-1][1] / 1024:.0f} MiB, {pages} pages",
                  file=sys.stderr)
    s_time, s_mib = min(r[0] for r in results["sitegen"]), max(r[1] for r in results["sitegen"]) / 1024
    h_time, h_mib = min(r[0] for r in results["hugo"]), max(r[1] for r in results["hugo"]) / 1024
    spans = open(glob.glob(os.path.join(args.dir, "out-sitegen", "posts", "*", "index.html"))[0]).read().count("<span class=")
    print(f"{args.posts:,} posts, {size / 1e6:.0f} MB of Markdown, on {args.dir} (best of {args.runs}; peak of the runs)\n")
    print("| | wall | peak RSS |")
    print("| --- | --- | --- |")
    print(f"| sitegen (every default, highlighted) | {s_time:.1f} s | {s_mib:.0f} MiB |")
    print(f"| Hugo {version} (Chroma) | {h_time:.1f} s | {h_mib:.0f} MiB |")
    print(f"| sitegen / Hugo | {s_time / h_time:.2f} (bar: 0.25) | {s_mib / h_mib:.3f} (bar: 0.10) |")
    print(f"\n(a sitegen post page holds {spans} highlighted tokens)")


if __name__ == "__main__":
    main()
