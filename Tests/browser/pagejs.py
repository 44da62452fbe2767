"""JavaScript the tests run inside the page to observe it as a reader would, and the waits built on it."""
import time

# Scrolls at `speed` px/s for `ms` with requestAnimationFrame and, in every frame, counts the
# rows in the viewport that are still loading (aria-busy) and whether the reader hit the end
# of the rows there are (a stall).
SCROLL_AND_SAMPLE = """
([speed, ms]) => new Promise(done => {
  const feed = document.querySelector('[role=feed]');
  let start = null, last = null, frames = 0, busyFrames = 0, busyRows = 0, stalls = 0;
  // The rows in the viewport: binary search for the first, then walk (reading every row's box,
  // or hit-testing, is too slow to do each frame with 10,000 rows).
  function visibleBusy() {
    const rows = feed.children;
    let lo = 0, hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rows[mid].getBoundingClientRect().bottom <= 0) lo = mid + 1; else hi = mid;
    }
    let n = 0;
    for (let i = lo; i < rows.length && rows[i].getBoundingClientRect().top < innerHeight; i++) {
      if (rows[i].getAttribute('aria-busy') === 'true') n++;
    }
    return n;
  }
  function step(now) {
    if (start === null) start = last = now;
    const before = scrollY;
    scrollBy(0, speed * (now - last) / 1000);
    last = now;
    frames++;
    const n = visibleBusy();
    if (n) { busyFrames++; busyRows += n; }
    if (speed && scrollY === before && feed.getBoundingClientRect().bottom <= innerHeight + 1) stalls++;
    if (now - start < ms) requestAnimationFrame(step);
    else done({ frames, busyFrames, busyRows, stalls });
  }
  requestAnimationFrame(step);
})
"""

# Rows in the viewport: [rank, busy, filled].
VISIBLE_ROWS = """
() => [...document.querySelectorAll('[role=feed] article')].filter(a => {
  const r = a.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight;
}).map(a => [+a.getAttribute('aria-posinset'), a.getAttribute('aria-busy') === 'true', a.hasAttribute('data-id')])
"""

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
    """Seconds until every row in the viewport is filled (none busy); fails after `timeout`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        rows = page.evaluate(VISIBLE_ROWS)
        if rows and all(filled for _, _, filled in rows):
            return time.monotonic() - start
        page.wait_for_timeout(poll_ms)
    raise AssertionError(f"rows still loading after {timeout} s: {page.evaluate(VISIBLE_ROWS)[:5]}")
