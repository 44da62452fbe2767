"""Live-reload benchmark: how long from saving a template to the open page showing it.

Makes a site with `sitegen init` (or uses --stories N generated stories as its source), runs
`sitegen serve`, opens the page in Chromium, then N times edits Templates/page.mustache and
times until the edit is on screen: polling (up to 250 ms) + rebuild + the reload's request.
Also times one rebuild-free round trip: GET / and a 304 for its ETag.

    python3 bench/reload.py [--runs N] [--stories N]

Needs what the browser tests need (bash .ci/install --test) and a built sitegen ($SITEGEN).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "browser"))
from conftest import CHROMIUM, SITEGEN  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_serve import Serve  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--stories", type=int, default=0, help="0: the three stories sitegen init writes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sitegen-reload-") as work:
        site = os.path.join(work, "site")
        subprocess.run([SITEGEN, "init", site], check=True, capture_output=True)
        extra = []
        if args.stories:
            data = os.path.join(work, "stories.json")
            subprocess.run([SITEGEN, "generate", "--count", str(args.stories), "--output", data], check=True, capture_output=True)
            extra = ["--source", data]
        server = Serve(site, *extra)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                page = browser.new_page()
                page.goto(server.url, wait_until="load")
                page.wait_for_timeout(500)
                template = os.path.join(site, "Templates", "page.mustache")
                original = open(template, encoding="utf-8").read()
                times = []
                for run in range(args.runs):
                    started = time.monotonic()
                    with open(template, "w", encoding="utf-8") as f:
                        f.write(f'<p id="run-{run}">run {run}</p>\n' + original)
                    page.wait_for_selector(f"#run-{run}", timeout=30_000)
                    times.append(time.monotonic() - started)
                    page.wait_for_timeout(300)
                browser.close()
            with urllib.request.urlopen(server.url) as response:
                etag = response.headers["ETag"]
            started = time.monotonic()
            for _ in range(100):
                request = urllib.request.Request(server.url, headers={"If-None-Match": etag})
                try:
                    urllib.request.urlopen(request)
                except urllib.error.HTTPError as error:
                    assert error.code == 304
            not_modified_ms = (time.monotonic() - started) * 10
        finally:
            server.stop()
    stories = args.stories or 3
    print(f"| stories | runs | edit → reloaded, median | max | 304 round trip |")
    print(f"| ---: | ---: | ---: | ---: | ---: |")
    print(f"| {stories:,} | {args.runs} | {statistics.median(times):.2f} s | {max(times):.2f} s | {not_modified_ms:.1f} ms |")


if __name__ == "__main__":
    main()
