"""Reader benchmark: the three loading strategies in real Chromium, as a reader meets them.

Builds a site of N stories (default 10,000) per strategy, serves it on 127.0.0.1, emulates
150 ms round trip and 1.6 Mbps in Chromium, and for each strategy and speed scrolls from the top
for a fixed time, sampling every frame: the share of frames where the reader sees a row loading
(a placeholder in view, or part of the feed in view that no row covers yet), the share stalled
at the end of the rows there are, bytes and requests (finished and aborted), and layout shift.
Then, in one run:

- a jump to the middle (all, prefetch): time until the rows in view are filled, and requests
  after the jump; the median time of three jumps from fresh pages, the most requests of them;
- the load cost of the script at N and at a million stories (prefetch, the landing page with
  the script and with JavaScript off, loads taken in turns so the machine's drift hits both):
  first contentful paint (median), the longest task during load, the elements in the document
  and the tab stops in the feed at load + 500 ms;
- at a million stories: a jump to 40 % of the scrollbar (the first row in view, time until the
  rows in view are filled) and to the end (the last row in view, the same time).

    python3 bench/reader.py [--stories N] [--big N] [--seconds S] [--quick] [--json out.json]

--quick takes fewer loads and jumps and scrolls for 2 s (a smoke run; the sizes stay). Prints
Markdown tables; progress goes to stderr. Uses $SITEGEN, else .build/release/sitegen when it
exists (the million-story build takes minutes with a debug build), else the debug build. Sites
are built under /dev/shm (a RAM disk) when there is one, and removed at the end. Needs what the
browser tests need (bash .ci/install --test).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
from conftest import CHROMIUM  # noqa: E402
from pagejs import LAYOUT_SHIFT, SCROLL_AND_SAMPLE, VISIBLE_ROWS, wait_filled  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server import SiteServer  # noqa: E402

RELEASE = os.path.join(ROOT, ".build", "release", "sitegen")
SITEGEN = os.environ.get("SITEGEN") or (RELEASE if os.path.exists(RELEASE) else os.path.join(ROOT, ".build", "debug", "sitegen"))
VIEWPORT = {"width": 1000, "height": 800}
ROW_PX = 56

# The longest task the page has had (buffered, so those before this call count); 0 if none.
LONGEST_TASK = """() => new Promise(done => {
  new PerformanceObserver(list => done(Math.max(0, ...list.getEntries().map(e => e.duration)))).observe({ type: 'longtask', buffered: true });
  setTimeout(() => done(0), 200);
})"""

# Elements inside the feed that Tab stops at: a tabindex of 0 or more (links with href, buttons
# and form fields have it by default), not disabled, not hidden (display: none, visibility).
TAB_STOPS = """() => [...document.querySelector('[role=feed]').querySelectorAll('a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]')]
  .filter(e => e.tabIndex >= 0 && !e.disabled && !e.closest('[inert]')
    && (e.checkVisibility ? e.checkVisibility({ visibilityProperty: true }) : e.getClientRects().length > 0)).length"""

ELEMENTS = "() => document.getElementsByTagName('*').length"

# Read synchronously (a page with JavaScript off runs no callbacks, not even the tests' own).
FIRST_PAINT = "() => { const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null; }"


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def sitegen(*args):
    out = subprocess.run([SITEGEN, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"failed: sitegen {' '.join(args)}\n{out.stderr}")


def open_reader(browser, url, count=True, javascript=True):
    """A fresh page on `url`, loaded; with `count`, its requests and bytes are tallied in `stats`
    (a load only timed is closed while shards are in flight, and must not be asked their sizes)."""
    context = browser.new_context(viewport=VIEWPORT, java_script_enabled=javascript)
    page = context.new_page()
    stats = {"bytes": 0, "finished": 0, "aborted": 0}

    def finished(request):
        stats["finished"] += 1
        try:
            sizes = request.sizes()
        except Exception:  # the page was closed with this request's sizes still to be asked
            return
        stats["bytes"] += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    if count:
        page.on("requestfinished", finished)
        page.on("requestfailed", lambda r: stats.__setitem__("aborted", stats["aborted"] + 1))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 200_000})
    page.goto(url, wait_until="load")
    return context, page, stats


def first_paint(page, timeout=5.0):
    """Seconds from navigation to first contentful paint (the landing page's rows are in its
    HTML, so that is when the first row shows); NaN if none came within `timeout`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        ms = page.evaluate(FIRST_PAINT)
        if ms is not None:
            return ms / 1000
        page.wait_for_timeout(20)
    return float("nan")


def load_once(browser, url, javascript):
    """One fresh load of `url`, looked at 500 ms after its load event."""
    context, page, _ = open_reader(browser, url, count=False, javascript=javascript)
    page.wait_for_timeout(500)
    result = {"fcp": first_paint(page), "elements": page.evaluate(ELEMENTS)}
    # A page with JavaScript off runs no observer (nothing of the page's own runs either). The
    # tab stops are counted last: walking ten thousand rows may be a long task of its own.
    result["longtask"] = page.evaluate(LONGEST_TASK) / 1000 if javascript else None
    result["tab_stops"] = page.evaluate(TAB_STOPS)
    context.close()
    return result


def load_cost(browser, url, stories, loads):
    """The landing page with the script and with JavaScript off, `loads` fresh loads each, in
    turns (on, off, off, on, on, off, …) so the machine's drift hits both alike."""
    runs = {True: [], False: []}
    for i in range(loads):
        for javascript in ([True, False] if i % 2 == 0 else [False, True]):
            runs[javascript].append(load_once(browser, url, javascript))
    result = {"stories": stories, "loads": loads}
    for javascript, name in [(False, "off"), (True, "on")]:
        r = runs[javascript]
        result[name] = {
            "fcp": statistics.median(x["fcp"] for x in r),
            "fcp_all": [x["fcp"] for x in r],
            "longtask": statistics.median(x["longtask"] for x in r) if javascript else None,
            "longtask_all": [x["longtask"] for x in r] if javascript else None,
            "elements": statistics.median(x["elements"] for x in r),
            "tab_stops": statistics.median(x["tab_stops"] for x in r),
        }
    result["script_cost"] = result["on"]["fcp"] - result["off"]["fcp"]
    return result


def jump(browser, url, script, timeout=10.0, last=False):
    """A fresh page, left 1.5 s to settle, then `script` scrolls it: (seconds until the rows in
    view are filled, or None past `timeout`; requests finished from the jump until 2 s after;
    the first row in view, or the last with `last`)."""
    context, page, stats = open_reader(browser, url)
    page.wait_for_timeout(1500)
    before = stats["finished"]
    page.evaluate(script)
    try:
        seconds = wait_filled(page, timeout=timeout)
    except AssertionError:
        seconds = None
    rows = page.evaluate(VISIBLE_ROWS)
    rank = (rows[-1][0] if last else rows[0][0]) if rows else None
    page.wait_for_timeout(2000)
    requests = stats["finished"] - before
    context.close()
    return {"seconds": seconds, "requests": requests, "rank": rank}


def jumps(browser, url, script, n, last=False):
    """`n` jumps from fresh pages: the median time (a jump that never filled counts as the
    slowest), the most requests, every rank seen, and each run."""
    runs = [jump(browser, url, script, last=last) for _ in range(n)]
    median = statistics.median(float("inf") if r["seconds"] is None else r["seconds"] for r in runs)
    return {
        "seconds": None if median == float("inf") else median,
        "requests": max(r["requests"] for r in runs),
        "ranks": sorted({r["rank"] for r in runs if r["rank"] is not None}),
        "runs": runs,
    }


def ms(seconds):
    return "—" if seconds is None else f"{1000 * seconds:.0f} ms"


def secs(seconds, timeout=10):
    return f"not in {timeout} s" if seconds is None else f"{seconds:.2f} s"


def ranks(values, total):
    """The rank(s) seen, and where that is in the list."""
    if not values:
        return "none"
    text = f"{values[0]:,}" if len(values) == 1 else f"{values[0]:,}–{values[-1]:,}"
    return f"{text} ({100 * values[0] / total:.1f} % of the list)"


def main():
    started = time.monotonic()
    args = argparse.ArgumentParser()
    args.add_argument("--stories", type=int, default=10_000, help="the scrolled site, and the first load-cost size")
    args.add_argument("--big", type=int, default=1_000_000, help="the large site (load cost, far jumps); 0 skips it")
    args.add_argument("--seconds", type=float, help="of scrolling per strategy and speed (5; 2 with --quick)")
    args.add_argument("--quick", action="store_true", help="fewer loads and jumps, 2 s of scrolling: a smoke run")
    args.add_argument("--json")
    opts = args.parse_args()
    seconds = opts.seconds or (2.0 if opts.quick else 5.0)
    first_loads, cost_loads, n_jumps = (3, 3, 1) if opts.quick else (5, 8, 3)
    log(f"sitegen: {SITEGEN}")
    work = tempfile.mkdtemp(prefix="sitegen-reader-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        out = run(opts, work, seconds, first_loads, cost_loads, n_jumps)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out["seconds_total"] = time.monotonic() - started
    log(f"reader.py took {out['seconds_total']:.0f} s")
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(out, f, indent=1)


def run(opts, work, seconds, first_loads, cost_loads, n_jumps):
    n = opts.stories
    source = os.path.join(work, "stories.json")
    sitegen("generate", "--count", str(n), "--seed", "7", "--output", source)
    print(f"{n:,} stories, 150 ms RTT, 1.6 Mbps, viewport 1000×800, {seconds:g} s of scrolling from the top\n")
    print("| strategy | px/s | first row | loading frames | stalled frames | KB down | requests | aborted | layout shift |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |", flush=True)
    near, rows, costs, far = [], [], [], {}
    build_big = None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for strategy in ["all", "batch", "prefetch"]:
            site = os.path.join(work, strategy)
            log(f"{strategy}: building {n:,} stories")
            sitegen("build", "--source", source, "--output", site, "--strategy", strategy, "--quiet")
            server = SiteServer(site)
            # First row: the median of fresh loads. One load alone swung from 0.5 to 1.5 s with
            # what else the machine was doing, and the landing page is the same for both speeds.
            loads = []
            for _ in range(first_loads):
                context, page, _ = open_reader(browser, server.url, count=False)
                loads.append(first_paint(page))
                context.close()
            first_row = statistics.median(loads)
            for speed in [1500, 6000]:
                log(f"{strategy}: scrolling at {speed} px/s")
                context, page, stats = open_reader(browser, server.url)
                page.wait_for_timeout(1000)
                r = page.evaluate(SCROLL_AND_SAMPLE, [speed, seconds * 1000])
                cls = page.evaluate(LAYOUT_SHIFT)
                row = {
                    "strategy": strategy, "speed": speed, "first_row": first_row, "loading": r["busyFrames"] / r["frames"],
                    "gaps": r["gapFrames"] / r["frames"], "stalled": r["stalls"] / r["frames"], "kb": stats["bytes"] / 1000,
                    "requests": stats["finished"], "aborted": stats["aborted"], "cls": cls, "frames": r["frames"],
                }
                rows.append(row)
                print(
                    f"| {strategy} | {speed} | {1000 * first_row:.0f} ms | {100 * row['loading']:.1f} % | {100 * row['stalled']:.1f} % "
                    f"| {row['kb']:.0f} | {row['requests']} | {row['aborted']} | {cls:.3f} |", flush=True
                )
                context.close()
            if strategy != "batch":
                log(f"{strategy}: {n_jumps} jump(s) to the middle")
                j = jumps(browser, server.url, f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {n // 2} * {ROW_PX})", n_jumps)
                near.append({"strategy": strategy, **j})
            if strategy == "prefetch":
                log(f"prefetch: load cost at {n:,}, {cost_loads} loads with the script and {cost_loads} without")
                costs.append(load_cost(browser, server.url, n, cost_loads))
            server.close()
        if opts.big:
            big_source = os.path.join(work, "big.jsonl")
            big_site = os.path.join(work, "big")
            log(f"generating {opts.big:,} stories")
            t = time.monotonic()
            sitegen("generate", "--count", str(opts.big), "--seed", "7", "--format", "jsonl", "--output", big_source)
            generate_big = time.monotonic() - t
            log(f"building {opts.big:,} stories (generated in {generate_big:.1f} s)")
            t = time.monotonic()
            sitegen("build", "--source", big_source, "--output", big_site, "--strategy", "prefetch", "--no-item-pages", "--quiet")
            build_big = time.monotonic() - t
            log(f"built in {build_big:.1f} s")
            os.remove(big_source)
            server = SiteServer(big_site)
            log(f"prefetch: load cost at {opts.big:,}")
            costs.append(load_cost(browser, server.url, opts.big, cost_loads))
            log(f"prefetch: {n_jumps} jump(s) to 40 % and to the end of {opts.big:,}")
            far = {
                "stories": opts.big, "generate_seconds": generate_big, "build_seconds": build_big,
                "at40": jumps(browser, server.url, "() => scrollTo(0, 0.4 * (document.scrollingElement.scrollHeight - innerHeight))", n_jumps),
                "end": jumps(browser, server.url, "() => scrollTo(0, document.scrollingElement.scrollHeight)", n_jumps, last=True),
            }
            server.close()
        browser.close()
    of = f"median of {n_jumps}" if n_jumps > 1 else "1 jump"
    print(f"\nA jump to the middle of {n:,} (bar: filled within 0.5 s, at most 4 requests)\n")
    print(f"| strategy | rows in view filled after ({of}) | requests after the jump{f' (most of {n_jumps})' if n_jumps > 1 else ''} |")
    print("| --- | ---: | ---: |")
    for j in near:
        print(f"| {j['strategy']} | {secs(j['seconds'])} | {j['requests']} |")
    print(f"\nLoad cost of the script: the landing page (prefetch) with it and with JavaScript off, {cost_loads} fresh loads each, "
          "taken in turns; the longest task, the elements and the tab stops at load + 500 ms\n")
    print(f"| stories | JavaScript | first contentful paint (median of {cost_loads}) | the script's cost | longest task at load | elements at load | tab stops in the feed |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for c in costs:
        for name in ["off", "on"]:
            x = c[name]
            cost = f"{1000 * c['script_cost']:+.0f} ms" if name == "on" else ""
            print(f"| {c['stories']:,} | {name} | {ms(x['fcp'])} | {cost} | {ms(x['longtask'])} | {x['elements']:,.0f} | {x['tab_stops']:,.0f} |")
    if far:
        print(f"\nFar in {far['stories']:,} stories (prefetch, the --no-item-pages build)\n")
        print(f"| jump | row in view | rows in view filled after ({of}) |")
        print("| --- | ---: | ---: |")
        print(f"| to 40 % of the scrollbar | first: {ranks(far['at40']['ranks'], far['stories'])} | {secs(far['at40']['seconds'])} |")
        print(f"| to the end | last: {ranks(far['end']['ranks'], far['stories'])} | {secs(far['end']['seconds'])} |")
    return {"rows": rows, "jumps": near, "load": costs, "far": far}


if __name__ == "__main__":
    main()
