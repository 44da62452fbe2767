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
    page.click("text=read")
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
