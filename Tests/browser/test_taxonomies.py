"""A term's list (tags/<term>/) as a reader meets it, in real Chromium: the same table view as the
site's list, filled from the term's own shards with exactly the rows its static pages hold, its
URL following the reader through the term's own pages; a term on one page asks for nothing."""
import os
import re

import pytest

from conftest import run_sitegen
from pagejs import wait_filled

ROW_PX = 56
BIG = 300  # stories tagged "big": ten pages of thirty


@pytest.fixture(scope="module")
def tagged_site(workdir):
    """600 Markdown posts: every other one tagged big, three tagged small, a few in a category."""
    content = os.path.join(workdir, "tagged-content")
    os.makedirs(content, exist_ok=True)
    for n in range(600):
        tags = (["big"] if n % 2 == 0 else []) + (["small"] if n in (5, 50, 500) else [])
        day = f"2020-01-01T00:{n // 60:02d}:{n % 60:02d}Z"
        with open(os.path.join(content, f"post-{n}.md"), "w") as f:
            f.write(f"---\ntitle: Post {n}\ndate: {day}\ntags: [{', '.join(tags)}]\n---\nBody {n}.\n")
    out = os.path.join(workdir, "tagged-site")
    run_sitegen("build", "--source", content, "--output", out)
    return out


def static_ids(site, folder, pages):
    """The data-ids the term's static pages hold, in the list's order: the front, then the
    pages from the newest numbered one (pages - 1) down to page 1 (docs/internals/format.md)."""
    ids = []
    for n in range(pages, 0, -1):
        path = os.path.join(site, folder, "index.html" if n == pages else f"page/{n}/index.html")
        ids += re.findall(r'<article class="row"[^>]* data-id="(\d+)"', open(path).read())
    return ids


def test_a_term_list_fills_from_its_own_shards_with_the_rows_of_its_static_pages(tagged_site, serve, reader):
    server = serve(tagged_site)
    expected = static_ids(tagged_site, "tags/big", 10)
    assert len(expected) == BIG
    r = reader(rtt_ms=20, kbps=0)
    page = r.open(server.url + "tags/big/")
    # (The table view starts in the task after the first frame, which may come after `load`.)
    page.wait_for_function("() => document.querySelector('[role=feed]').style.height")
    # The whole term's length; the heading says which term it is.
    assert page.evaluate("() => document.querySelector('[role=feed]').offsetHeight") == BIG * ROW_PX
    assert page.inner_text("h1") == "Tagged big"
    seen = {}
    for step in range(0, BIG * ROW_PX, 600):
        page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {step})")
        wait_filled(page)
        for rank, id in page.evaluate("""() => [...document.querySelectorAll('[role=feed] > article[data-id]')]
            .map(a => [+a.getAttribute('aria-posinset'), a.dataset.id])"""):
            seen[rank] = id
    assert [seen.get(rank) for rank in range(1, BIG + 1)] == expected
    # The term's shards and its own manifest, never the site's list's pages or another term's.
    assert any("/s/" in u for u in r.finished)
    assert not [u for u in r.finished if "/page/" in u or "/tags/small" in u]
    # The address follows the reader through the term's own pages.
    page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {100 * ROW_PX})")
    # (Row 100 of 300 is on page 7: pages are numbered from the oldest.)
    page.wait_for_url("**/tags/big/page/7/", timeout=3000)
    assert r.errors == []


def test_a_term_on_one_page_asks_for_nothing(tagged_site, serve, reader):
    server = serve(tagged_site)
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url + "tags/small/")
    page.mouse.wheel(0, 400)
    page.wait_for_timeout(500)
    ranks = page.eval_on_selector_all("[role=feed] > article[data-id]", "as => as.map(a => +a.getAttribute('aria-posinset'))")
    assert ranks == [1, 2, 3]
    assert [u for u in r.finished if "/s/" in u or "/m/" in u] == []
    assert r.errors == []


def test_with_javascript_off_a_term_reads_page_by_page_and_the_index_links_every_term(tagged_site, serve, reader):
    server = serve(tagged_site)
    r = reader(javascript=False, rtt_ms=0, kbps=0)
    page = r.open(server.url + "tags/")
    assert page.eval_on_selector_all(".terms li", "ls => ls.map(l => l.innerText)") == ["big 300 stories", "small 3 stories"]
    page.click("text=big")
    page.wait_for_url("**/tags/big/")
    page.click("a[rel=next]")
    page.wait_for_url("**/tags/big/page/9/")
    ids = page.eval_on_selector_all("[role=feed] article", "as => as.map(a => a.dataset.id)")
    assert ids == static_ids(tagged_site, "tags/big", 10)[30:60]
    # A post's page links its terms' lists (its row says its day and summary).
    page.click("[role=feed] article h2 a")
    page.wait_for_load_state("load")
    page.click(".byline a[rel=tag]")
    page.wait_for_url("**/tags/big/")
