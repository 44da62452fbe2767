"""A hostile corpus, built and read in real Chromium: XSS payloads in every field, javascript:,
data: and vbscript: URLs, nulls, deleted and dead items, missing and wrong-typed fields, 6 KB
titles, RTL text and emoji, duplicate ids; as a JSON file and as a Markdown story folder with
site pages. Every list page is scrolled through with the script filling rows, and every item and
site page opened: no dialog may open, no element may carry an on* attribute or a
javascript:/data:/vbscript: URL, no CSP violation and no page error may happen, and every valid
story must be on exactly one list page."""
import glob
import json
import os
import re
import subprocess
from xml.etree import ElementTree

from conftest import SITEGEN

PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "\"><svg onload=alert(1)>",
    "'><iframe src=javascript:alert(1)>",
    "</script><script>alert(1)</script>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "{{title}}{{{config}}}",
    "javascript:alert(1)",
    "<style>*{display:none}</style>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "\u0000<script>alert(1)</script>\u0000",
    "<!--<script>alert(1)//-->",
]
BAD_URLS = [
    "javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)", "//evil.example/x", "https://", "http://exa mple.com", "\\\\evil\\x", "javascript&colon;alert(1)",
    "&#106;avascript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>",
]
RTL = "مرحبا بالعالم \u202egnp.exe\u202c שלום 👩‍👩‍👧‍👦 🏳️‍🌈 e\u0301"


def payload(i):
    return PAYLOADS[i % len(PAYLOADS)]


def hostile_items():
    """The corpus, and the ids that must become rows, in rank order."""
    items = []
    for i in range(240):
        sid = 10_000 + i
        item = {"id": sid, "type": "story", "title": f"{payload(i)} #{i} {RTL if i % 5 == 0 else ''}", "by": payload(i + 1),
                "time": 1_700_000_000 - i * 60, "score": i, "descendants": i % 4}
        kind = i % 8
        if kind == 0:
            item["url"] = BAD_URLS[(i // 8) % len(BAD_URLS)]
        elif kind == 1:
            item["url"] = f"https://example.com/{payload(i)}?q=\"'<>"
        elif kind == 2:
            item["text"] = f"<p>{payload(i)}<a href=\"{BAD_URLS[i % len(BAD_URLS)]}\" onclick=alert(1)>link</a><p>" + payload(i + 3)
        elif kind == 3:  # wrong-typed optional fields: the story keeps its row
            item.update({"score": "abc", "time": "yesterday", "descendants": [], "by": 5, "url": 7, "text": {"x": 1}, "image": 3})
        elif kind == 4:
            item["image"] = BAD_URLS[i % len(BAD_URLS)]
        elif kind == 5:
            item["image"] = {"url": "data:image/png;base64,AAAA", "width": "\" onload=\"alert(1)", "height": None}
        elif kind == 6:
            item["title"] = ("<b onmouseover=alert(1)>" + "W" * 6000 + RTL)[:6200]
        else:
            item["title"] = "🙂" * 300 + payload(i)
            item["text"] = "<pre><code>" + payload(i) * 3 + "</code></pre>"
        items.append(item)
    valid = [it["id"] for it in items]
    bad = [
        None, None,
        {"id": 1, "type": "story", "title": "deleted " + payload(0), "deleted": True},
        {"id": 2, "type": "story", "title": "dead " + payload(1), "dead": True},
        {"id": 3, "type": "job", "title": "a job"},
        {"id": 4, "type": "story"},
        {"id": 5, "type": "story", "title": "   "},
        {"id": 6, "type": "story", "title": 12345},
        {"type": "story", "title": "no id " + payload(2)},
        {"id": "7", "type": "story", "title": "string id"},
        {"id": 10_000, "type": "story", "title": "duplicate of the first " + payload(3)},
        {"id": 10_001, "type": "story", "title": "another duplicate"},
        "just a string", 42, [],
    ]
    # Spread the bad entries through the list.
    out = []
    for n, item in enumerate(items):
        out.append(item)
        if n % 16 == 15 and bad:
            out.append(bad.pop())
    out.extend(bad)
    return out, valid


MARKDOWN_BODY = """# {p}

Text with {p} and [a bad link](javascript:alert(1)) and [data](data:text/html,x) and
![pic](data:image/svg+xml,<svg onload=alert(1)>) and <javascript:alert(1)> and [ok](/about/).

<script>alert(1)</script>
<img src=x onerror=alert(1)>

| {p} | b |
| - | - |
| <b onclick=alert(1)>x</b> | [x](vbscript:msgbox(1)) |

- [x] {rtl}
"""


def yaml_string(text):
    """A YAML double-quoted scalar: a JSON string is one, escapes and all."""
    return json.dumps(text, ensure_ascii=False)


def write_markdown_site(root):
    content, pages = os.path.join(root, "content"), os.path.join(root, "pages")
    os.makedirs(content)
    os.makedirs(pages)
    valid = 0
    for i in range(45):
        # Front matter is YAML, so hostile values are written as YAML strings, quotes and all;
        # a plain `key: <script>…` line would be invalid YAML in Jekyll or Hugo too.
        fields = [f"title: {yaml_string(f'{payload(i)} {i}')}", f"author: {yaml_string(payload(i + 1))}",
                  f"url: {yaml_string(BAD_URLS[i % len(BAD_URLS)])}", f"image: {yaml_string(BAD_URLS[(i + 3) % len(BAD_URLS)])}",
                  "date: 2026-11-20" if i % 2 else "date: never", "score: lots" if i % 3 else f"score: {i}"]
        with open(os.path.join(content, f"story-{i}.md"), "w") as f:
            f.write("---\n" + "\n".join(fields) + "\n---\n" + MARKDOWN_BODY.format(p=payload(i), rtl=RTL))
        valid += 1
    with open(os.path.join(content, "broken.md"), "w") as f:
        f.write("---\ntitle: broken\n<script>alert(1)</script>\n---\n")
    # No title: it takes the file name's words ("Untitled"), as Jekyll does.
    with open(os.path.join(content, "untitled.md"), "w") as f:
        f.write("---\nauthor: x\n---\nbody\n")
    valid += 1
    with open(os.path.join(pages, "about.md"), "w") as f:
        f.write("---\ntitle: \"About <script>alert(1)</script>\"\n---\n" + MARKDOWN_BODY.format(p=payload(2), rtl=RTL))
    with open(os.path.join(pages, "rtl.md"), "w") as f:
        f.write(f"---\ntitle: {yaml_string(RTL)}\n---\n{RTL}\n")
    return content, pages, valid


FIND_HOSTILE = r"""() => {
  const bad = [];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) bad.push(el.tagName + ' ' + a.name);
      if (/^\s*(javascript|data|vbscript):/i.test(a.value)) bad.push(el.tagName + ' ' + a.name + '=' + a.value.slice(0, 40));
    }
  }
  if (document.querySelectorAll('script:not([src]):not([type="application/json"])').length) bad.push('inline script');
  // (The one form is the header's search box, sitegen's own.)
  const forbidden = [...document.querySelectorAll('iframe, object, embed, svg, math, style, form, base')];
  if (forbidden.some(el => !el.matches('header.site > form.search[role=search]'))) bad.push('forbidden element');
  return bad;
}"""


def visit(r, url, scroll=False):
    page = r.open(url)
    if scroll:
        while page.evaluate("() => { const before = scrollY; scrollBy(0, 700); return scrollY > before; }"):
            page.wait_for_timeout(40)
        page.wait_for_timeout(400)
        assert page.evaluate("() => document.querySelectorAll('[role=feed] > article').length") > 0
        # The rows in view at the end were filled by the script from shards.
        busy = page.evaluate("""() => [...document.querySelectorAll('[role=feed] > article')]
            .filter(a => { const b = a.getBoundingClientRect(); return b.bottom > 0 && b.top < innerHeight; })
            .filter(a => a.getAttribute('aria-busy') === 'true').length""")
        assert busy == 0, url
    assert page.evaluate(FIND_HOSTILE) == [], url
    return page


def check_site(site, valid_ids, serve, reader, expect_item_pages, expect_site_pages=()):
    # Every valid story on exactly one static page, in rank order.
    # In the list's order: the front, then the pages numbered from the oldest, newest first.
    files = sorted(glob.glob(os.path.join(site, "page", "*", "index.html")), key=lambda p: -int(p.split(os.sep)[-2]))
    list_pages = [os.path.join(site, "index.html")] + files
    ids = []
    for path in list_pages:
        ids += [int(m) for m in re.findall(r'<article class="row"[^>]* data-id="(\d+)"', open(path, encoding="utf-8").read())]
    assert ids == valid_ids
    # Item pages: under item/<id>/, or, for a Markdown story, at its file's path: every page that
    # is not a list, the search page, a term's or a site page.
    not_items = {"page", "search", "tags", "categories", *expect_site_pages}
    item_pages = sorted(
        path for path in glob.glob(os.path.join(site, "**", "index.html"), recursive=True)
        if os.path.dirname(path) != site and os.path.relpath(path, site).split(os.sep)[0] not in not_items)
    assert len(item_pages) >= expect_item_pages
    # The feed and the sitemap are XML an XML parser accepts, whatever the titles and authors hold.
    feed = ElementTree.parse(os.path.join(site, "feed.xml")).getroot()
    assert feed.tag == "{http://www.w3.org/2005/Atom}feed"
    entries = feed.findall("{http://www.w3.org/2005/Atom}entry")
    assert len(entries) == min(20, len(valid_ids))
    for link in feed.iter("{http://www.w3.org/2005/Atom}link"):
        assert re.match(r"^(https?://|/)", link.get("href")), link.get("href")
    sitemap = ElementTree.parse(os.path.join(site, "sitemap.xml")).getroot()
    assert sitemap.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}urlset"

    server = serve(site)
    r = reader(rtt_ms=0, kbps=0)
    dialogs = []
    r.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    for n in range(len(list_pages), 0, -1):
        page = visit(r, server.url + ("" if n == len(list_pages) else f"page/{n}/"), scroll=True)
        filled = page.evaluate("() => [...document.querySelectorAll('[role=feed] > article:not([aria-busy=true])')].map(a => +a.dataset.id)")
        assert set(filled) <= set(valid_ids)
    for path in item_pages + [os.path.join(site, s, "index.html") for s in expect_site_pages]:
        rel = os.path.relpath(os.path.dirname(path), site)
        visit(r, server.url + rel + "/")
    assert dialogs == []
    assert r.page.evaluate("() => window.__csp") == []
    # A refused URL is dropped, but odd relative ones ("&#106;avascript:…" is a path) stay and
    # 404 on this server when they are a picture: a missing file, not a fault of the page.
    assert [e for e in r.errors if not e.startswith("Failed to load resource: the server responded with a status of 404")] == []


def test_hostile_json_corpus(workdir, serve, reader):
    items, valid = hostile_items()
    source = os.path.join(workdir, "hostile.json")
    with open(source, "w", encoding="utf-8") as f:
        json.dump(items, f, ensure_ascii=False)
    out = os.path.join(workdir, "site-hostile")
    result = subprocess.run([SITEGEN, "build", "--source", source, "--output", out, "--page-size", "25"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    summary = result.stdout
    assert f"{len(valid)} stories" in summary
    for words in ["2 null", "1 deleted", "1 dead", "1 not a story", "3 no title", "2 no id", "2 duplicate id", "3 malformed"]:
        assert words in summary, (words, summary)
    check_site(out, valid, serve, reader, expect_item_pages=60)


def test_hostile_markdown_folder_and_pages(workdir, serve, reader):
    root = os.path.join(workdir, "hostile-md")
    content, pages, valid = write_markdown_site(root)
    out = os.path.join(root, "out")
    result = subprocess.run([SITEGEN, "build", "--source", content, "--pages", pages, "--output", out, "--page-size", "10"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert f"{valid} stories" in result.stdout
    assert "Skipped 1: 1 malformed (broken.md line 3)" in result.stdout, result.stdout
    ids = []
    for path in [os.path.join(out, "index.html")] + sorted(glob.glob(os.path.join(out, "page", "*", "index.html")), key=lambda p: -int(p.split(os.sep)[-2])):
        ids += [int(m) for m in re.findall(r'data-id="(\d+)"', open(path, encoding="utf-8").read())]
    assert len(ids) == valid == len(set(ids))
    check_site(out, ids, serve, reader, expect_item_pages=valid, expect_site_pages=("about", "rtl"))
