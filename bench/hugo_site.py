"""Writes a Hugo site holding the same stories as a sitegen JSON array file, for bench/build.sh.

Hugo gets its best shot, as the project's issue 8 prescribes: one Markdown file a story with front
matter (title, link, score, by, weight = rank), `paginate = 30`, item pages kept out of the build
with `_build: {render: never, list: always}` (set once through a cascade in the section's
_index.md), and a home template that calls `.Paginate .Site.RegularPages` directly (a `where`
filter inside a paginated template makes Hugo quadratic). The list page shows the same fields a
sitegen row does.

    python3 bench/hugo_site.py stories.json hugo-site/
"""
import json
import os
import sys

CONFIG = """baseURL = "http://127.0.0.1/"
title = "bench"
paginate = 30
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.goldmark.renderer]
unsafe = false
"""

HOME = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head><body>
<ol>
{{ $pager := .Paginate .Site.RegularPages }}
{{ range $pager.Pages }}<li><article><a href="{{ .Params.link }}">{{ .Title }}</a> <span>{{ .Params.score }} points by {{ .Params.by }}</span></article></li>
{{ end }}
</ol>
{{ if $pager.HasPrev }}<a rel="prev" href="{{ $pager.Prev.URL }}">prev</a>{{ end }}
{{ if $pager.HasNext }}<a rel="next" href="{{ $pager.Next.URL }}">next</a>{{ end }}
</body></html>
"""

SECTION = """---
title: stories
cascade:
  _build:
    render: never
    list: always
---
"""


def quote(text):
    return json.dumps(text, ensure_ascii=False)


def main():
    source, out = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as f:
        items = json.load(f)
    os.makedirs(os.path.join(out, "layouts"), exist_ok=True)
    os.makedirs(os.path.join(out, "content", "stories"), exist_ok=True)
    with open(os.path.join(out, "config.toml"), "w") as f:
        f.write(CONFIG)
    with open(os.path.join(out, "layouts", "index.html"), "w") as f:
        f.write(HOME)
    with open(os.path.join(out, "content", "stories", "_index.md"), "w") as f:
        f.write(SECTION)
    for rank, item in enumerate(items, 1):
        if not item or item.get("dead") or item.get("deleted") or not item.get("title"):
            continue
        lines = ["---", f"title: {quote(item['title'])}", f"weight: {rank}"]
        if item.get("url"):
            lines.append(f"link: {quote(item['url'])}")
        lines.append(f"score: {item.get('score', 0)}")
        lines.append(f"by: {quote(item.get('by', ''))}")
        lines.append("---")
        with open(os.path.join(out, "content", "stories", f"{item['id']}.md"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
