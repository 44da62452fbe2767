"""The prefetcher as a reader meets it, in real Chromium, against a site of 10,000 stories
served on 127.0.0.1 with 150 ms of round trip and 1.6 Mbps (Chromium's network emulation)."""
import gzip
import glob
import json
import os
import re
import time

import pytest

from conftest import STORIES, manifest_shards, page_count, page_of_row, page_path, page_rows
from pagejs import LAYOUT_SHIFT, SCROLL_AND_SAMPLE, VISIBLE_ROWS, wait_filled

ROW_PX = 56

# Elements in the document, and the stops Tab makes inside the feed.
ELEMENTS = "() => document.getElementsByTagName('*').length"
TAB_STOPS_IN_FEED = """() => [...document.querySelectorAll('[role=feed] :is(a[href], button, input, [tabindex])')]
  .filter(e => e.tabIndex >= 0).length"""

# Whether a filled row's rank (its ::before) ends before its padding, where the title starts.
RANK_CLEARS_TITLE = """() => {
  const a = document.querySelector('[role=feed] article[data-id]'), b = getComputedStyle(a, '::before');
  return parseFloat(b.left) + parseFloat(b.width) <= parseFloat(getComputedStyle(a).paddingLeft);
}"""


def settle(reader, quiet=1.0, timeout=15.0):
    """Waits until no request has finished for `quiet` seconds."""
    start = time.monotonic()
    seen = -1
    while time.monotonic() - start < timeout:
        n = len(reader.finished) + len(reader.failed)
        if n == seen:
            return
        seen = n
        reader.page.wait_for_timeout(quiet * 1000)
    raise AssertionError("the page never went quiet")


def test_with_javascript_off_every_page_reads_and_rel_next_works(build, serve, reader, story_ids):
    server = serve(build())
    r = reader(javascript=False, rtt_ms=0, kbps=0)
    page = r.open(server.url)
    ids = page.eval_on_selector_all("[role=feed] article", "as => as.map(a => +a.dataset.id)")
    # The front holds the newest rows down to page N's (pages are numbered from the oldest).
    front = page_rows(page_count())
    assert ids == story_ids[front.start:front.stop] and 30 <= len(ids) < 60
    page.click("a[rel=next]")
    page.wait_for_url(f"**/page/{page_count() - 1}/")
    ids = page.eval_on_selector_all("[role=feed] article", "as => as.map(a => +a.dataset.id)")
    rows = page_rows(page_count() - 1)
    assert ids == story_ids[rows.start:rows.stop]
    page.click("a[rel=next]")
    page.wait_for_url(f"**/page/{page_count() - 2}/")
    assert page.eval_on_selector_all("[aria-busy=true]", "as => as.length") == 0
    # Without the script the rows carry no rank: only the script knows the list's length now.
    assert page.eval_on_selector_all("[role=feed] article[aria-posinset]", "as => as.length") == 0


# Records every read of the layout (geometry, scroll position, viewport size), and whether it
# came while sitegen.js's top level ran (document.currentScript is then its element).
LAYOUT_READS = """(() => {
  window.__layoutReads = { top: [], later: 0 };
  const note = name => {
    if (document.currentScript?.src.includes('/sitegen.')) window.__layoutReads.top.push(name);
    else window.__layoutReads.later++;
  };
  const wrap = (object, name) => {
    for (let o = object; o; o = Object.getPrototypeOf(o)) {
      const d = Object.getOwnPropertyDescriptor(o, name);
      if (!d) continue;
      if (d.get) Object.defineProperty(o, name, { ...d, get() { note(name); return d.get.call(this); } });
      else Object.defineProperty(o, name, { ...d, value: function (...a) { note(name); return d.value.apply(this, a); } });
      return;
    }
  };
  for (const name of ['innerHeight', 'innerWidth', 'scrollY', 'scrollX', 'pageYOffset', 'pageXOffset']) wrap(window, name);
  wrap(Element.prototype, 'getBoundingClientRect');
  for (const name of ['offsetTop', 'offsetHeight', 'offsetWidth', 'clientHeight', 'scrollHeight']) wrap(HTMLElement.prototype, name);
})();"""


def test_the_script_reads_no_layout_as_it_runs_only_once_the_table_view_starts(build, serve, reader):
    # The deferred script can run before the browser first lays the page out; a read of the
    # layout then (innerHeight was one) makes the script's task lay out the whole page.
    server = serve(build())
    r = reader(init_script=LAYOUT_READS)
    page = r.open(server.url)
    page.wait_for_function("() => window.__layoutReads.later > 0")
    reads = page.evaluate("() => window.__layoutReads")
    assert reads["top"] == [], reads


# Resolves, the moment the script first makes a placeholder row (a mutation observer runs in
# the same task), with the rows' heights and the ::before content (the rank) of a placeholder
# and of a filled row; null if none is made within 10 s.
BUSY_ROWS_WATCH = """() => {
  const feed = document.querySelector('[role=feed]');
  window.__busyRows = new Promise(resolve => {
    const watch = new MutationObserver(() => {
      const busy = feed.querySelector(':scope > article[aria-busy=true]');
      if (!busy) return;
      watch.disconnect();
      const filled = feed.querySelector(':scope > article[data-id]');
      resolve({
        heights: [...new Set([...feed.children].map(a => a.offsetHeight))],
        ranks: [busy, filled].map(a => getComputedStyle(a, '::before').content),
      });
    });
    watch.observe(feed, { childList: true, subtree: true, attributes: true });
    setTimeout(() => { watch.disconnect(); resolve(null); }, 10000);
  });
}"""


def test_the_list_is_whole_length_but_only_rows_near_the_viewport_exist(build, serve, reader):
    server = serve(build())
    r = reader()
    page = r.open(server.url)
    # (The table view starts in the task after the first frame, which may come after `load`.)
    page.wait_for_function("() => document.querySelector('[role=feed]').style.height")
    # The feed is as tall as the whole list: the scrollbar is honest from the first frame.
    assert page.evaluate("() => document.querySelector('[role=feed]').offsetHeight") == STORIES * ROW_PX
    # But at load only the landing page's rows and the lookahead's (two screens) exist, and
    # the document is about the size of the static page's.
    ranks = page.eval_on_selector_all("[role=feed] > article", "as => as.map(a => +a.getAttribute('aria-posinset'))")
    assert ranks == list(range(1, len(ranks) + 1)) and 30 <= len(ranks) <= 60, ranks
    assert page.evaluate(ELEMENTS) <= 1500
    assert page.evaluate(TAB_STOPS_IN_FEED) <= 300
    assert page.evaluate(RANK_CLEARS_TITLE)
    # Further down, rows are made as they come near: placeholders of the same height while
    # their shard is on its way. A placeholder shows no rank: it is busy. (Past the landing
    # page's rows, but within a screen of them: rows a screen behind are kept.)
    # Looked at when the placeholders are made, not polled for: on a loaded machine a poll can
    # come after their shard has filled them.
    page.evaluate(BUSY_ROWS_WATCH)
    page.evaluate(f"() => scrollBy(0, {30 * ROW_PX})")
    seen = page.evaluate("() => window.__busyRows")
    assert seen is not None, "no placeholder row was made within 10 s of scrolling"
    assert seen["heights"] == [ROW_PX]
    assert seen["ranks"][0] == "none" and seen["ranks"][1] != "none", seen["ranks"]
    wait_filled(page)
    # The rows exist in document order, each at its place in the list.
    order = page.evaluate("""() => [...document.querySelectorAll('[role=feed] > article')].map(a => [+a.getAttribute('aria-posinset'), a.offsetTop])""")
    assert [rank for rank, _ in order] == sorted(rank for rank, _ in order)
    assert all(top == (rank - 1) * ROW_PX for rank, top in order), order[:5]
    assert not r.errors


def test_the_document_stays_bounded_however_far_the_reader_scrolls(build, serve, reader):
    server = serve(build())
    r = reader()
    page = r.open(server.url)
    wait_filled(page)
    page.evaluate(SCROLL_AND_SAMPLE, [6000, 4000])
    wait_filled(page)
    page.wait_for_timeout(300)  # at rest: a fling's second of travel no longer counts
    # About five screens of rows: those in view, the lookahead, and the three screens just read.
    rows = page.evaluate("() => document.querySelector('[role=feed]').children.length")
    assert rows <= 120, rows
    assert page.evaluate(ELEMENTS) <= 1500
    # The static page's own rows were released with the rest, and come back filled at once.
    page.evaluate("() => scrollTo(0, 0)")
    page.wait_for_timeout(100)
    assert all(filled for _, _, filled in page.evaluate(VISIBLE_ROWS))
    assert not r.errors


def test_on_a_phone_titles_take_two_lines_and_rows_fill_where_the_reader_is_even_turned_sideways(build, serve, reader):
    server = serve(build())
    r = reader(rtt_ms=0, kbps=0, viewport={"width": 390, "height": 800})
    page = r.open(server.url + "page/40/")
    wait_filled(page)
    # A taller fixed row: every row (static, filled or placeholder) is one height, and no
    # title is cut to one line.
    heights = page.evaluate("() => [...new Set([...document.querySelectorAll('[role=feed] > article')].slice(0, 1500).map(a => a.offsetHeight))]")
    assert heights == [96]
    two_lines = page.evaluate("() => [...document.querySelectorAll('[role=feed] article[data-id] h2')].filter(h => h.offsetHeight > 30).length")
    assert two_lines > 0, "long titles wrap onto a second line"
    assert page.evaluate(RANK_CLEARS_TITLE), "the rank's gutter ends where the title begins"
    # Page 40's rows where the static page had them (the row above fills the header's place).
    # (The row above page 40's first, then its first.)
    first = page_rows(40).start + 1
    assert [rank for rank, _, _ in page.evaluate(VISIBLE_ROWS)][:2] == [first - 1, first]
    # Scrolling on: the rows in view fill, found by the taller row's arithmetic.
    page.evaluate("() => scrollBy(0, 96 * 300)")
    wait_filled(page)
    # Turned sideways: rows become the wide layout's height; what comes into view still fills.
    page.set_viewport_size({"width": 844, "height": 390})
    page.evaluate("() => scrollBy(0, 56 * 400)")
    wait_filled(page)
    assert page.evaluate("() => document.querySelector('[role=feed] > article').offsetHeight") == ROW_PX
    assert page.evaluate(LAYOUT_SHIFT) < 0.01
    assert not r.errors


def test_scrolling_at_1500px_per_second_never_shows_a_loading_row(build, serve, reader):
    server = serve(build())
    r = reader()
    page = r.open(server.url)
    wait_filled(page)
    result = page.evaluate(SCROLL_AND_SAMPLE, [1500, 6000])
    assert result["frames"] > 100
    # None is the goal (and what an idle machine shows); two frames of slack keep a machine busy
    # with other work from failing the suite.
    assert result["busyFrames"] <= 2, result
    assert result["stalls"] == 0
    assert not r.errors


def test_a_fling_at_6000px_per_second_rarely_shows_loading_rows(build, serve, reader):
    server = serve(build())
    r = reader()
    page = r.open(server.url)
    wait_filled(page)
    result = page.evaluate(SCROLL_AND_SAMPLE, [6000, 3000])
    assert result["busyFrames"] <= 0.05 * result["frames"], result


def test_a_jump_to_the_middle_fills_there_and_downloads_nothing_passed_over(build, serve, reader):
    site = build()
    server = serve(site)
    r = reader()
    page = r.open(server.url)
    wait_filled(page)
    settle(r)
    before = set(r.shards_finished())
    target = STORIES // 2
    page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {target * ROW_PX})")
    # The 0.6 s goal is measured by the reader benchmark; here, on a machine that may be busy
    # building, only that the rows there fill promptly.
    seconds = wait_filled(page)
    assert seconds < 3.0
    settle(r)
    new = [u for u in r.shards_finished() if u not in before]
    names = {e[2]: e for e in manifest_shards(site)}
    rows = [names[os.path.basename(u)[:-5]] for u in new]
    assert 1 <= len(rows) <= 4, rows
    # Nothing between the first screens and the target was downloaded.
    for first, count, _, _ in rows:
        assert first + count > target - 40 and first < target + 60, (first, count)
    requested = [os.path.basename(u)[:-5] for u in server.shard_requests()]
    passed_over = [n for n in requested if 200 < names[n][0] < target - 100]
    assert passed_over == []


def test_an_idle_page_stops_requesting(build, serve, reader):
    server = serve(build())
    r = reader()
    page = r.open(server.url)
    wait_filled(page)
    settle(r)
    count = len(server.requests)
    page.wait_for_timeout(2000)
    assert len(server.requests) == count
    # The lookahead was filled with a handful of shards, not the list.
    assert len(r.shards_finished()) <= 6
    # Scrolled a little and left alone, it fills the new lookahead and goes quiet again.
    page.evaluate(f"() => scrollBy(0, {40 * ROW_PX})")
    wait_filled(page)
    settle(r)
    count = len(server.requests)
    assert 1 <= len(r.shards_finished()) <= 8
    page.wait_for_timeout(2000)
    assert len(server.requests) == count


def test_the_url_follows_the_reading_position_and_reload_lands_there(build, serve, reader):
    server = serve(build())
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    page.evaluate(f"() => scrollBy(0, {115 * ROW_PX})")
    page.wait_for_timeout(400)
    # The row at the top (113 or so, under the header) is on page 330 of 333, rows 100 to
    # 129: pages are numbered from the oldest.
    assert page.url.endswith("/" + page_path(page_of_row(114)))
    top_before = page.evaluate(VISIBLE_ROWS)[0][0]
    page.reload(wait_until="load")
    page.wait_for_timeout(300)
    assert page.url.endswith("/" + page_path(page_of_row(114)))
    assert abs(page.evaluate(VISIBLE_ROWS)[0][0] - top_before) <= 1


def test_back_from_a_story_lands_where_the_reader_was(build, serve, reader):
    server = serve(build())
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    page.evaluate(f"() => scrollBy(0, {200 * ROW_PX})")
    wait_filled(page)
    page.wait_for_timeout(400)
    top_before = page.evaluate(VISIBLE_ROWS)[0][0]
    link = page.evaluate("""() => [...document.querySelectorAll('[role=feed] a[href*="/item/"]')]
      .find(a => { const r = a.getBoundingClientRect(); return r.top > 0 && r.bottom < innerHeight; }).getAttribute('href')""")
    page.click(f"a[href='{link}'] >> nth=0")
    page.wait_for_url(f"**{link}")
    page.go_back(wait_until="load")
    page.wait_for_timeout(300)
    assert abs(page.evaluate(VISIBLE_ROWS)[0][0] - top_before) <= 1
    wait_filled(page)


def test_landing_on_page_40_and_scrolling_up_fills_rows_above_without_moving_the_view(build, serve, reader):
    server = serve(build())
    r = reader()
    page = r.open(server.url + "page/40/")
    wait_filled(page)
    # The reader sees page 40's first row where the static page put it, under the header's
    # height of the row above (a placeholder, filled by now), not the placeholders above.
    first = f"[aria-posinset='{page_rows(40).start + 1}']"
    top = page.evaluate("s => document.querySelector(s).getBoundingClientRect().top", first)
    assert 0 < top < 100
    settle(r)
    y = page.evaluate("s => document.querySelector(s).getBoundingClientRect().top", first)
    page.evaluate(f"() => scrollBy(0, -{6 * ROW_PX})")
    wait_filled(page)
    settle(r)
    y2 = page.evaluate("s => document.querySelector(s).getBoundingClientRect().top", first)
    assert y2 == pytest.approx(y + 6 * ROW_PX, abs=1)
    assert page.evaluate(LAYOUT_SHIFT) <= 0.01


def test_a_row_filled_by_the_script_is_the_row_the_static_page_has(build, serve, reader):
    server = serve(build())
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    # The page under the front: rows 40 to 69 of the list.
    number = page_count() - 1
    first = page_rows(number).start + 1
    page.evaluate(f"() => scrollBy(0, {(first + 6) * ROW_PX})")
    wait_filled(page)
    # Its last ranks lie below the viewport: made by the lookahead, they may still be loading
    # when the rows in view are filled. Compare them once filled.
    page.wait_for_function("""first => [...Array(30).keys()].every(i =>
      document.querySelector(`[role=feed] > [aria-posinset="${first + i}"][data-id]`))""", arg=first, timeout=5000)
    same = page.evaluate("""async ([url, first]) => {
      const html = await (await fetch(url)).text();
      const other = new DOMParser().parseFromString(html, 'text/html');
      const theirs = other.querySelectorAll('[role=feed] > article');
      const results = [];
      for (let i = 0; i < 30; i++) {
        // The same element but for its place: an inline position and the rank the script
        // gives every row, which the static page leaves out.
        const mine = document.querySelector(`[role=feed] > [aria-posinset="${first + i}"]`).cloneNode(true);
        mine.removeAttribute('style');
        mine.removeAttribute('aria-posinset');
        mine.setAttribute('aria-setsize', '-1');
        results.push(mine.isEqualNode(theirs[i]));
      }
      return results;
    }""", [server.prefix + page_path(number), first])
    assert same == [True] * 30


def test_dragging_the_scrollbar_downloads_nothing_it_passes_over(build, serve, reader):
    site = build()
    server = serve(site)
    r = reader()
    page = r.open(server.url)
    wait_filled(page)
    settle(r)
    server.clear()
    # A drag: the thumb moves thousands of pixels a frame for a third of a second, then rests.
    page.evaluate("""() => new Promise(done => {
      let frames = 0;
      (function step() {
        scrollBy(0, 20 * 56 * 12);
        if (++frames < 20) requestAnimationFrame(step); else done();
      })();
    })""")
    page.wait_for_timeout(50)  # the drag's last scroll event
    target = page.evaluate(VISIBLE_ROWS)[0][0]
    wait_filled(page)
    settle(r)
    names = {e[2]: e for e in manifest_shards(site)}
    requested = [names[os.path.basename(p)[:-5]] for p in server.shard_requests()]
    assert requested, "the rows where the drag ended were filled"
    for first, count, _, _ in requested:
        assert first + count > target - 60 and first < target + 120, (first, count, target)


@pytest.mark.parametrize("status", [404, 500])
def test_a_failing_shard_ends_as_a_link_to_its_static_page(build, serve, reader, status):
    site = build()
    server = serve(site)
    broken = next(e for e in manifest_shards(site) if e[0] >= 60)
    server.faults[f"{server.prefix}s/{broken[2]}.json"] = status
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    row = broken[0] + 1
    page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {broken[0] * ROW_PX})")
    link = page.wait_for_selector(f"[aria-posinset='{row}'] a.failed", timeout=8000)
    assert link.inner_text() == "Couldn't load — open its page"
    assert link.get_attribute("href") == "/" + page_path(page_of_row(broken[0]))
    attempts = server.requests.count(f"/s/{broken[2]}.json")
    assert attempts == 4  # the first try and three retries
    assert page.get_attribute(f"[aria-posinset='{row}']", "aria-busy") is None
    # Back online, the rows are asked for again and filled.
    del server.faults[f"{server.prefix}s/{broken[2]}.json"]
    page.evaluate("() => dispatchEvent(new Event('online'))")
    page.wait_for_selector(f"[aria-posinset='{row}'][data-id]", timeout=5000)


def test_offline_rows_end_as_links_and_fill_when_the_network_is_back(build, serve, reader):
    site = build()
    server = serve(site)
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    cdp = r.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    entry = next(e for e in manifest_shards(site) if e[0] >= 300)
    page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {entry[0] * ROW_PX})")
    page.wait_for_selector(f"[aria-posinset='{entry[0] + 1}'] a.failed", timeout=8000)
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    page.wait_for_selector(f"[aria-posinset='{entry[0] + 1}'][data-id]", timeout=8000)


def test_bad_json_in_a_shard_is_a_failure_too(build, serve, reader):
    site = build()
    server = serve(site)
    broken = next(e for e in manifest_shards(site) if e[0] >= 60)
    server.faults[f"{server.prefix}s/{broken[2]}.json"] = "badjson"
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {broken[0] * ROW_PX})")
    page.wait_for_selector(f"[aria-posinset='{broken[0] + 1}'] a.failed", timeout=8000)


def test_save_data_shrinks_the_lookahead(build, serve, reader):
    server = serve(build())
    normal = reader()
    page = normal.open(server.url + "page/20/")
    wait_filled(page)
    settle(normal)
    thrifty = reader(init_script="Object.defineProperty(navigator, 'connection', { value: { saveData: true } })")
    page = thrifty.open(server.url + "page/20/")
    wait_filled(page)
    settle(thrifty)
    assert len(thrifty.shards_finished()) >= 1
    assert len(thrifty.shards_finished()) < len(normal.shards_finished())


def test_no_csp_violation_and_no_page_error(build, serve, reader):
    server = serve(build())
    r = reader()
    page = r.open(server.url)
    wait_filled(page)
    page.evaluate(SCROLL_AND_SAMPLE, [3000, 1500])
    settle(r)
    assert page.evaluate("() => window.__csp") == []
    assert r.errors == []


def test_batch_loads_the_next_page_only_at_the_bottom(build, serve, reader):
    site = build("batch")
    server = serve(site)
    r = reader()
    page = r.open(server.url)
    settle(r)
    # The front page's rows (40: the newest 10000 mod 30 + 30).
    front = len(page_rows(page_count()))
    assert page.eval_on_selector_all("[role=feed] > article", "as => as.length") == front
    assert page.evaluate("() => document.querySelector('[role=feed]').offsetHeight") == front * ROW_PX
    assert r.shards_finished() == []
    page.evaluate("() => scrollTo(0, document.body.scrollHeight)")
    settle(r)
    # One page more: the feed grew by thirty rows, and the shards of those rows (and no
    # others) were fetched, all of them, as batch does.
    grown = front + 30
    assert page.evaluate("() => document.querySelector('[role=feed]').offsetHeight") == grown * ROW_PX
    names = {e[2]: e for e in manifest_shards(site)}
    fetched = sorted(names[os.path.basename(u)[:-5]][:2] for u in r.shards_finished())
    needed = sorted(e[:2] for e in names.values() if e[0] < grown and e[0] + e[1] > front)
    assert fetched == needed
    # The last row is filled when it comes into view, with no new request.
    count = len(server.requests)
    page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {grown * ROW_PX} - innerHeight - 20)")
    wait_filled(page)
    assert page.evaluate(VISIBLE_ROWS)[-1][0] == grown
    assert len(server.requests) == count


def test_all_loads_every_row_at_once(build, serve, reader):
    site = build("all")
    server = serve(site)
    r = reader(rtt_ms=0, kbps=0)
    page = r.open(server.url)
    settle(r, timeout=60)
    assert page.eval_on_selector_all("[role=feed] > article[aria-busy]", "as => as.length") == 0
    beyond_the_front = [e for e in manifest_shards(site) if e[0] + e[1] > len(page_rows(page_count()))]
    assert len(set(r.shards_finished())) == len(beyond_the_front)


@pytest.mark.parametrize("strategy", ["prefetch", "batch", "all"])
def test_the_script_is_at_most_2750_bytes_gzipped_as_served(build, strategy):
    script = glob.glob(os.path.join(build(strategy), "assets", "sitegen.*.js"))
    assert len(script) == 1
    size = len(gzip.compress(open(script[0], "rb").read(), 9))
    assert size <= 2750, f"{strategy}: {size} bytes gzipped"
