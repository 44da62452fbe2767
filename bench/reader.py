"""Reader benchmark: the three loading strategies in real Chromium, as a reader meets them.

Builds a site of N stories (default 10,000) per strategy, serves it on 127.0.0.1, emulates
150 ms round trip and 1.6 Mbps in Chromium, and for each strategy and speed scrolls from the top
for a fixed time, sampling every frame: the share of frames with a loading row in view, the share
stalled at the end of the rows there are, bytes and requests (finished and aborted), and layout
shift. Then a jump to the middle: time until the rows in view are filled and shard downloads.

    python3 bench/reader.py [--stories N] [--seconds S] [--json out.json]

Prints a Markdown table. Needs what the browser tests need (bash .ci/install --test).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "browser"))
from conftest import CHROMIUM, SITEGEN  # noqa: E402
from pagejs import LAYOUT_SHIFT, SCROLL_AND_SAMPLE, wait_filled  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server import SiteServer  # noqa: E402


def open_reader(browser, url, count=True):
    """A fresh page on `url`; with `count`, its requests and bytes are tallied in `stats` (a
    load only timed is closed while shards are in flight, and must not be asked their sizes)."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    stats = {"bytes": 0, "finished": 0, "aborted": 0}

    def finished(request):
        stats["finished"] += 1
        sizes = request.sizes()
        stats["bytes"] += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    if count:
        page.on("requestfinished", finished)
        page.on("requestfailed", lambda r: stats.__setitem__("aborted", stats["aborted"] + 1))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 200_000})
    start = time.monotonic()
    page.goto(url, wait_until="load")
    # The rows of the landing page are in its HTML, so the first row shows at first contentful paint.
    first_row = page.evaluate("""() => new Promise(resolve => {
        new PerformanceObserver(list => {
            const fcp = list.getEntries().find(e => e.name === 'first-contentful-paint')
            if (fcp) resolve(fcp.startTime / 1000)
        }).observe({type: 'paint', buffered: true})
        setTimeout(() => resolve(NaN), 5000)
    })""")
    return context, page, stats, first_row


def main():
    args = argparse.ArgumentParser()
    args.add_argument("--stories", type=int, default=10_000)
    args.add_argument("--seconds", type=float, default=5.0)
    args.add_argument("--json")
    opts = args.parse_args()
    work = tempfile.mkdtemp(prefix="sitegen-reader-")
    source = os.path.join(work, "stories.json")
    subprocess.run([SITEGEN, "generate", "--count", str(opts.stories), "--seed", "7", "--output", source], check=True, capture_output=True)
    print(f"{opts.stories} stories, 150 ms RTT, 1.6 Mbps, viewport 1000×800, {opts.seconds:g} s of scrolling from the top\n")
    print("| strategy | px/s | first row | loading frames | stalled frames | KB down | requests | aborted | layout shift |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    jumps = []
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for strategy in ["all", "batch", "prefetch"]:
            site = os.path.join(work, strategy)
            subprocess.run([SITEGEN, "build", "--source", source, "--output", site, "--strategy", strategy], check=True, capture_output=True)
            server = SiteServer(site)
            # First row: the median of five fresh loads. One load alone swung from 0.5 to 1.5 s
            # with what else the machine was doing, and the landing page is the same for both
            # speeds.
            loads = []
            for _ in range(5):
                context, _, _, seconds = open_reader(browser, server.url, count=False)
                loads.append(seconds)
                context.close()
            first_row = statistics.median(loads)
            for speed in [1500, 6000]:
                context, page, stats, _ = open_reader(browser, server.url)
                page.wait_for_timeout(1000)
                r = page.evaluate(SCROLL_AND_SAMPLE, [speed, opts.seconds * 1000])
                cls = page.evaluate(LAYOUT_SHIFT)
                row = {
                    "strategy": strategy, "speed": speed, "first_row": first_row, "loading": r["busyFrames"] / r["frames"],
                    "stalled": r["stalls"] / r["frames"], "kb": stats["bytes"] / 1000, "requests": stats["finished"],
                    "aborted": stats["aborted"], "cls": cls,
                }
                rows.append(row)
                print(
                    f"| {strategy} | {speed} | {1000 * first_row:.0f} ms | {100 * row['loading']:.1f} % | {100 * row['stalled']:.1f} % "
                    f"| {row['kb']:.0f} | {row['requests']} | {row['aborted']} | {cls:.3f} |"
                )
                context.close()
            if strategy != "batch":
                context, page, stats, _ = open_reader(browser, server.url)
                page.wait_for_timeout(1500)
                before = stats["finished"]
                page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {opts.stories // 2} * 56)")
                seconds = wait_filled(page, timeout=10.0)
                page.wait_for_timeout(2000)
                jumps.append((strategy, seconds, stats["finished"] - before))
                context.close()
            server.close()
        browser.close()
    print("\n| strategy | jump to the middle: rows in view filled after | requests after the jump |")
    print("| --- | ---: | ---: |")
    for strategy, seconds, requests in jumps:
        print(f"| {strategy} | {seconds:.2f} s | {requests} |")
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"rows": rows, "jumps": [{"strategy": s, "seconds": t, "requests": n} for s, t, n in jumps]}, f, indent=1)


if __name__ == "__main__":
    main()
