"""Threads: what a thread of 2,500 comments 24 deep costs a reader, and what comments cost a build.

Reader (real Chromium, a site built from `sitegen generate --format hn --threads
--first-thread 2500 --deepest 24`, served gzipped on 127.0.0.1):

- first view: the story's page, its two stylesheets and thread.js, each gzipped at level 9 (the
  manifest the script then asks for is given apart);
- the script's cost: Chromium's ScriptDuration and first contentful paint with thread.js and
  with thread.js blocked, --loads loads each in turns, medians;
- the most elements the document holds while the reader scrolls to the end at 6,000 px/s, and
  the rows seen empty in the viewport on the way (each a sighting; the longest any stayed
  empty);
- a link to the thread's deepest comment, and to the deepest one past the story's page, on a
  150 ms / 1.6 Mbps link: from navigation to the comment shown, filled, at the top.

Build (`--build`): 100,000 stories with 1,000,000 comments in a folder on a RAM disk, built
with every default on, and the same stories with --comments 0, in turns: wall time and peak
RSS (GNU time).

    python3 bench/threads.py [--loads 15] [--build] [--dir /dev/shm/sitegen-threads]

Uses $SITEGEN or .build/release/sitegen. Prints Markdown tables.
"""
import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
from conftest import CHROMIUM  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server import SiteServer  # noqa: E402

from build import timed  # noqa: E402

SITEGEN = os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "release", "sitegen")


def run(*args):
    subprocess.run([SITEGEN, *args], check=True, capture_output=True)


def gz(path):
    with open(path, "rb") as f:
        return len(gzip.compress(f.read(), 9))


def throttle(context, page, rtt_ms, kbps):
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": rtt_ms, "downloadThroughput": kbps * 1000 / 8, "uploadThroughput": kbps * 1000 / 8})
    return cdp


def reader(folder, loads):
    source, out = os.path.join(folder, "hn"), os.path.join(folder, "out")
    shutil.rmtree(folder, ignore_errors=True)
    run("generate", "--count", "30", "--format", "hn", "--threads", "--first-thread", "2500", "--deepest", "24", "--output", source)
    run("build", "--source", source, "--output", out)
    story = json.load(open(os.path.join(source, "topstories.json")))[0]
    html_path = os.path.join(out, "item", str(story), "index.html")
    html = open(html_path).read()
    config = json.loads(html.split('id="sitegen-thread">')[1].split("</script>")[0])
    manifest_path = os.path.join(out, config["manifest"].lstrip("/"))
    manifest = json.load(open(manifest_path))
    linked = [p.split('"')[0] for p in html.split('href="')[1:] if p.split('"')[0].endswith(".css")]
    script = html.split('<script src="')[1].split('"')[0]
    first_view = gz(html_path) + sum(gz(os.path.join(out, p.lstrip("/"))) for p in linked + [script])
    results = {"comments": manifest["rows"], "deepest": max(manifest["depths"]) + 1, "first view": first_view,
               "manifest": gz(manifest_path)}

    # Gzipped as a static host or CDN sends it (level 6).
    server = SiteServer(out, compress=True)
    url = f"{server.url}item/{story}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            # The script's cost: with it and with it blocked, in turns.
            costs = {True: [], False: []}
            paints = {True: [], False: []}
            for k in range(2 * loads):
                with_script = k % 2 == 0
                context = browser.new_context(viewport={"width": 1000, "height": 800})
                page = context.new_page()
                if not with_script:
                    page.route("**/thread.*.js", lambda route: route.abort())
                cdp = context.new_cdp_session(page)
                cdp.send("Performance.enable")
                page.goto(url, wait_until="load")
                page.wait_for_timeout(300)
                metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
                costs[with_script].append(metrics["ScriptDuration"] * 1000)
                paints[with_script].append(page.evaluate(
                    "() => performance.getEntriesByName('first-contentful-paint')[0].startTime"))
                context.close()
            results["script ms"] = statistics.median(costs[True]) - statistics.median(costs[False])
            results["paint ms"] = statistics.median(paints[True]) - statistics.median(paints[False])

            # Scroll to the end at 6,000 px/s on the slow link.
            context = browser.new_context(viewport={"width": 1000, "height": 800})
            page = context.new_page()
            throttle(context, page, 150, 1600)
            page.goto(url, wait_until="load")
            page.wait_for_selector(".thread-view")
            most, sightings, empty_since, longest = 0, 0, {}, 0.0
            start = time.monotonic()
            for _ in range(4000):
                page.mouse.wheel(0, 200)
                page.wait_for_timeout(33)
                view = page.evaluate("""() => {
                  const busy = [...document.querySelectorAll('.thread-view > li[aria-busy]')].filter(li => {
                    const r = li.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }).map(li => li.id);
                  return { busy, elements: document.getElementsByTagName('*').length,
                           end: scrollY + innerHeight >= document.documentElement.scrollHeight - 2 }; }""")
                now = time.monotonic()
                most = max(most, view["elements"])
                sightings += len(view["busy"])
                for row in view["busy"]:
                    empty_since.setdefault(row, now)
                for row in list(empty_since):
                    if row not in view["busy"]:
                        longest = max(longest, now - empty_since.pop(row))
                if view["end"]:
                    break
            results["scroll s"] = time.monotonic() - start
            results["most elements"] = most
            results["empty sightings"] = sightings
            results["longest empty s"] = longest
            context.close()

            # Links to the deepest comment, and to the deepest past the story's page.
            depths = manifest["depths"]
            deepest = max(range(len(depths)), key=lambda r: depths[r])
            later = max(range(manifest["pages"][1], len(depths)), key=lambda r: depths[r])
            for name, row in [("link deepest", deepest), ("link deepest later", later)]:
                times = []
                for _ in range(3):
                    context = browser.new_context(viewport={"width": 1000, "height": 800})
                    page = context.new_page()
                    throttle(context, page, 150, 1600)
                    cid = manifest["ids"][row]
                    began = time.monotonic()
                    page.goto(f"{url}#c{cid}", wait_until="commit")
                    page.wait_for_function(f"""() => {{ const e = document.getElementById('c{cid}');
                        if (!e || e.hasAttribute('aria-busy')) return false;
                        const top = e.getBoundingClientRect().top; return top > -4 && top < innerHeight / 2; }}""",
                                           timeout=20000, polling=10)
                    times.append(time.monotonic() - began)
                    context.close()
                results[name] = statistics.median(times)
                results[name + " row"] = row
            browser.close()
    finally:
        server.close()
    return results


def build(folder):
    source = os.path.join(folder, "big")
    if not os.path.exists(os.path.join(source, "topstories.json")):
        shutil.rmtree(source, ignore_errors=True)
        run("generate", "--count", "100000", "--format", "hn", "--threads", "--comments", "1000000", "--output", source)
    rows = []
    for k in range(4):
        comments = k % 2 == 0
        out = os.path.join(folder, "big-out")
        shutil.rmtree(out, ignore_errors=True)
        wall, kib = timed([SITEGEN, "build", "--source", source, "--output", out, "--quiet"]
                          + ([] if comments else ["--comments", "0"]))
        rows.append((comments, wall, kib))
        shutil.rmtree(out, ignore_errors=True)
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", default="/dev/shm/sitegen-threads")
    parser.add_argument("--loads", type=int, default=15)
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--no-reader", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    if not args.no_reader:
        r = reader(os.path.join(args.dir, "reader"), args.loads)
        print(f"A thread of {r['comments']:,} comments, {r['deepest']} levels deep (Chromium, 150 ms / 1.6 Mbps where a link is):\n")
        print("| measure | value | bar |")
        print("| --- | ---: | ---: |")
        print(f"| first view (HTML, CSS, script), gzip -9 | {r['first view']:,} B | 30,000 B |")
        print(f"| the manifest the script then reads, gzip -9 | {r['manifest']:,} B | |")
        print(f"| script time (ScriptDuration, with − without thread.js, median of {args.loads}) | {r['script ms']:.1f} ms | 20 ms |")
        print(f"| first contentful paint, with − without thread.js | {r['paint ms']:.1f} ms | 20 ms |")
        print(f"| most elements while scrolling to the end at 6,000 px/s | {r['most elements']:,} | 1,500 |")
        print(f"| rows seen empty on the way (sightings); longest empty | {r['empty sightings']}; {r['longest empty s']:.2f} s | |")
        print(f"| link to the deepest comment (row {r['link deepest row']}) shown | {r['link deepest']:.2f} s | 1 s |")
        print(f"| link to the deepest comment past the story's page (row {r['link deepest later row']}) shown | {r['link deepest later']:.2f} s | 1 s |")
    if args.build:
        rows = build(args.dir)
        print("\n100,000 stories with 1,000,000 comments, RAM disk, every default on:\n")
        print("| build | wall | peak RSS |")
        print("| --- | ---: | ---: |")
        for comments, wall, kib in rows:
            print(f"| {'with threads' if comments else '--comments 0'} | {wall:.1f} s | {kib / 1024:,.0f} MiB |")
        best = {c: min(w for cc, w, _ in rows if cc == c) for c in (True, False)}
        print(f"\nWith threads ÷ without: {best[True] / best[False]:.2f} (best of two each, in turns).")


if __name__ == "__main__":
    main()
