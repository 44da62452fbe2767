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
  the script and with JavaScript off, fresh loads taken in turns so the machine's drift hits
  both; 20 each way): first contentful paint (median, p25–p75, min–max), the script's cost
  (median on − median off, and the spread of the on − off pairs), the elements in the document
  and the tab stops in the feed at load + 500 ms; then as a phone loads it (360×780, CPU
  throttled 4×), 10 loads each way, each recorded in a Chromium trace: the longest task at load
  (JavaScript off: what the page itself costs), the longest that ran sitegen.js (and the same
  without the end of parsing's style and layout, in whose task the deferred script runs), and
  first paint;
- a phone (360×780, mobile, touch, CPU 4× slower, 150 ms RTT, 1.6 Mbps) scrolling the N-story
  site (prefetch) from the top by touch (Chromium's synthetic touch gesture) at 1,500 and
  6,000 px/s: frames a second and frame times from a trace (what the compositor drew: the
  harness's own work counts nowhere), the long tasks then and those that ran sitegen.js, and
  in a second, sampled run of the same scroll, the frames with a hole (a row in view loading
  or not made yet); layout shift from both;
- at a million stories: a jump to 40 % of the scrollbar (the first row in view, time until the
  rows in view are filled) and to the end (the last row in view, the same time).

    python3 bench/reader.py [--stories N] [--big N] [--seconds S] [--loads N] [--quick]
                            [--only scroll,load,phone,far] [--trace out.json] [--json out.json]

--quick takes fewer loads and jumps and scrolls for 2 s (a smoke run; the sizes stay). --only
runs some parts (scroll: the strategies' scrolling and jumps; load: the load cost; phone; far:
the million's jumps). --trace records one load of the landing page (prefetch, N stories) as a
phone loads it in a Chromium trace with V8's sampling profiler, with the script's readable
source served in place of the minified file so functions have their names, writes it to the
file (open it in DevTools' Performance panel or ui.perfetto.dev), and prints where the script's
start-up time went: each task that ran it, what the task spent its time on, and the functions
that took the most. Prints Markdown tables; progress goes to stderr. Uses $SITEGEN, else
.build/release/sitegen when it exists (the million-story build takes minutes with a debug
build), else the debug build. Sites are built under /dev/shm (a RAM disk) when there is one,
and removed at the end. Needs what the browser tests need (bash .ci/install --test).
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
import chrometrace  # noqa: E402  (beside this file)
from conftest import CHROMIUM  # noqa: E402
from pagejs import LAYOUT_SHIFT, SCROLL_AND_SAMPLE, TOUCH_SCROLL, VISIBLE_ROWS, wait_filled  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server import SiteServer  # noqa: E402

RELEASE = os.path.join(ROOT, ".build", "release", "sitegen")
SITEGEN = os.environ.get("SITEGEN") or (RELEASE if os.path.exists(RELEASE) else os.path.join(ROOT, ".build", "debug", "sitegen"))
VIEWPORT = {"width": 1000, "height": 800}
ROW_PX = 56
# A mid-range phone, as issue 29 has it: a 360×780 screen, touch, a CPU four times slower than
# this machine's (Chromium throttles the page's main thread). Device pixel ratio 1: this
# machine rasterizes in software on its two cores, which a phone's GPU does not; the page's own
# work (script, style, layout, paint records) is the same at any ratio.
PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
PHONE_CPU = 4
PARTS = ("scroll", "load", "phone", "far")

ELEMENTS = "() => document.getElementsByTagName('*').length"

# Elements inside the feed that Tab stops at: a tabindex of 0 or more (links with href, buttons
# and form fields have it by default), not disabled, not hidden (display: none, visibility).
TAB_STOPS = """() => [...document.querySelector('[role=feed]').querySelectorAll('a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]')]
  .filter(e => e.tabIndex >= 0 && !e.disabled && !e.closest('[inert]')
    && (e.checkVisibility ? e.checkVisibility({ visibilityProperty: true }) : e.getClientRects().length > 0)).length"""

# Read synchronously (a page with JavaScript off runs no callbacks, not even the tests' own).
FIRST_PAINT = "() => { const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null; }"


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def sitegen(*args):
    out = subprocess.run([SITEGEN, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"failed: sitegen {' '.join(args)}\n{out.stderr}")


def open_reader(browser, url, count=True, javascript=True, phone=False, before_load=None):
    """A fresh page on `url`, loaded; with `count`, its requests and bytes are tallied in `stats`
    (a load only timed is closed while shards are in flight, and must not be asked their sizes).
    With `phone`, the page is a phone's (PHONE, the CPU PHONE_CPU times slower). `before_load`
    is called with the page just before it is asked for (to start a trace)."""
    options = PHONE if phone else {"viewport": VIEWPORT}
    context = browser.new_context(java_script_enabled=javascript, **options)
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
    if phone:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
    if before_load:
        before_load(page)
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


def spread(values):
    """Median, quartiles and range of `values` (seconds or ms alike)."""
    v = sorted(values)
    q = statistics.quantiles(v, n=4, method="inclusive") if len(v) > 1 else [v[0]] * 3
    return {"median": statistics.median(v), "p25": q[0], "p75": q[2], "min": v[0], "max": v[-1], "n": len(v)}


def load_once(browser, url, javascript):
    """One fresh load of `url`, looked at 500 ms after its load event."""
    context, page, _ = open_reader(browser, url, count=False, javascript=javascript)
    page.wait_for_timeout(500)
    result = {"fcp": first_paint(page), "elements": page.evaluate(ELEMENTS)}
    # The tab stops are counted last: walking ten thousand rows may be a long task of its own.
    result["tab_stops"] = page.evaluate(TAB_STOPS)
    context.close()
    return result


def in_turns(loads, once):
    """`once(javascript)` `loads` times each way, in turns (on, off, off, on, on, off, …), so the
    machine's drift hits both alike: ({True: [...], False: [...]}, [(on, off) pairs])."""
    runs, pairs = {True: [], False: []}, []
    for i in range(loads):
        pair = {}
        for javascript in ([True, False] if i % 2 == 0 else [False, True]):
            pair[javascript] = once(javascript)
            runs[javascript].append(pair[javascript])
        pairs.append((pair[True], pair[False]))
    return runs, pairs


def load_cost(browser, url, stories, loads):
    """First paint with the script and with JavaScript off, `loads` fresh loads each, in turns."""
    runs, pairs = in_turns(loads, lambda javascript: load_once(browser, url, javascript))
    result = {"stories": stories, "loads": loads}
    for javascript, name in [(False, "off"), (True, "on")]:
        r = runs[javascript]
        result[name] = {
            "fcp": spread([x["fcp"] for x in r]),
            "fcp_all": [x["fcp"] for x in r],
            "elements": statistics.median(x["elements"] for x in r),
            "tab_stops": statistics.median(x["tab_stops"] for x in r),
        }
    result["script_cost"] = result["on"]["fcp"]["median"] - result["off"]["fcp"]["median"]
    result["pairs"] = spread([on["fcp"] - off["fcp"] for on, off in pairs])
    return result


def traced_load(browser, url, javascript, profile=False, settle_ms=500):
    """One fresh load of `url` as a phone loads it, recorded in a trace from before navigation to
    `settle_ms` after the load event: (the trace's events, first paint in seconds)."""
    categories = chrometrace.CATEGORIES + ([chrometrace.PROFILER] if profile else [])
    context, page, _ = open_reader(browser, url, count=False, javascript=javascript, phone=True,
                                   before_load=lambda page: browser.start_tracing(page=page, categories=categories))
    page.wait_for_timeout(settle_ms)
    fcp = first_paint(page)
    events = chrometrace.load(browser.stop_tracing())
    context.close()
    return events, fcp


def phone_load_once(browser, url, javascript):
    events, fcp = traced_load(browser, url, javascript)
    thread = chrometrace.main_thread(events)
    tasks = chrometrace.tasks(events, thread, chrometrace.navigation_start(events, thread))
    return {
        "fcp": fcp,
        "longest": max((t["ms"] for t in tasks), default=0.0),
        "longest_script": max((t["ms"] for t in tasks if t["ran_script"]), default=0.0),
        # The deferred script runs in the task that ends parsing, before the style and layout
        # that ends it (JavaScript off has them too): those are not the script's.
        "longest_script_own": max((t["ms"] - t["layout_outside_ms"] * t["evaluated_script"] for t in tasks if t["ran_script"]), default=0.0),
        "most_script": max((t["script_ms"] for t in tasks), default=0.0),
        "script_ms": sum(t["script_ms"] for t in tasks),
    }


def phone_load_cost(browser, url, stories, loads):
    """The landing page as a phone loads it, `loads` traced loads each way in turns: the longest
    task at load (with JavaScript off, the page's own), the longest that ran sitegen.js, first paint."""
    runs, pairs = in_turns(loads, lambda javascript: phone_load_once(browser, url, javascript))
    result = {"stories": stories, "loads": loads}
    for javascript, name in [(False, "off"), (True, "on")]:
        r = runs[javascript]
        result[name] = {key: spread([x[key] for x in r]) for key in ("fcp", "longest", "longest_script", "longest_script_own", "most_script", "script_ms")}
        result[name]["runs"] = r
    result["script_cost"] = result["on"]["fcp"]["median"] - result["off"]["fcp"]["median"]
    return result


def readable_script(site):
    """Puts the script's readable source (the prefetch strategy's) in place of the minified file
    in `site`; returns a function that puts the minified file back."""
    assets = os.path.join(site, "assets")
    name = next(f for f in os.listdir(assets) if f.startswith("sitegen.") and f.endswith(".js"))
    path = os.path.join(assets, name)
    minified = open(path, "rb").read()
    source = open(os.path.join(ROOT, "Sources", "SitegenAssets", "sitegen.js")).read()
    with open(path, "w") as f:
        f.write(source.replace("SITEGEN_STRATEGY", '"prefetch"'))

    def restore():
        with open(path, "wb") as f:
            f.write(minified)

    return restore


def trace_startup(browser, site, url, out_path):
    """One load as a phone loads it, traced with V8's profiler and the readable script, written
    to `out_path`: (what it found, the Markdown saying where the script's start-up went)."""
    restore = readable_script(site)
    try:
        events, fcp = traced_load(browser, url, True, profile=True, settle_ms=1000)
    finally:
        restore()
    with open(out_path, "w") as f:
        json.dump({"traceEvents": events}, f)
    thread = chrometrace.main_thread(events)
    start = chrometrace.navigation_start(events, thread)
    tasks = chrometrace.tasks(events, thread, start)
    mine = [t for t in tasks if t["ran_script"]]
    lines = [
        f"\nWhere the script's start-up goes: one load of the landing page as a phone loads it (360×780, CPU {PHONE_CPU}×), "
        f"traced to load + 1 s (`--trace {out_path}`; the readable source served in place of the minified file)\n",
        f"First contentful paint {ms(fcp)}; {len(tasks)} tasks on the main thread, {len(mine)} of them ran sitegen.js, "
        f"{sum(t['script_ms'] for t in mine):.1f} ms inside its calls; the longest task {max(t['ms'] for t in tasks):.1f} ms.\n",
        "| task that ran sitegen.js | starts at | length | in sitegen.js's calls | where its time went (self time, ms) |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for i, t in enumerate(sorted(mine, key=lambda t: -t["ms"])[:8]):
        where = ", ".join(f"{name} {v:.1f}" for name, v in t["self"].most_common(5) if v >= 0.05)
        lines.append(f"| {i + 1} | {(t['ts'] - start) / 1000:.0f} ms | {t['ms']:.1f} ms | {t['script_ms']:.1f} ms | {where} |")
    functions = chrometrace.profile(events, thread[0], [(t["ts"], t["ts"] + 1000 * t["ms"]) for t in mine])
    lines += ["\n| function (sampled self time in those tasks) | file:line | ms |", "| --- | --- | ---: |"]
    for (name, file, line), v in functions.most_common(12):
        lines.append(f"| {name} | {file + ':' + str(line) if file else '(built in)'} | {v:.1f} |")
    found = {"fcp": fcp, "tasks": [{**{k: v for k, v in t.items() if k != "self"}, "self": dict(t["self"])} for t in mine]}
    return found, "\n".join(lines)


def phone_scroll(browser, url, speed, seconds):
    """Scrolls the page by touch at `speed` px/s for `seconds` as a phone: once traced (frames,
    tasks, layout shift) and once sampled in every frame (holes)."""
    distance = speed * seconds
    # The traced run: nothing of the harness's runs in the page while it scrolls.
    context, page, _ = open_reader(browser, url, count=False, phone=True)
    page.wait_for_timeout(1500)
    browser.start_tracing(page=page, categories=chrometrace.CATEGORIES)
    scrolled = page.evaluate(TOUCH_SCROLL, [distance, speed, False, True])["scrolled"]
    page.wait_for_timeout(300)
    events = chrometrace.load(browser.stop_tracing())
    cls_traced = page.evaluate(LAYOUT_SHIFT)
    context.close()
    thread = chrometrace.main_thread(events)
    marks = chrometrace.marks(events)
    a, b = marks["scroll-start"], marks["scroll-end"]
    frames = chrometrace.frame_stats(chrometrace.frames(events, thread[0], a, b), a, b)
    tasks = chrometrace.tasks(events, thread, a, b)
    long = [t for t in tasks if t["ms"] > chrometrace.LONG_TASK_MS]
    # The sampled run: a page-side look at every frame, for holes.
    context, page, _ = open_reader(browser, url, count=False, phone=True)
    page.wait_for_timeout(1500)
    sampled = page.evaluate(TOUCH_SCROLL, [distance, speed, True, False])
    page.wait_for_timeout(300)
    cls_sampled = page.evaluate(LAYOUT_SHIFT)
    context.close()
    return {
        "speed": speed, "seconds": (b - a) / 1e6, "scrolled": scrolled, **frames,
        "long_tasks": len(long), "long_script": sum(t["ran_script"] for t in long),
        "longest_script": max((t["ms"] for t in tasks if t["ran_script"]), default=0.0),
        "script_ms": sum(t["script_ms"] for t in tasks), "busy": sum(t["ms"] for t in tasks) / ((b - a) / 1000),
        "sampled_frames": sampled["frames"], "hole_frames": sampled["holeFrames"], "hole_rows": sampled["holeRows"],
        "cls": max(cls_traced, cls_sampled),
    }


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


def span(s, scale=1000, signed=False):
    """A spread as 'median (p25–p75, min–max)', in ms."""
    f = (lambda x: f"{scale * x:+.0f}") if signed else (lambda x: f"{scale * x:.0f}")
    return f"{f(s['median'])} ms ({f(s['p25'])}–{f(s['p75'])}, {f(s['min'])}–{f(s['max'])})"


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
    args.add_argument("--seconds", type=float, help="of scrolling per strategy and speed (5, a phone 8; 2 with --quick)")
    args.add_argument("--loads", type=int, help="fresh loads each way for first paint (20; 3 with --quick); a phone's traced loads are half")
    args.add_argument("--quick", action="store_true", help="fewer loads and jumps, 2 s of scrolling: a smoke run")
    args.add_argument("--only", help=f"a comma-separated list of parts to run, of {', '.join(PARTS)} (all)")
    args.add_argument("--trace", metavar="FILE", help="record one phone load's trace into FILE and print where the script's start-up goes")
    args.add_argument("--json")
    opts = args.parse_args()
    opts.parts = set(opts.only.split(",")) if opts.only else set(PARTS)
    if opts.parts - set(PARTS):
        sys.exit(f"--only: unknown part(s) {', '.join(sorted(opts.parts - set(PARTS)))}")
    seconds = opts.seconds or (2.0 if opts.quick else 5.0)
    phone_seconds = opts.seconds or (2.0 if opts.quick else 8.0)
    loads = opts.loads or (3 if opts.quick else 20)
    first_loads, n_jumps = (3, 1) if opts.quick else (5, 3)
    log(f"sitegen: {SITEGEN}")
    work = tempfile.mkdtemp(prefix="sitegen-reader-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        out = run(opts, work, seconds, phone_seconds, first_loads, loads, n_jumps)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out["seconds_total"] = time.monotonic() - started
    log(f"reader.py took {out['seconds_total']:.0f} s")
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(out, f, indent=1)


def scroll_strategies(browser, server, strategy, seconds, first_loads):
    """The strategy's rows of the scrolling table."""
    # First row: the median of fresh loads. One load alone swung from 0.5 to 1.5 s with
    # what else the machine was doing, and the landing page is the same for both speeds.
    loads = []
    for _ in range(first_loads):
        context, page, _ = open_reader(browser, server.url, count=False)
        loads.append(first_paint(page))
        context.close()
    first_row = statistics.median(loads)
    rows = []
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
    return rows


def run(opts, work, seconds, phone_seconds, first_loads, loads, n_jumps):
    n = opts.stories
    parts = opts.parts
    slow_loads = max(3, loads // 2)
    source = os.path.join(work, "stories.json")
    sitegen("generate", "--count", str(n), "--seed", "7", "--output", source)
    if "scroll" in parts:
        print(f"{n:,} stories, 150 ms RTT, 1.6 Mbps, viewport 1000×800, {seconds:g} s of scrolling from the top\n")
        print("| strategy | px/s | first row | loading frames | stalled frames | KB down | requests | aborted | layout shift |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |", flush=True)
    near, rows, costs, phone_costs, phone, far, startup, startup_text = [], [], [], [], [], {}, None, None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        strategies = ["all", "batch", "prefetch"] if "scroll" in parts else ["prefetch"]
        for strategy in strategies:
            site = os.path.join(work, strategy)
            log(f"{strategy}: building {n:,} stories")
            sitegen("build", "--source", source, "--output", site, "--strategy", strategy, "--quiet")
            server = SiteServer(site)
            if "scroll" in parts:
                rows += scroll_strategies(browser, server, strategy, seconds, first_loads)
                if strategy != "batch":
                    log(f"{strategy}: {n_jumps} jump(s) to the middle")
                    j = jumps(browser, server.url, f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {n // 2} * {ROW_PX})", n_jumps)
                    near.append({"strategy": strategy, **j})
            if strategy == "prefetch":
                if "load" in parts:
                    log(f"prefetch: load cost at {n:,}, {loads} loads with the script and {loads} without")
                    costs.append(load_cost(browser, server.url, n, loads))
                    log(f"prefetch: a phone's load at {n:,}, {slow_loads} traced loads each way")
                    phone_costs.append(phone_load_cost(browser, server.url, n, slow_loads))
                if "phone" in parts or opts.trace:
                    # chrome.gpuBenchmarking (the touch gesture) is given to pages only with this flag.
                    touch = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--enable-gpu-benchmarking"])
                    if "phone" in parts:
                        for speed in [1500, 6000]:
                            log(f"phone: touch scrolling at {speed} px/s, traced, then sampled")
                            phone.append(phone_scroll(touch, server.url, speed, phone_seconds))
                    if opts.trace:
                        log(f"phone: a traced load into {opts.trace}")
                        startup, startup_text = trace_startup(touch, site, server.url, opts.trace)
                    touch.close()
            server.close()
        if opts.big and ("load" in parts or "far" in parts):
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
            if "load" in parts:
                log(f"prefetch: load cost at {opts.big:,}")
                costs.append(load_cost(browser, server.url, opts.big, loads))
                log(f"prefetch: a phone's load at {opts.big:,}")
                phone_costs.append(phone_load_cost(browser, server.url, opts.big, slow_loads))
            if "far" in parts:
                log(f"prefetch: {n_jumps} jump(s) to 40 % and to the end of {opts.big:,}")
                far = {
                    "stories": opts.big, "generate_seconds": generate_big, "build_seconds": build_big,
                    "at40": jumps(browser, server.url, "() => scrollTo(0, 0.4 * (document.scrollingElement.scrollHeight - innerHeight))", n_jumps),
                    "end": jumps(browser, server.url, "() => scrollTo(0, document.scrollingElement.scrollHeight)", n_jumps, last=True),
                }
            server.close()
        browser.close()
    of = f"median of {n_jumps}" if n_jumps > 1 else "1 jump"
    if near:
        print(f"\nA jump to the middle of {n:,} (bar: filled within 0.5 s, at most 4 requests)\n")
        print(f"| strategy | rows in view filled after ({of}) | requests after the jump{f' (most of {n_jumps})' if n_jumps > 1 else ''} |")
        print("| --- | ---: | ---: |")
        for j in near:
            print(f"| {j['strategy']} | {secs(j['seconds'])} | {j['requests']} |")
    if costs:
        print(f"\nLoad cost of the script: the landing page (prefetch) with it and with JavaScript off, {loads} fresh loads each, "
              "taken in turns; first contentful paint as median (p25–p75, min–max); the script's cost is the median with it "
              "less the median without (bar: 20 ms), then the spread of the on − off pairs; elements and tab stops at load + 500 ms\n")
        print("| stories | JavaScript | first contentful paint | the script's cost | on − off, pair by pair | elements at load | tab stops in the feed |")
        print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
        for c in costs:
            for name in ["off", "on"]:
                x = c[name]
                cost = f"{1000 * c['script_cost']:+.0f} ms" if name == "on" else ""
                pairs = span(c["pairs"], signed=True) if name == "on" else ""
                print(f"| {c['stories']:,} | {name} | {span(x['fcp'])} | {cost} | {pairs} | {x['elements']:,.0f} | {x['tab_stops']:,.0f} |")
    if phone_costs:
        print(f"\nThe same landing page as a phone loads it (360×780, touch, CPU {PHONE_CPU}× slower, the same network), "
              f"{phone_costs[0]['loads']} loads each way in turns, each in a Chromium trace from navigation to load + 500 ms: "
              "the longest main-thread task (with JavaScript off, the page's own: parsing, style, layout), the longest that ran "
              "sitegen.js, the same less the style and layout that end parsing in the task that ran the script's top level "
              "(the script is deferred: it runs in that task, before them), and the most time spent inside its calls in one "
              "task (bar: no task of sitegen.js's over 50 ms), median (min–max)\n")
        print("| stories | JavaScript | first contentful paint | longest task | longest task that ran sitegen.js "
              "| the same, less the end of parsing's layout | most time in sitegen.js in one task | time in sitegen.js |")
        print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for c in phone_costs:
            for name in ["off", "on"]:
                x = c[name]
                mm = lambda s: f"{s['median']:.0f} ms ({s['min']:.0f}–{s['max']:.0f})"  # noqa: E731
                keys = ("longest_script", "longest_script_own", "most_script", "script_ms")
                script = " | ".join(mm(x[k]) for k in keys) if name == "on" else " |  |  | "
                print(f"| {c['stories']:,} | {name} | {span(x['fcp'])} | {mm(x['longest'])} | {script} |")
    if phone:
        print(f"\nOn a phone: {n:,} stories (prefetch), 360×780, touch, CPU {PHONE_CPU}× slower, 150 ms RTT, 1.6 Mbps; "
              f"{phone_seconds:g} s of touch scrolling from the top (Chromium's synthetic touch gesture). Frames and tasks from a "
              "trace of the scroll; holes (frames with a row in view loading or not made) from a second run sampling every frame. "
              "Bars: ≥ 50 fps, p95 frame ≤ 33 ms, no long task of sitegen.js, 0 holes, CLS 0\n")
        print("| px/s | frames a second | p95 frame | longest frame | long tasks (sitegen.js's) | longest task of sitegen.js "
              "| in sitegen.js | main thread busy | frames with a hole | layout shift |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for r in phone:
            print(f"| {r['speed']:,} | {r['fps']:.1f} | {r['p95_ms']:.1f} ms | {r['max_ms']:.0f} ms | {r['long_tasks']} ({r['long_script']}) "
                  f"| {r['longest_script']:.0f} ms | {r['script_ms'] / 1000:.2f} s | {100 * r['busy']:.0f} % "
                  f"| {r['hole_frames']} of {r['sampled_frames']} | {r['cls']:.3f} |")
    if far:
        print(f"\nFar in {far['stories']:,} stories (prefetch, the --no-item-pages build)\n")
        print(f"| jump | row in view | rows in view filled after ({of}) |")
        print("| --- | ---: | ---: |")
        print(f"| to 40 % of the scrollbar | first: {ranks(far['at40']['ranks'], far['stories'])} | {secs(far['at40']['seconds'])} |")
        print(f"| to the end | last: {ranks(far['end']['ranks'], far['stories'])} | {secs(far['end']['seconds'])} |")
    if startup_text:
        print(startup_text)
    return {"rows": rows, "jumps": near, "load": costs, "phone_load": phone_costs, "phone": phone, "far": far, "startup": startup}


if __name__ == "__main__":
    main()
