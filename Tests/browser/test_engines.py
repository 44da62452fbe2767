"""The reader's list in Firefox (over WebDriver BiDi) and WebKit (WebKitGTK over WebDriver),
against sites served on 127.0.0.1 with no network emulation (engines.py says how each is
driven): rows fill where the reader scrolls or jumps to, every row of a million-row list is
reachable, search finds a word's stories and reads later ones from the list's pages, and no
script error is seen.

Times on this project's machine (2 cores, other builds running): Firefox starts in 2–4 s, a
MiniBrowser in about 1 s; the million-row site takes 80–105 s to generate and build with the
debug binary (sites.py), once per session; the file runs in about 100 s with it, and in about
3 minutes when the million-row checks fail (each waits out its 10 s). With 10,000 rows in the
document, WebKit spends about a second on layout after each fill, so there a jump fills in
about 2 s (Firefox: 0.2 s).
"""
import json
import os
import re
import time

import pytest

from engines import ENGINES, wait_filled
from server import SiteServer
import searchindex

pytest_plugins = ("sites",)
# Selenium warns about its own internals.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

# The feed's geometry: its top in the document and one row's height (rows are one height).
GEOMETRY = """() => {
  const feed = document.querySelector('[role=feed]'), row = feed.querySelector('article');
  return { top: feed.getBoundingClientRect().top + scrollY, row: row.getBoundingClientRect().height };
}"""


@pytest.fixture(scope="module", params=sorted(ENGINES))
def browser(request):
    # (A module-scoped parameter: every test runs in one engine, then every test in the next.)
    b = ENGINES[request.param]()
    try:
        yield b
    finally:
        b.close()


@pytest.fixture
def page(browser):
    p = browser.new_page()
    try:
        yield p
    finally:
        p.close()


def served(site):
    """The URL of `site` served on 127.0.0.1 for as long as the fixture lives."""
    server = SiteServer(site)
    try:
        yield server.url
    finally:
        server.close()


@pytest.fixture(scope="module")
def site_url(engine_site):
    yield from served(engine_site)


@pytest.fixture(scope="module")
def million_url(million_site):
    yield from served(million_site)


def near(target, within):
    return lambda ranks: any(abs(r - target) <= within for r in ranks)


def test_rows_fill_as_the_reader_scrolls_down_a_few_screens(page, site_url):
    page.open(site_url)
    wait_filled(page)
    g = page.evaluate(GEOMETRY)
    page.evaluate("(n) => scrollBy(0, n * innerHeight)", 3)
    y = page.evaluate("() => scrollY")
    assert y >= 3 * 800 - 1
    # The row at the viewport's top, by arithmetic; the viewport shows it within a row or two.
    top = int((y - g["top"]) / g["row"]) + 1
    _, ranks = wait_filled(page, until=near(top, 2), want=f"row {top} at the top")
    assert ranks[0] in range(top - 1, top + 2), (top, ranks)
    assert page.errors() == []


def test_a_jump_to_the_middle_fills_there(page, site_url):
    page.open(site_url)
    wait_filled(page)
    page.evaluate("() => { const f = document.querySelector('[role=feed]'); scrollTo(0, f.offsetTop + 5000 * f.querySelector('article').offsetHeight) }")
    _, ranks = wait_filled(page, until=near(5001, 20), want="row 5001 at the top")
    assert any(abs(r - 5001) <= 2 for r in ranks), ranks
    assert page.errors() == []


def test_a_million_rows_at_40_percent_of_the_scrollbar_are_near_row_400000(page, million_url):
    page.open(million_url)
    wait_filled(page)
    page.evaluate("() => scrollTo(0, 0.4 * (document.scrollingElement.scrollHeight - innerHeight))")
    # Within 1 % of the list: the page's header and the pager under the feed move the arithmetic a little.
    _, ranks = wait_filled(page, until=lambda ranks: all(abs(r - 400_000) <= 10_000 for r in ranks), want="rows 390,000–410,000")
    assert page.errors() == []


def test_a_million_rows_reach_the_last_row(page, million_url):
    page.open(million_url)
    wait_filled(page)
    page.evaluate("() => scrollTo(0, document.scrollingElement.scrollHeight)")
    _, ranks = wait_filled(page, until=lambda ranks: 1_000_000 in ranks, want="row 1,000,000 among them")
    assert page.errors() == []


def test_the_error_check_sees_a_script_error(page, site_url):
    # The control: each engine's way of collecting errors sees an uncaught exception, an
    # unhandled rejection and a console.error.
    page.open(site_url)
    page.evaluate("""() => new Promise(done => {
      setTimeout(() => { throw new Error('probe one') });
      Promise.reject(new Error('probe two'));
      console.error('probe three');
      setTimeout(done, 200);
    })""")
    errors = page.errors()
    for probe in ("probe one", "probe two", "probe three"):
        assert any(probe in e for e in errors), (probe, errors)


def test_search_states_the_count_and_shows_rows_that_hold_the_word(page, site_url, engine_site):
    # A word with a screen of stories and more, from the index itself (the root, a directory
    # for a large index, a pack), in fewer than one story a page of 30 (so that its rows past
    # the packs' come from list pages).
    # (One whose first rows show it: a story whose text alone has a word ranks after those whose
    # title, author or domain do, and its row does not show the word.)
    shows = lambda w: all(w[0] in re.findall(r"\w+", re.sub(r"<[^>]*>", " ", r["html"]).lower()) for r in w[2])
    word, count = next(
        (word, sum(e[1] for _, e in held)) for word, held in sorted(searchindex.entries(engine_site).items())
        if 40 <= sum(e[1] for _, e in held) <= 300 and word.isalpha() and len(word) > 3
        and all(e[2] and shows(e) for _, e in held))
    page.open(site_url + "search/?q=" + word)
    deadline = time.monotonic() + 10
    while "with" not in page.evaluate("() => document.querySelector('[role=status]').textContent"):
        assert time.monotonic() < deadline, "no count stated"
        page.wait(0.05)
    assert page.evaluate("() => document.querySelector('[role=status]').textContent") == f"{count:,} stories with “{word}”"
    texts = page.evaluate("() => [...document.querySelectorAll('[role=feed] > article[data-id]')].map(a => a.textContent.toLowerCase())")
    assert len(texts) >= 5 and all(word in re.findall(r"\w+", t) for t in texts), texts
    # Past the rows the packs hold (16), rows come from the list's pages, parsed by the
    # engine's DOMParser (a failure there would fall back to shards, unseen but for this).
    geometry = page.evaluate(GEOMETRY)
    page.evaluate(f"() => scrollTo(0, {geometry['top'] + 17 * geometry['row']})")
    wait_filled(page, until=lambda ranks: ranks[0] >= 17, want="results 17 on")
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
    assert any(re.fullmatch(r"/(page/\d+/)?", p) for p in fetched) and not any("/s/" in p for p in fetched), fetched
    assert page.errors() == []
