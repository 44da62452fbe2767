"""The list as a table view, in real Chromium: only rows near the viewport exist, yet every row
of a million is reachable; the keyboard moves through the feed (WAI-ARIA feed pattern); the
focused row survives; the back-forward cache keeps the page."""
import pytest

from conftest import CHROMIUM
from pagejs import LAYOUT_SHIFT, VISIBLE_ROWS, wait_filled

pytest_plugins = ("sites",)

ROW_PX = 56
FOCUSED = """() => { const e = document.activeElement; return e ? [e.tagName, e.getAttribute('aria-posinset'), e.closest('[role=feed]') !== null, e.isConnected] : null }"""
AFTER_FEED = """() => !!(document.querySelector('[role=feed]').compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING)
  && !document.querySelector('[role=feed]').contains(document.activeElement)"""
BEFORE_FEED = """() => !!(document.querySelector('[role=feed]').compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_PRECEDING)"""


def test_page_down_and_up_move_focus_between_articles_and_control_end_leaves_the_feed(build, serve, reader):
    server = serve(build())
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    page.focus("[role=feed] > article[aria-posinset='1']")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageUp")
    assert page.evaluate(FOCUSED)[:3] == ["ARTICLE", "2", True]
    # From a link inside an article too, and on past the rows that existed at load.
    page.focus("[role=feed] > article[aria-posinset='2'] a")
    for _ in range(40):
        page.keyboard.press("PageDown")
    assert page.evaluate(FOCUSED)[:2] == ["ARTICLE", "42"]
    assert 42 in [rank for rank, _, _ in page.evaluate(VISIBLE_ROWS)], "the focused row is in view"
    page.keyboard.press("Control+End")
    assert page.evaluate(AFTER_FEED), page.evaluate(FOCUSED)
    # (Control+End went to the pager at the page's end; the rows there are the list's last.)
    page.evaluate("() => scrollTo(0, 0)")
    page.focus("[role=feed] > article[aria-posinset='3']")
    page.keyboard.press("Control+Home")
    assert page.evaluate(BEFORE_FEED), page.evaluate(FOCUSED)
    assert not r.errors


def test_a_skip_link_appears_on_focus_and_leads_past_the_list(build, serve, reader):
    server = serve(build())
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    skip = page.locator("a.skip")
    assert skip.bounding_box()["width"] <= 1, "hidden until focused"
    # The first Tabs from the page's start: the home link, the search box, then the skip link.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.name") == "q"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.className") == "skip"
    assert skip.bounding_box()["width"] > 20, "visible on focus"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate(AFTER_FEED), page.evaluate(FOCUSED)


def test_the_focused_row_is_kept_when_the_reader_scrolls_far_away(build, serve, reader):
    server = serve(build())
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    page.focus("[role=feed] > article[aria-posinset='5']")
    for _ in range(10):
        page.evaluate(f"() => scrollBy(0, {150 * ROW_PX})")
        page.wait_for_timeout(30)
    wait_filled(page)
    page.wait_for_timeout(300)
    assert page.evaluate(FOCUSED) == ["ARTICLE", "5", True, True]
    # Far rows are gone, but not that one; and Page Down from it brings the reader back.
    assert page.evaluate("() => document.querySelectorAll('[role=feed] > article').length") <= 120
    page.keyboard.press("PageDown")
    assert page.evaluate(FOCUSED)[:2] == ["ARTICLE", "6"]
    wait_filled(page)
    assert 6 in [rank for rank, _, _ in page.evaluate(VISIBLE_ROWS)]
    assert not r.errors


def test_the_feed_is_busy_while_rows_in_view_load(build, serve, reader):
    server = serve(build())
    r = reader()
    page = r.open(server.url)
    assert page.get_attribute("[role=feed]", "aria-busy") == "false"
    page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {5000 * ROW_PX})")
    page.wait_for_selector("[role=feed][aria-busy=true]", state="attached", timeout=2000)
    wait_filled(page)
    page.wait_for_selector("[role=feed][aria-busy=false]", state="attached", timeout=2000)


@pytest.fixture
def bfcache_browser(browser):
    """Chromium with its back-forward cache on (Playwright turns it off by default)."""
    other = browser.browser_type.launch(executable_path=CHROMIUM, args=["--no-sandbox"], ignore_default_args=["--disable-back-forward-cache"])
    yield other
    other.close()


def test_requests_in_flight_do_not_keep_the_page_from_the_back_forward_cache(build, serve, bfcache_browser):
    server = serve(build())
    server.delay = 0.5  # every shard is still on its way when the reader leaves
    server.cache_control = "no-cache"
    context = bfcache_browser.new_context(viewport={"width": 1000, "height": 800})
    context.add_init_script("addEventListener('pageshow', e => { window.__persisted = e.persisted })")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url, wait_until="load")
    page.evaluate("() => { window.__kept = 1 }")
    page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {3000 * ROW_PX})")
    page.wait_for_timeout(200)
    top = page.evaluate(VISIBLE_ROWS)[0][0]
    page.goto(server.url + "page/2/", wait_until="load")
    # (A page restored from the cache gets pageshow, not load.)
    page.go_back(wait_until="commit")
    page.wait_for_function("() => window.__persisted !== undefined")
    # The same document, restored, where the reader was, and it carries on filling.
    reasons = page.evaluate("() => JSON.stringify(performance.getEntriesByType('navigation')[0].notRestoredReasons)")
    assert page.evaluate("() => [window.__kept, window.__persisted]") == [1, True], reasons
    assert page.evaluate(VISIBLE_ROWS)[0][0] == top
    server.delay = 0
    wait_filled(page)
    assert not errors
    context.close()


def test_at_a_million_rows_the_scrollbar_is_the_list(million_site, serve, reader):
    server = serve(million_site)
    r = reader()
    page = r.open(server.url)
    assert page.evaluate("() => document.getElementsByTagName('*').length") <= 1500
    # 40 % of the scrollbar is 40 % of the list.
    page.evaluate("() => scrollTo(0, 0.4 * (document.scrollingElement.scrollHeight - innerHeight))")
    wait_filled(page, timeout=10)
    ranks = [rank for rank, _, _ in page.evaluate(VISIBLE_ROWS)]
    assert abs(ranks[0] - 400_000) <= 10_000, ranks
    # Reading on with the wheel moves the rows 1:1 (not 7 rows a wheel step), and a pause
    # brings the scrollbar back to where the rows are without moving them.
    for _ in range(10):
        page.mouse.wheel(0, 112)
        page.wait_for_timeout(40)
    page.wait_for_timeout(400)
    moved = page.evaluate(VISIBLE_ROWS)[0][0] - ranks[0]
    assert 18 <= moved <= 22, moved
    fraction = page.evaluate("() => scrollY / (document.scrollingElement.scrollHeight - innerHeight)")
    row = page.evaluate(VISIBLE_ROWS)[0][0]
    assert abs(fraction * 1_000_000 - row) <= 1_000, (fraction, row)
    assert page.evaluate(LAYOUT_SHIFT) < 0.01
    # The end is the last row, filled.
    page.keyboard.press("End")
    # (End scrolls smoothly: wait for the end before looking.)
    page.wait_for_function("() => scrollY + innerHeight >= document.scrollingElement.scrollHeight - 1")
    wait_filled(page, timeout=10)
    assert page.evaluate(VISIBLE_ROWS)[-1][0] == 1_000_000
    assert not r.errors


def test_at_a_million_rows_back_lands_on_row_500000(million_site, serve, reader):
    server = serve(million_site)
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url + "page/16667/")  # rows 499,981–500,010
    wait_filled(page, timeout=10)
    page.evaluate(f"() => scrollBy(0, {20 * ROW_PX})")
    wait_filled(page, timeout=10)
    page.wait_for_timeout(400)
    top = page.evaluate(VISIBLE_ROWS)[0][0]
    assert 500_000 <= top <= 500_010
    assert page.url.endswith("/page/16667/")
    link = page.evaluate("() => location.href")
    page.goto(server.url, wait_until="load")
    page.go_back(wait_until="load")
    assert page.url == link
    wait_filled(page, timeout=10)
    # The browser restores the scroll after `load`, and the rows there fill after it: wait
    # for the row to come back to the top (it never does, and this times out, if the page
    # does not keep its place).
    page.wait_for_function(f"() => ({VISIBLE_ROWS})()[0]?.[0] == {top}", timeout=10000)
    assert page.evaluate(VISIBLE_ROWS)[0][0] == top
    assert not r.errors
