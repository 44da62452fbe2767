"""JavaScript the tests run inside the page to observe it as a reader would, and the waits built on it.

A row the reader should see but cannot is "loading" whichever way it fails to be there: a
placeholder row in view (aria-busy), or a part of the viewport over the feed that no row covers
(a gap: a script that makes rows only near the viewport has not made that one yet). Both are
found from the rows in view alone, so it is cheap enough for every frame: the feed's children
are rows in row order (in the flow, or absolutely placed in a feed of the list's whole height),
so a binary search finds the first in view and a short walk the rest.
"""
import time

# view(feed) → { rows: [[rank, busy, filled], …] of the rows in the viewport, busy: how many
# of them are loading, gap: whether the rows in view leave part of the feed's visible span
# uncovered }. Rows are one fixed height, so sorted by top they must tile that span: each starts
# where the one before ends (half a pixel of slack for rounding), the first at or above the
# span's top, the last at or below its bottom. (Reading every row's box, or hit-testing, is too
# slow to do each frame with 10,000 rows.)
_VIEW = """
const view = feed => {
  const rows = feed.children, box = feed.getBoundingClientRect();
  const top = Math.max(0, box.top), bottom = Math.min(innerHeight, box.bottom);
  let lo = 0, hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].getBoundingClientRect().bottom <= 0) lo = mid + 1; else hi = mid;
  }
  const seen = [];
  for (let i = lo; i < rows.length; i++) {
    const r = rows[i].getBoundingClientRect();
    if (r.top >= innerHeight) break;
    if (r.bottom > 0 && r.height > 0) seen.push([r.top, r.bottom, rows[i]]);
  }
  seen.sort((p, q) => p[0] - q[0]);
  let covered = top, gap = false, busy = 0;
  for (const [t, b] of seen) {
    if (t > covered + 0.5) gap = true;
    covered = Math.max(covered, b);
  }
  if (bottom > top && covered < bottom - 0.5) gap = true;
  const out = seen.map(([, , e]) => {
    const b = e.getAttribute('aria-busy') === 'true';
    if (b) busy++;
    return [+e.getAttribute('aria-posinset'), b, e.hasAttribute('data-id')];
  });
  return { rows: out, busy: busy, gap: gap };
};
"""

# Scrolls at `speed` px/s for `ms` with requestAnimationFrame and, in every frame, counts
# whether the reader sees a row loading (a placeholder in view, or a gap where a row is not made
# yet: busyFrames; gapFrames counts the frames with a gap alone), how many placeholders
# (busyRows), and whether the reader hit the end of the rows there are (a stall). A frame is
# measured right after its scroll, which is what it paints: the page's own scroll handler for
# that position runs in the next frame, as it would after a compositor scroll, so a script that
# makes rows near the viewport needs them made a frame's travel ahead.
SCROLL_AND_SAMPLE = """
([speed, ms]) => new Promise(done => {
""" + _VIEW + """
  const feed = document.querySelector('[role=feed]');
  let start = null, last = null, frames = 0, busyFrames = 0, busyRows = 0, gapFrames = 0, stalls = 0;
  function step(now) {
    if (start === null) start = last = now;
    const before = scrollY;
    scrollBy(0, speed * (now - last) / 1000);
    last = now;
    frames++;
    const v = view(feed);
    if (v.busy || v.gap) busyFrames++;
    if (v.gap) gapFrames++;
    busyRows += v.busy;
    if (speed && scrollY === before && feed.getBoundingClientRect().bottom <= innerHeight + 1) stalls++;
    if (now - start < ms) requestAnimationFrame(step);
    else done({ frames, busyFrames, busyRows, gapFrames, stalls });
  }
  requestAnimationFrame(step);
})
"""

# A finger's scroll down the page: Chromium's synthetic touch gesture (the pointer goes down,
# moves at `speed` px/s for `distance` px, lifts without a fling), so the compositor scrolls as
# it does under a real finger and the page gets what a phone sends (touch and pointer events,
# then scroll events). Needs Chromium started with --enable-gpu-benchmarking, which gives pages
# chrome.gpuBenchmarking: CDP's Input.synthesizeScrollGesture with gestureSourceType 'touch'
# moves the pointer but scrolls nothing in desktop Chromium (puppeteer issue 7928), while this
# entry into the same gesture code does. With `sample`, every frame is looked at as
# SCROLL_AND_SAMPLE does (rows loading or a gap in view: a hole), and `marks` puts
# console.timeStamp('scroll-start') and ('scroll-end') in a trace around the gesture. Resolves
# to { frames, holeFrames, holeRows (the most rows loading in one frame), gapFrames, scrolled }.
TOUCH_SCROLL = """
([distance, speed, sample, marks]) => new Promise(done => {
""" + _VIEW + """
  const feed = document.querySelector('[role=feed]'), y0 = scrollY;
  let on = true, frames = 0, holeFrames = 0, holeRows = 0, gapFrames = 0;
  const step = () => {
    if (!on) return;
    const v = view(feed);
    frames++;
    if (v.busy || v.gap) holeFrames++;
    if (v.gap) gapFrames++;
    holeRows = Math.max(holeRows, v.busy);
    requestAnimationFrame(step);
  };
  if (sample) requestAnimationFrame(step);
  if (marks) console.timeStamp('scroll-start');
  chrome.gpuBenchmarking.smoothScrollBy(distance, () => {
    on = false;
    if (marks) console.timeStamp('scroll-end');
    done({ frames, holeFrames, holeRows, gapFrames, scrolled: scrollY - y0 });
  }, innerWidth / 2, innerHeight / 2, 1 /* touch */, 'down', speed);
})
"""

# Rows in the viewport, in row order: [rank, busy, filled].
VISIBLE_ROWS = "() => {" + _VIEW + "return view(document.querySelector('[role=feed]')).rows; }"

# The rows in the viewport and whether they leave a gap: { rows, busy, gap } (see _VIEW).
VIEW = "() => {" + _VIEW + "return view(document.querySelector('[role=feed]')); }"

# Total layout shift seen since the page began (buffered), as CLS counts it (no recent input).
LAYOUT_SHIFT = """
() => new Promise(done => {
  let total = 0;
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => done(total), 100);
})
"""


def wait_filled(page, timeout=5.0, poll_ms=10):
    """Seconds until the reader sees only filled rows: every row in the viewport filled (none
    busy, none given up) and no gap where a row is not made yet; fails after `timeout`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        v = page.evaluate(VIEW)
        if v["rows"] and not v["gap"] and all(filled for _, _, filled in v["rows"]):
            return time.monotonic() - start
        page.wait_for_timeout(poll_ms)
    v = page.evaluate(VIEW)
    raise AssertionError(f"rows still loading after {timeout} s: gap {v['gap']}, {v['rows'][:5]}")
