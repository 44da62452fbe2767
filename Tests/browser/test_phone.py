"""The reader on a phone: the default theme's narrow layout and touch scrolling, in real Chromium
(a 360×780 mobile viewport with touch) and, for the layout, in WebKit (the engine of every
iPhone browser; WebKitGTK's MiniBrowser, whose window is never narrower than about 450 px, so
its pages are looked at in a 360×780 iframe, where media queries and layout are the frame's).

- Two-line titles neither overlap the line under them nor show a cut line, rows with long
  words, CJK, pictures, domains and tags included.
- The rows' height rule: every row, static or made by the script, loading or filled, is the
  height the theme gives (`--row`) at every width from 320 px up, and at 200 % zoom (a window
  of twice the CSS width at device pixel ratio 2, which is what browser zoom is), and the
  feed is as tall as the list at that height, which is what the script's arithmetic assumes.
- Tap targets are at least 44×44 px: found by hit-testing (elementFromPoint on a 2 px grid),
  so a link's target is where a tap lands on it, not its box: the title's link covers its row.
- A touch scroll (Chromium's synthetic touch gesture, pagejs.TOUCH_SCROLL) through the list at
  1,500 and 6,000 px/s, on the emulated slow network, shows no hole and no layout shift.
- The search page and an item page (a wide table, a long code line, a long URL, a big picture)
  do not scroll sideways at 360 px.
"""
import os

import pytest

from conftest import CHROMIUM, Reader, run_sitegen
from engines import WebKitPage
from pagejs import LAYOUT_SHIFT, TOUCH_SCROLL, wait_filled
from server import SiteServer

# Selenium warns about its own internals.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
ROW_PX = {"phone": 96, "wide": 56}  # --row: 6rem below 36rem (576 px), 3.5rem above

LONG = "The quick brown fox jumps over the lazy dog while the static site generator writes " * 3
TITLES = [
    "Hi",
    "Show HN: A static site generator for long lists",
    LONG.strip(),
    "Pneumonoultramicroscopicsilicovolcanoconiosis" * 3,
    "https://example.com/a/very/long/path/that/has/no/spaces/in/it/at/all/anywhere/whatsoever",
    "静的サイトジェネレーターで百万件のリストを一画面の費用で読む方法について詳しく説明します。" * 2,
    "Emoji 🚀🎉 in a title that wraps onto a second line on a phone 📱📱📱 and goes on",
    "مولد المواقع الثابتة للقوائم الطويلة مع تقسيم الصفحات الكسول في سويفت",
]

# Markdown body of the wide story: what makes a page scroll sideways if the theme lets it.
WIDE_BODY = """A link with no place to break: https://example.com/a/very/long/path/that/has/no/spaces/in/it/at/all/anywhere/whatsoever/really

| one | two | three | four | five | six | seven | eight | nine | ten |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
| a cell with words | another cell with words | and more | and more | and more | and more | and more | and more | and more | and more |

```
a_code_line_that_is_much_longer_than_any_phone_is_wide = "and it goes on and on and on and on and on"
```

<img src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1200' height='300'/%3E" width="1200" height="300" alt="">

Pneumonoultramicroscopicsilicovolcanoconiosis_pneumonoultramicroscopicsilicovolcanoconiosis
"""


@pytest.fixture(scope="module")
def phone_site(workdir):
    """70 Markdown stories (two pages: the front's 40, page 1's 30) in the shapes that strain a narrow row: every title in
    TITLES, with and without a URL (a domain after the title), tags, a picture; story 0 is the
    wide one (WIDE_BODY). The script is fed from shards past page 1 as on any site."""
    content = os.path.join(workdir, "phone-content")
    os.makedirs(content, exist_ok=True)
    for n in range(70):
        title = TITLES[n % len(TITLES)].replace('"', "'")
        meta = [f'title: "{title}"', f"date: 2026-01-01T{n // 60:02d}:{n % 60:02d}:00Z", "author: someone_with_a_long_name", f"score: {n * 37}"]
        if n % 2:
            meta.append(f"url: https://www.a-rather-long-domain-name-{n}.example.com/story")
        if n % 3 == 0:
            meta.append("tags: [swift, static-sites, performance-engineering]")
        if n % 5 == 1:
            meta.append("image: https://example.com/picture.png")
        body = WIDE_BODY if n == 0 else f"Body of story {n}."
        with open(os.path.join(content, f"story-{n:02d}.md"), "w") as f:
            f.write("---\n" + "\n".join(meta) + "\n---\n" + body + "\n")
    out = os.path.join(workdir, "phone-site")
    run_sitegen("build", "--source", content, "--output", out)
    # A 360×780 frame around any page of the site, for WebKit (see the module's docstring).
    with open(os.path.join(out, "__phone.html"), "w") as f:
        f.write('<!doctype html><meta charset="utf-8"><body style="margin:0">'
                '<iframe style="border:0;display:block" width="360" height="780"></iframe>')
    return out


@pytest.fixture(scope="module")
def touch_browser(browser):
    """Chromium with chrome.gpuBenchmarking, whose touch gesture scrolls (pagejs.TOUCH_SCROLL)."""
    touch = browser.browser_type.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--enable-gpu-benchmarking"])
    yield touch
    touch.close()


# The page's document: the frame's in the WebKit harness page, else the page's own.
DOC = "const frame = document.querySelector('iframe'), win = frame ? frame.contentWindow : window, doc = win.document;"

# Every problem of the rows in the document, as text (none: []): rows not of the theme's height,
# rows overlapping each other, a title not a whole number of its lines (a line cut) or more
# than two, a title running into the line under it, a line running past the row's bottom or
# sides, a word cut at the side of a title that wraps. Every row in the
# document (a row the script placed out of view is as good a witness as one in it).
ROW_PROBLEMS = """(expected) => {""" + DOC + """
  const problems = [], rows = [...doc.querySelectorAll('[role=feed] > article')];
  const box = e => e.getBoundingClientRect();
  let last = null;
  for (const row of rows.sort((a, b) => box(a).top - box(b).top)) {
    const r = box(row), n = row.getAttribute('aria-posinset');
    if (Math.abs(r.height - expected) > 0.5) problems.push(`row ${n} is ${r.height} px tall, not ${expected}`);
    if (last && r.top < last.bottom - 0.5) problems.push(`row ${n} overlaps the row above it`);
    last = r;
    const h2 = row.querySelector('h2'), p = row.querySelector('p');
    if (!h2 || !p) continue;
    const t = box(h2), l = box(p), line = parseFloat(win.getComputedStyle(h2).lineHeight);
    // (WebKit makes each line a whole number of px: a pixel a line is rounding, not a cut.)
    const lines = Math.round(t.height / line);
    if (Math.abs(t.height - lines * line) > lines || lines > 2 || lines < 1)
      problems.push(`row ${n}: its title is ${t.height} px tall, not a whole number of its ${line} px lines (one or two)`);
    if (t.bottom > l.top + 0.5) problems.push(`row ${n}: its title runs into the line under it`);
    // A title that wraps (on a phone) must break a word too long for its box, not cut it at
    // the side; one that does not wrap ends in an ellipsis, as it should.
    if (win.getComputedStyle(h2).whiteSpace != 'nowrap' && h2.scrollWidth > h2.clientWidth + 1)
      problems.push(`row ${n}: its title is cut at the side (${h2.scrollWidth} px in ${h2.clientWidth})`);
    const bottom = r.bottom - parseFloat(win.getComputedStyle(row).borderBottomWidth);
    for (const [what, e] of [['title', t], ['line under the title', l]]) {
      if (e.bottom > bottom + 0.5) problems.push(`row ${n}: the ${what} runs past the row's bottom`);
      if (e.left < r.left - 0.5 || e.right > r.right + 0.5) problems.push(`row ${n}: the ${what} runs past the row's side`);
    }
  }
  return problems;
}"""

# The feed's height against the list's length at the rows' height, and the rows counted.
FEED = """() => {""" + DOC + """
  const feed = doc.querySelector('[role=feed]'), row = feed.querySelector('article');
  return { feed: feed.getBoundingClientRect().height, row: row.getBoundingClientRect().height,
           total: +row.getAttribute('aria-setsize'), rows: feed.children.length };
}"""

# The page's width against the viewport's: a page that scrolls sideways is wider.
OVERFLOW = "() => {" + DOC + " return [doc.scrollingElement.scrollWidth, win.innerWidth]; }"

# The largest square (px) of points that a tap on lands on each element matching `selector`
# (elementFromPoint on a 2 px grid over the element's box and 44 px around it, within the
# viewport): [[description, side], …] for the elements in view.
TAP_TARGETS = """(selector) => {
  const out = [], step = 2;
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom <= 0 || r.top >= innerHeight) continue;
    const x0 = Math.max(0, r.left - 44), x1 = Math.min(innerWidth, r.right + 44);
    const y0 = Math.max(0, r.top - 44), y1 = Math.min(innerHeight, r.bottom + 44);
    const cols = Math.floor((x1 - x0) / step), rows = Math.floor((y1 - y0) / step);
    if (r.right <= 0 || r.left >= innerWidth) continue;
    let best = 0, above = new Array(cols).fill(0);
    for (let i = 0; i < rows; i++) {
      const here = new Array(cols).fill(0);
      for (let j = 0; j < cols; j++) {
        const hit = document.elementFromPoint(x0 + j * step + 1, y0 + i * step + 1);
        if (hit && (hit === el || el.contains(hit) || hit.closest('a, button, input, summary') === el))
          best = Math.max(best, here[j] = 1 + Math.min(above[j], j ? here[j - 1] : 0, j ? above[j - 1] : 0));
      }
      above = here;
    }
    const what = el.tagName.toLowerCase() + (el.getAttribute('href') ? ' ' + el.getAttribute('href') : '') + ' "' + (el.textContent || el.placeholder || '').trim().slice(0, 30) + '"';
    out.push([what, best * step]);
  }
  return out;
}"""


def phone_page(browser, url, javascript=True, **options):
    """A page in a phone's context on `url`, no network emulation (layout is what is tested)."""
    context = browser.new_context(java_script_enabled=javascript, **{**PHONE, **options})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, wait_until="load")
    return context, page, errors


def scroll_through(page, stops):
    """Yields after scrolling to each of `stops` (fractions of the page) and the rows filling."""
    for stop in stops:
        page.evaluate("(f) => scrollTo(0, f * (document.scrollingElement.scrollHeight - innerHeight))", stop)
        wait_filled(page, timeout=10)
        yield stop


def test_two_line_titles_at_360_px_neither_overlap_nor_clip(browser, phone_site, serve):
    server = serve(phone_site)
    for javascript in (False, True):
        context, page, errors = phone_page(browser, server.url, javascript)
        try:
            if javascript:
                wait_filled(page)
            assert page.evaluate(ROW_PROBLEMS, ROW_PX["phone"]) == []
            assert page.evaluate("() => [...document.querySelectorAll('.row h2')].some(h => h.getBoundingClientRect().height > 40)"), \
                "some title takes two lines (the test's titles are chosen to)"
            if javascript:
                for stop in scroll_through(page, [0.5, 1.0]):
                    assert page.evaluate(ROW_PROBLEMS, ROW_PX["phone"]) == [], stop
            assert errors == []
        finally:
            context.close()


@pytest.mark.parametrize("width,zoom", [(320, 1), (360, 1), (414, 1), (576, 1), (577, 1), (768, 1), (1280, 1), (1280, 2), (720, 2)])
def test_rows_keep_the_themes_height_from_320_px_up_and_at_200_percent_zoom(browser, build, serve, width, zoom):
    # Browser zoom at 200 % is a viewport of half the window's width in CSS px, at device pixel
    # ratio 2: what the page lays out in is that, so it is emulated that way.
    server = serve(build())
    css_width = width // zoom
    expected = ROW_PX["phone" if css_width <= 576 else "wide"]
    context, page, errors = phone_page(browser, server.url, viewport={"width": css_width, "height": 800 // zoom},
                                       device_scale_factor=zoom, is_mobile=False, has_touch=False)
    try:
        wait_filled(page)
        for stop in [None, *scroll_through(page, [0.3, 1.0])]:
            assert page.evaluate(ROW_PROBLEMS, expected) == [], stop
        f = page.evaluate(FEED)
        assert f["row"] == expected and abs(f["feed"] - f["total"] * expected) < 1, f
        # (Only the rows near the viewport exist, at any width.)
        assert f["rows"] < 200, f
        assert errors == []
    finally:
        context.close()


def test_tap_targets_are_at_least_44_px(browser, phone_site, serve):
    server = serve(phone_site)
    # The header (home link, search box), the first rows' links, and with the script off (the
    # static page ends soon) the pager; an item page's "Back" link.
    for javascript in (True, False):
        context, page, _ = phone_page(browser, server.url, javascript)
        try:
            if javascript:
                wait_filled(page)
            targets = page.evaluate(TAP_TARGETS, "header.site a, header.site input, [role=feed] > article:nth-child(-n+5) a")
            if not javascript:
                page.evaluate("() => document.querySelector('.pager').scrollIntoView({ block: 'center' })")
                targets += page.evaluate(TAP_TARGETS, ".pager a")
            # A document's byline (its tags) and its previous and next.
            page.goto(server.url + wide_item_id(phone_site))
            targets += page.evaluate(TAP_TARGETS, ".byline a")
            page.evaluate("() => document.querySelector('.around a').scrollIntoView({ block: 'center' })")
            targets += page.evaluate(TAP_TARGETS, ".around a")
        finally:
            context.close()
        kinds = " ".join(what for what, _ in targets)
        assert "input" in kinds and "Previous" in kinds and "#swift" in kinds and ("/page/1/" in kinds or javascript), targets
        small = [(what, side) for what, side in targets if side < 44]
        assert small == [], small


@pytest.mark.parametrize("speed,seconds", [(1500, 4), (6000, 3)])
def test_a_touch_scroll_through_the_list_leaves_no_hole_and_no_layout_shift(touch_browser, build, serve, speed, seconds):
    server = serve(build())
    r = Reader(touch_browser, **PHONE)
    try:
        page = r.open(server.url)
        wait_filled(page)
        result = page.evaluate(TOUCH_SCROLL, [speed * seconds, speed, True, False])
        assert result["scrolled"] >= 0.9 * speed * seconds, result
        assert result["frames"] > 20 * seconds, result
        assert result["holeFrames"] == 0, result
        assert page.evaluate(LAYOUT_SHIFT) == 0
        assert r.errors == []
    finally:
        r.close()


def test_the_search_page_and_an_item_page_do_not_scroll_sideways_at_360_px(browser, phone_site, serve):
    server = serve(phone_site)
    context, page, errors = phone_page(browser, server.url + "search/?q=fox")
    try:
        page.wait_for_function("() => document.querySelector('[role=feed] > article[data-id]')")
        width, viewport = page.evaluate(OVERFLOW)
        assert width <= viewport, f"the search page is {width} px wide in a {viewport} px viewport"
        assert page.evaluate(ROW_PROBLEMS, ROW_PX["phone"]) == []
        page.goto(server.url + wide_item_id(phone_site))
        width, viewport = page.evaluate(OVERFLOW)
        assert width <= viewport, f"the item page is {width} px wide in a {viewport} px viewport"
        assert errors == []
    finally:
        context.close()


def wide_item_id(site):
    """The path of story 0's item page (WIDE_BODY, the one with a table), from the site's root."""
    for folder, _, files in os.walk(site):
        if "index.html" in files and "<table" in open(os.path.join(folder, "index.html")).read():
            return os.path.relpath(folder, site) + "/"
    raise AssertionError("no item page with a table")


def test_webkit_lays_out_the_phone_rows_and_pages_as_chromium_does(phone_site):
    server = SiteServer(phone_site)
    page = WebKitPage()
    try:
        page.open(server.url + "__phone.html")

        def frame(path):
            page.evaluate("""(src) => new Promise(done => {
              const f = document.querySelector('iframe');
              f.onload = () => done(); f.src = src;
            })""", path)

        frame("/")
        assert page.evaluate("() => document.querySelector('iframe').contentWindow.innerWidth") == 360
        # The script fills the frame's rows as it does a page's: once it has started, the feed
        # is as tall as the list and every row is numbered (the static page's carry no rank).
        for _ in range(100):
            if page.evaluate("""() => { const feed = document.querySelector('iframe').contentDocument.querySelector('[role=feed]');
                const rows = feed.querySelectorAll('article');
                return !!feed.style.height && [...rows].every(a => a.hasAttribute('aria-posinset')); }"""):
                break
            page.wait(0.05)
        assert page.evaluate(ROW_PROBLEMS, ROW_PX["phone"]) == []
        f = page.evaluate(FEED)
        assert f["row"] == ROW_PX["phone"] and abs(f["feed"] - f["total"] * ROW_PX["phone"]) < 1, f
        for path in ["/search/?q=fox", "/" + wide_item_id(phone_site)]:
            frame(path)
            width, viewport = page.evaluate(OVERFLOW)
            assert width <= viewport, f"{path} is {width} px wide in a {viewport} px frame"
    finally:
        page.close()
        server.close()
