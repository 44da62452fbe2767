"""One word, cold, at its worst: what a query for a rare word costs where the index is largest.

bench/search.py queries a million stories, a multiple of 64: two segments. The worst case is
three, with the middle one near its largest (960 stories: the root lists its packs), and a
word of the oldest segment's largest packs. So this bench generates 1,001,471 Zipf titles
(`sitegen generate --titles zipf`, as bench/search.py), builds them into a RAM disk, takes
the --packs largest packs of the oldest segment (gzipped), a rare title word of each (in at
most 3 titles, no author or domain: its count can be checked), and opens search/?q=WORD for
each in Chromium (1280 × 720, empty cache) until the network is idle. It counts requests as
the page makes them, sums every response gzipped at level 9 (as a static host sends them),
and says what each costs by kind: the page, its assets, directory, and each segment's pack.

    python3 bench/search_worst.py [--stories 1001471] [--packs 5] [--dir /dev/shm/sitegen-worst]

Uses $SITEGEN or .build/release/sitegen. Prints a Markdown table.
"""
import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
from conftest import CHROMIUM  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server import SiteServer  # noqa: E402
import searchindex  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from search import title_counts, gzipped, local_file, cold_query  # noqa: E402

KIB = 1024


def gz_size(path):
    return len(gzip.compress(open(path, "rb").read(), 9)) if os.path.isfile(path) else 0


def kind(url, folders):
    """What a request is: the page, an asset, or the index's directory or a segment's pack."""
    path = url.split("/", 3)[-1].split("?")[0]
    if path.startswith("search/"):
        return "page"
    if path.startswith("assets/"):
        return path.split("/")[1].split(".")[0]
    if path.startswith("x/"):
        for name, folder in folders.items():
            if path.startswith(f"x/{folder}/"):
                return name
        return "oldest pack"
    return "rows"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stories", type=int, default=1_001_471)
    parser.add_argument("--packs", type=int, default=5)
    parser.add_argument("--dir", default="/dev/shm/sitegen-worst")
    args = parser.parse_args()
    sitegen = os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "release", "sitegen")
    shutil.rmtree(args.dir, ignore_errors=True)
    os.makedirs(args.dir)
    stories, site = os.path.join(args.dir, "zipf.jsonl"), os.path.join(args.dir, "site")
    subprocess.run([sitegen, "generate", "--count", str(args.stories), "--format", "jsonl", "--titles", "zipf",
                    "--output", stories], check=True, capture_output=True)
    subprocess.run([sitegen, "build", "--quiet", "--source", stories, "--output", site], check=True)
    titles = title_counts(stories)
    os.remove(stories)

    raw = searchindex.page_config(site)["index"]
    segments = raw["segments"]
    oldest = len(segments) - 1
    # The folders of the segments the root lists, and the directories', by what they are.
    folders = {f"pack of segment {s} ({n:,} stories)": p[0] for s, ((_, n), p) in enumerate(zip(segments, raw["packs"])) if p}
    if "directories" in raw:
        folders["directory"] = raw["directories"][0]
    packs = sorted(((gz_size(os.path.join(site, "x", name + ".json")), name) for s, name in searchindex.packs(site) if s == oldest),
                   reverse=True)[:args.packs]
    words = []
    for _, name in packs:
        # A rare title word of the pack that no author or domain has, and that no other segment
        # has: as many titles hold it as the oldest segment's stories.
        word = next(e[0] for e in searchindex.pack_entries(site, name)
                    if 1 <= e[1] <= 3 and e[0].isalpha() and titles.get(e[0]) == e[1])
        words.append((word, titles[word], name))

    server = SiteServer(site)
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for word, count, _ in words:
            context, page, urls, _ = cold_query(browser, server, word, count, timeout=60000)
            parts = {}
            for url in urls:
                parts.setdefault(kind(url, folders), []).append(gz_size(local_file(site, url)))
            rows.append((word, count, len(urls), gzipped(site, urls), parts))
            context.close()
        browser.close()
    server.close()
    shutil.rmtree(args.dir, ignore_errors=True)

    print(f"{args.stories:,} stories, segments of " + ", ".join(f"{n:,}" for _, n in segments)
          + f" stories (newest first); a rare word of each of the oldest segment's {args.packs} largest packs.\n")
    print("| word | stories | requests | gzip | by kind (bytes gzipped) |")
    print("| --- | ---: | ---: | ---: | --- |")
    for word, count, requests, total, parts in rows:
        by_kind = "; ".join(f"{k} {' + '.join(f'{b:,}' for b in v)}" for k, v in parts.items())
        print(f"| {word} | {count} | {requests} | {total / KIB:.1f} KiB | {by_kind} |")


if __name__ == "__main__":
    main()
