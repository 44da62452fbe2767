"""First view: what page 1 costs a reader on a new connection, at 1,000 and 1,000,000 stories.

Builds each site (one JSON Lines source a size), serves it on 127.0.0.1, opens page 1 in real
Chromium and records every response that finished before the load event (HTML, CSS, the script,
and whatever the script asks for at once: a manifest part, shards). Each body is gzipped at
level 9, as a static host precompresses, and the sizes are summed. The goal: at most 14 KiB at
each size (the first round trip of a new TCP connection: 10 segments of 1,460 bytes), and the
two within 5 % of each other, so a site's first view does not grow with its list.

    python3 bench/first_view.py [--sizes 1000 1000000] [--json out.json]

Uses $SITEGEN or .build/release/sitegen. Prints a Markdown table.
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
from conftest import CHROMIUM  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server import SiteServer  # noqa: E402

BUDGET = 14 * 1024


def measure(browser, url, site):
    """(path, raw bytes, gzip -9 bytes) of each file that finished loading before the load event."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    paths = []
    loaded = {"done": False}
    # Only the URL is kept here: a page's event handler must not call back into the browser.
    page.on("requestfinished", lambda request: None if loaded["done"] else paths.append(request.url.split("/", 3)[-1]))
    page.goto(url, wait_until="load")
    loaded["done"] = True
    context.close()
    files = []
    for path in paths:
        local = os.path.join(site, path.split("?")[0])
        if path == "" or path.endswith("/"):
            local = os.path.join(local, "index.html")
        if os.path.isfile(local):
            body = open(local, "rb").read()
            files.append((path or "index.html", len(body), len(gzip.compress(body, 9))))
    return files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 1_000_000])
    parser.add_argument("--json")
    args = parser.parse_args()
    sitegen = os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "release", "sitegen")
    work = tempfile.mkdtemp(prefix="sitegen-first-view-")
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for n in args.sizes:
            source = os.path.join(work, f"stories-{n}.jsonl")
            site = os.path.join(work, f"site-{n}")
            subprocess.run([sitegen, "generate", "--count", str(n), "--format", "jsonl", "--output", source], check=True, capture_output=True)
            subprocess.run([sitegen, "build", "--source", source, "--output", site, "--quiet"], check=True, capture_output=True)
            server = SiteServer(site)
            files = measure(browser, server.url, site)
            server.close()
            results.append({"stories": n, "files": files, "raw": sum(f[1] for f in files), "gzip": sum(f[2] for f in files)})
        browser.close()
    print("| stories | files before load | raw | gzip -9 | budget |")
    print("| ---: | --- | ---: | ---: | --- |")
    for r in results:
        names = ", ".join(os.path.basename(f[0].rstrip("/")) or f[0] for f in r["files"])
        ok = "within 14 KiB" if r["gzip"] <= BUDGET else "OVER 14 KiB"
        print(f"| {r['stories']:,} | {len(r['files'])}: {names} | {r['raw'] / 1024:.1f} KiB | {r['gzip'] / 1024:.1f} KiB | {ok} |")
    sizes = [r["gzip"] for r in results]
    spread = (max(sizes) - min(sizes)) / min(sizes) if sizes and min(sizes) else 1
    print(f"\nLargest and smallest first view differ by {100 * spread:.1f} % (goal: at most 5 %).")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"results": results, "spread": spread}, f, indent=1)
    sys.exit(0 if all(s <= BUDGET for s in sizes) and spread <= 0.05 else 1)


if __name__ == "__main__":
    main()
