"""A Markdown story's page as a reader meets it, in real Chromium with JavaScript off (an item
page has no script): a `#fragment` link lands on its heading, GitHub's alerts show their kind,
and the text after a heading is the text's own, whole (not the row's one-line meta style)."""
import os

from conftest import run_sitegen

POST = """---
title: Moving a blog to sitegen
date: 2025-06-26
---
Jump to [the steps](#install-sitegen-on-linux) or [the last part](#what-is-left).

> [!WARNING]
> Back up `Public/` first.

## Install `sitegen` on Linux

This paragraph follows a heading and is long enough to wrap on a phone and on a desktop alike: it says that the
paragraph after a heading of a story's text is a paragraph of the text, not the row's line of points and author,
which is one line and clipped with an ellipsis.

""" + "\n\n".join(f"Filler paragraph {i}, so that the page scrolls." for i in range(60)) + """

## What is left

The end.
"""


def test_fragments_land_on_headings_alerts_show_and_text_after_a_heading_wraps(workdir, serve, reader):
    content = os.path.join(workdir, "md-pages", "content")
    os.makedirs(content, exist_ok=True)
    open(os.path.join(content, "moving.md"), "w").write(POST)
    out = os.path.join(workdir, "md-pages", "out")
    run_sitegen("build", "--source", content, "--output", out)
    server = serve(out)
    r = reader(rtt_ms=0, kbps=0, javascript=False, viewport={"width": 360, "height": 780})
    page = r.open(server.url)
    page.click(".row h2 a")
    page.wait_for_load_state("load")
    # The alert: its kind as its title, the quote's text inside.
    assert page.inner_text(".markdown-alert-warning .markdown-alert-title") == "Warning"
    assert "Back up" in page.inner_text(".markdown-alert-warning")
    # The paragraph after the heading wraps: several lines, nothing clipped.
    box = page.evaluate("""() => {
        const p = document.querySelector('#install-sitegen-on-linux + p');
        return {lines: p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight || 20),
                clipped: p.scrollWidth > p.clientWidth, whiteSpace: getComputedStyle(p).whiteSpace};
    }""")
    assert box["whiteSpace"] == "normal" and not box["clipped"] and box["lines"] > 2, box
    # A link to a fragment scrolls its heading to the top.
    page.click("text=the steps")
    page.wait_for_function("() => location.hash == '#install-sitegen-on-linux'")
    top = page.evaluate("() => document.getElementById('install-sitegen-on-linux').getBoundingClientRect().top")
    assert abs(top) < 2, top
    assert r.errors == []


def png(width, height):
    """A real PNG of one colour, `width` × `height`: what a post's screenshot is to a browser."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x80\x40\x20" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


RAW = """---
title: A TIL with a screenshot
date: 2024-03-01
---
Before the picture.

<img src="shot.png" alt="The settings page" width="120" onerror="document.title='pwned'">

Press <kbd>Ctrl</kbd>+<kbd>K</kbd>.

<details>
<summary>The whole output</summary>

Hidden *until opened*.

</details>

<script>document.title = 'pwned'</script>

<iframe src="https://www.youtube.com/embed/abc" title="The talk"></iframe>

<div></article></main><p>After the stray end tags.</p>
"""


def test_raw_html_shows_its_pictures_and_details_and_runs_nothing(workdir, serve, reader):
    content = os.path.join(workdir, "md-raw", "content", "til")
    os.makedirs(content, exist_ok=True)
    open(os.path.join(content, "index.md"), "w").write(RAW)
    open(os.path.join(content, "shot.png"), "wb").write(png(40, 30))
    out = os.path.join(workdir, "md-raw", "out")
    summary = run_sitegen("build", "--source", os.path.dirname(content), "--output", out)
    assert "3 unsafe parts of raw HTML removed from 1 Markdown page" in summary, summary
    server = serve(out)
    r = reader(rtt_ms=0, kbps=0, javascript=True, viewport={"width": 360, "height": 780})
    page = r.open(server.url + "til/")
    page.wait_for_load_state("load")
    state = page.evaluate("""() => {
        const img = document.querySelector('.text img');
        return {title: document.title, width: img.naturalWidth, shown: img.getBoundingClientRect().width,
                alt: img.alt, keys: [...document.querySelectorAll('.text kbd')].map(k => k.textContent),
                talk: document.querySelector('.text a[href^="https://www.youtube.com"]').textContent,
                after: document.querySelector('article.document .text').textContent.includes('After the stray end tags.')};
    }""")
    assert state["width"] == 40 and state["shown"] == 120 and state["alt"] == "The settings page", state
    assert state["keys"] == ["Ctrl", "K"] and state["talk"] == "The talk" and state["after"], state
    assert "pwned" not in state["title"], state
    # The details open on a tap, with their Markdown rendered inside.
    assert not page.is_visible("text=until opened")
    page.click("summary")
    assert page.inner_text("details em") == "until opened"
    assert r.errors == []
