"""Search: what a query costs a reader, and what the index costs the build, against Pagefind.

sitegen: generates stories whose titles follow a Zipf law (`sitegen generate --titles zipf`),
builds them with and without the index, in turns, into a RAM disk (the program is measured, not
the disk; best of --runs each), and counts the index's files. Then, in real Chromium against a
server on 127.0.0.1, opens /search/?q=WORD with an empty cache for a word in 3 titles, one in
about 500 and the commonest (about a tenth of all titles), waits until the network is idle, and
sums every response gzipped at level 9, as a static host precompresses. In the same page it
then asks for a second word of the same pack and counts that query's requests; then three pairs
of words (the one in about 500 titles with the commonest, and with one in 3 % of the titles,
and the two commonest). Last, each of
those words and pairs, cold, on a slow link (150 ms round trip, 1.6 Mbps, files gzipped by
the server as a static host sends them): the time from navigation to the count stated and the
rows in view filled (median of --link-runs loads), from this bench's server on HTTP/1.1 and
from a real nginx on HTTP/2 (bench/nginxhost.py).

Pagefind (`pip install "pagefind[bin]"`, --pagefind-max and below): one HTML page per story
(the unit it indexes: the title, author and domain, as sitegen indexes them), indexed by
`pagefind --site`, then in the same browser a page that imports its pagefind.js, searches for
the same word and loads the first 16 results' data (sitegen's first view: the rows its pack
holds); then a second word. Its index build is timed on the same RAM disk.

    python3 bench/search.py [--sizes 10000 100000 1000000] [--pagefind-max 100000] [--runs 3]
                            [--link-runs 5] [--json out.json]

Uses $SITEGEN or .build/release/sitegen. Prints Markdown tables.
"""
import argparse
import collections
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time
import unicodedata

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
from conftest import CHROMIUM  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server import SiteServer  # noqa: E402
import searchindex  # noqa: E402
from nginxhost import NginxHost  # noqa: E402  (beside this file)
from build import timed  # noqa: E402  (wall seconds, peak RSS in KiB) of one run, by GNU time

KIB = 1024


def count_files(folder):
    return sum(len(files) for _, _, files in os.walk(folder))


def local_file(site, url):
    path = url.split("/", 3)[-1].split("?")[0]
    local = os.path.join(site, path)
    return os.path.join(local, "index.html") if path == "" or path.endswith("/") else local


def gzipped(site, urls):
    total = 0
    for url in urls:
        local = local_file(site, url)
        if os.path.isfile(local):
            total += len(gzip.compress(open(local, "rb").read(), 9))
    return total


def index_words(site):
    """word → (count, its pack in the largest segment) for every word of a sitegen site's index
    (a word's count is its segments' counts added up)."""
    segments = searchindex.root(site)["segments"]
    largest = max(range(len(segments)), key=lambda s: segments[s][1])
    words = {}
    for word, held in searchindex.entries(site).items():
        words[word] = (sum(entry[1] for _, entry in held), None)
    for segment, name in searchindex.packs(site):
        if segment == largest:
            for entry in searchindex.load(site, name)["words"]:
                words[entry[0]] = (words[entry[0]][0], name)
    return words


def same_packs(site, a, b):
    """In how many segments words a and b are in the same pack (a query for b after a needs no
    pack of those)."""
    segments = range(len(searchindex.root(site)["segments"]))
    return sum(searchindex.pack_of(site, a, s) == searchindex.pack_of(site, b, s) for s in segments)


def fold(word):
    """SearchWords' fold (lowercase, NFD, marks dropped), for these titles' words."""
    word = unicodedata.normalize("NFD", word.lower())
    return "".join(c for c in word if not unicodedata.category(c).startswith("M"))


def title_counts(stories_file):
    """folded title word → the number of titles holding it."""
    counts = collections.Counter()
    for line in open(stories_file):
        counts.update(set(fold(w) for w in json.loads(line)["title"].split()))
    return counts


def exact_words(words, titles):
    """{title word: the titles holding it} for the words the index counts as the titles do (no
    author or domain has them), so that a stated count can be checked."""
    return {w: c for w, c in titles.items() if words.get(w, (0,))[0] == c}


def pick_words(site, words, titles, stories):
    """A word in 3 titles, one in about 500, the commonest title word (about a tenth of the
    titles; "com", in half the stories' domains, is not a title word); each with a second
    word of its pack. Only words the index counts as the titles do (no author
    or domain has them), so the stated count can be checked."""
    exact = exact_words(words, titles)
    three = min((w for w, c in exact.items() if c == 3), key=lambda w: (-len(w), w))
    near500 = min(exact, key=lambda w: (abs(exact[w] - 500), w))
    common = max(exact, key=lambda w: (exact[w], w))
    picks = []
    for label, word in [("3 titles", three), ("~500 titles", near500), (f"commonest, {exact[common] / stories:.1%} of titles", common)]:
        pack = words[word][1]
        # Another word of its pack in the largest segment, in as many of the other segments'
        # packs too as there is one (a query for it then needs no pack), the commonest such:
        # one whose first rows are also a full screen.
        others = sorted((w for w, (c, s) in words.items() if s == pack and w != word), key=lambda w: (-words[w][0], w))[:200]
        if not others:
            # A word of many rows may fill a pack alone (packs are cut by their gzipped size):
            # then the next word, whose pack the second query loads.
            ordered = sorted(words)
            others = ordered[ordered.index(word) + 1:][:1] or ordered[:1]
        second = max(others, key=lambda w: (same_packs(site, word, w), words[w][0]))
        picks.append((label, word, second, exact[word]))
    return picks


def new_page(browser):
    """A page in a fresh context (an empty cache), and the list of URLs it asks for. (As asked,
    not as finished: Playwright handed this process some "requestfinished" events only after
    the network was idle, and a query's pack went uncounted, though the page had its count.)"""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    urls = []
    page.on("request", lambda r: urls.append(r.url))
    return context, page, urls


def cold_query(browser, server, query, expected=None, timeout=30000):
    """Opens search/?q=`query` in a fresh context (new_page) until the page states a count and
    the network is idle: (context, page, urls, status). With `expected`, exits unless the page
    states that many stories."""
    context, page, urls = new_page(browser)
    page.goto(server.url + "search/?q=" + query.replace(" ", "%20"))
    page.wait_for_function("() => / with /.test(document.querySelector('[role=status]').textContent)", timeout=timeout)
    page.wait_for_load_state("networkidle")
    status = page.inner_text("[role=status]")
    if expected is not None and not status.startswith(f"{expected:,} stor"):
        sys.exit(f"{query}: the page says {status!r}; {expected} titles hold it")
    return context, page, urls, status


# The count stated and every row in view filled: when the reader has the first results. The
# first frame that sees it records the time (ms since navigation began).
FIRST_ROWS = """() => {
  if (!/ with /.test(document.querySelector('[role=status]').textContent)) return false;
  const inView = [...document.querySelectorAll('[role=feed] > article')]
    .filter(a => { const r = a.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });
  if (!inView.length || inView.some(a => !a.dataset.id)) return false;
  return (window.firstRowsAt ??= performance.now());
}"""


def on_the_link(browser, url, query, runs):
    """Milliseconds from navigation to the first rows shown (FIRST_ROWS) for `query`, cold, with
    150 ms of round trip and 1.6 Mbps, from the host at `url`: the median of `runs` fresh loads."""
    times = []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 720}, ignore_https_errors=True)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions",
                 {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 200_000})
        page.goto(url + "search/?q=" + query, wait_until="commit")
        times.append(page.wait_for_function(FIRST_ROWS, polling="raf", timeout=60000).json_value())
        context.close()
    return sorted(times)[len(times) // 2]


def link_times(browser, site, picks, pairs, runs):
    """on_the_link for each picked word and each pair, from two hosts gzipping what they send:
    this bench's Python server on HTTP/1.1 (Chromium opens at most six connections to it) and a
    real nginx on HTTP/2 (every request at once), as static hosts and CDNs serve today:
    {query: {"http1": ms, "http2": ms}}."""
    queries = [word for _, word, _, _ in picks] + [pair["words"] for pair in pairs]
    result = {q: {} for q in queries}
    server = SiteServer(site, compress=True)
    for q in queries:
        result[q]["http1"] = on_the_link(browser, server.url, q.replace(" ", "%20"), runs)
    server.close()
    host = NginxHost(site)
    for q in queries:
        result[q]["http2"] = on_the_link(browser, host.url, q.replace(" ", "%20"), runs)
    if host.protocols() != {"HTTP/2.0"}:
        sys.exit(f"nginx was asked over {host.protocols()}, not HTTP/2 alone")
    host.close()
    return result


def sitegen_queries(browser, site, picks):
    server = SiteServer(site)
    rows = []
    for label, word, second, expected in picks:
        context, page, urls, status = cold_query(browser, server, word, expected)
        # Every row shown holds the word.
        texts = page.evaluate("() => [...document.querySelectorAll('[role=feed] > article[data-id]')].map(a => a.textContent)")
        if not all(word in [fold(w) for w in re.findall(r"\w+", t)] for t in texts):
            sys.exit(f"{word}: a row without it: {texts}")
        shown = page.evaluate("() => document.querySelectorAll('[role=feed] > article[data-id]').length")
        cold = list(urls)
        page.fill("[name=q]", second)
        page.press("[name=q]", "Enter")
        page.wait_for_function(f"() => document.querySelector('[role=status]').textContent.includes('“{second}”')", timeout=30000)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
        rows.append({
            "label": label, "word": word, "status": status, "shown": shown, "requests": len(cold),
            "bytes": gzipped(site, cold), "second": second, "second_requests": len(urls) - len(cold),
            "second_bytes": gzipped(site, urls[len(cold):]), "cold_urls": cold, "second_urls": urls[len(cold):],
        })
        context.close()
    server.close()
    return rows


def pairs_of(picks, words, titles, stories):
    """The pairs of words queried together: (label, first, second). The word in about 500 titles
    and the commonest (the page reads the rare word's rows and the marks of the common one,
    and states the exact count); the same word and one in about 3 % of the titles (common
    too, if the marks' budget reaches it; else its every row is read); and the two commonest
    title words (every word common: the first screen from the rarer's pack, "at least N" until
    the reader scrolls to the end)."""
    exact = sorted(exact_words(words, titles), key=lambda w: (-titles[w], w))
    three = min(exact, key=lambda w: (abs(titles[w] - 0.03 * stories), w))
    return [("~500 titles and the commonest", picks[1][1], picks[2][1]),
            ("~500 titles and one in 3 % of them", picks[1][1], three),
            ("the two commonest", exact[0], exact[1])]


def pair_query(browser, site, stories_file, pair):
    """Two words together, cold: requests, gzip bytes, what the page states, and the titles
    holding both (each word's count is its titles', pairs_of)."""
    label, rare, common = pair
    expected = sum(1 for line in open(stories_file)
                   if {rare, common} <= set(fold(w) for w in json.loads(line)["title"].split()))
    server = SiteServer(site)
    context, page, urls, status = cold_query(browser, server, f"{rare} {common}", timeout=60000)
    result = {"label": label, "words": f"{rare} {common}", "status": status, "expected": expected, "requests": len(urls), "urls": list(urls),
              "bytes": gzipped(site, urls)}
    context.close()
    server.close()
    return result


def write_pagefind_site(stories_file, folder):
    """One page per story: its title, author and domain, as sitegen's index has them."""
    os.makedirs(folder, exist_ok=True)
    for line in open(stories_file):
        item = json.loads(line)
        domain = re.sub(r"^www\.", "", item.get("url", "").split("/")[2]) if item.get("url") else ""
        page = os.path.join(folder, "item", str(item["id"]))
        os.makedirs(page, exist_ok=True)
        with open(os.path.join(page, "index.html"), "w") as f:
            f.write(f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{item['title']}</title></head>"
                    f"<body><main data-pagefind-body><h1>{item['title']}</h1><p>by {item.get('by', '')} ({domain})</p></main></body></html>")
    with open(os.path.join(folder, "search.html"), "w") as f:
        f.write("<!doctype html><html><head><meta charset=utf-8></head><body><script type=module>"
                "window.run = async (q, n) => { const pf = await import('/pagefind/pagefind.js');"
                " const r = await pf.search(q); const d = await Promise.all(r.results.slice(0, n).map(x => x.data()));"
                " return [r.results.length, d.length]; };</script></body></html>")


def pagefind_binary():
    found = shutil.which("pagefind") or shutil.which("pagefind_extended")
    if found:
        return found
    scripts = os.path.join(os.path.dirname(sys.executable))
    for name in ("pagefind", "pagefind_extended"):
        if os.path.exists(os.path.join(scripts, name)):
            return os.path.join(scripts, name)
    return [sys.executable, "-m", "pagefind"]


def pagefind_queries(browser, site, picks):
    server = SiteServer(site)
    rows = []
    for label, word, second, _ in picks:
        context, page, urls = new_page(browser)
        page.goto(server.url + "search.html")
        page.wait_for_function("() => window.run")
        found = page.evaluate("([q]) => window.run(q, 16)", [word])
        page.wait_for_load_state("networkidle")
        cold = list(urls)
        page.evaluate("([q]) => window.run(q, 16)", [second])
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
        rows.append({
            "label": label, "word": word, "found": found[0], "requests": len(cold), "bytes": gzipped(site, cold),
            "second_requests": len(urls) - len(cold), "second_bytes": gzipped(site, urls[len(cold):]),
        })
        context.close()
    server.close()
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--pagefind-max", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--link-runs", type=int, default=5, help="cold loads on the slow link a query (their median)")
    parser.add_argument("--dir", default="/dev/shm/sitegen-search")
    parser.add_argument("--json")
    args = parser.parse_args()
    sitegen = os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "release", "sitegen")
    shutil.rmtree(args.dir, ignore_errors=True)
    os.makedirs(args.dir)
    results = []
    with sync_playwright() as p:
        for n in args.sizes:
            stories = os.path.join(args.dir, f"zipf-{n}.jsonl")
            subprocess.run([sitegen, "generate", "--count", str(n), "--format", "jsonl", "--titles", "zipf", "--output", stories],
                           check=True, capture_output=True)
            with_out, without_out = os.path.join(args.dir, "with"), os.path.join(args.dir, "without")
            timings = {"with": [], "without": []}
            runs = args.runs if n < 1_000_000 else max(1, args.runs - 1)
            for _ in range(runs):
                for key, out, extra in (("without", without_out, ["--no-search"]), ("with", with_out, [])):
                    shutil.rmtree(out, ignore_errors=True)
                    timings[key].append(timed([sitegen, "build", "--quiet", "--source", stories, "--output", out, *extra]))
            shutil.rmtree(without_out, ignore_errors=True)
            with_t, without_t = min(timings["with"]), min(timings["without"])
            site = os.path.join(args.dir, "pagefind")
            result = {}
            if n <= args.pagefind_max:
                shutil.rmtree(site, ignore_errors=True)
                write_pagefind_site(stories, site)
                binary = pagefind_binary()
                command = (binary if isinstance(binary, list) else [binary]) + ["--site", site]
                start = time.monotonic()
                subprocess.run(command, check=True, capture_output=True)
                result["pagefind_s"] = time.monotonic() - start
                result["pagefind_files"] = count_files(os.path.join(site, "pagefind"))
            # The browser starts after the timed builds, so that nothing else runs while they
            # are timed. (Run with /dev/shm otherwise empty, too: three gigabytes of other
            # files there made a million stories with search a sixth slower, 1.94 times.)
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            words = index_words(with_out)
            picks = pick_words(with_out, words, title_counts(stories), n)
            result.update({
                "stories": n, "with_s": with_t[0], "with_mib": with_t[1] / 1024, "without_s": without_t[0],
                "without_mib": without_t[1] / 1024, "index_files": count_files(os.path.join(with_out, "x")) + 1,
                "words": len(words), "queries": sitegen_queries(browser, with_out, picks),
            })
            result["pairs"] = [pair_query(browser, with_out, stories, pair)
                               for pair in pairs_of(picks, words, title_counts(stories), n)]
            result["link_ms"] = link_times(browser, with_out, picks, result["pairs"], args.link_runs)
            if n <= args.pagefind_max:
                result["pagefind"] = pagefind_queries(browser, site, picks)
                shutil.rmtree(site, ignore_errors=True)
            browser.close()
            shutil.rmtree(with_out, ignore_errors=True)
            os.remove(stories)
            results.append(result)
            print(f"{n} stories done", file=sys.stderr)
    if args.json:
        json.dump(results, open(args.json, "w"), indent=1)
    print("| stories | build time, with ÷ without search | peak RSS with search | index files | words |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        print(f"| {r['stories']:,} | {r['with_s']:.2f} s ÷ {r['without_s']:.2f} s = {r['with_s'] / r['without_s']:.2f} "
              f"| {r['with_mib']:.0f} MiB | {r['index_files']:,} | {r['words']:,} |")
    print()
    print("| stories | word | sitegen: cold query, requests, gzip | sitegen: next query | Pagefind: cold query | Pagefind: next query | Pagefind index build, files |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        for i, q in enumerate(r["queries"]):
            pf = r.get("pagefind", [None] * 3)[i]
            pf_cells = (f"{pf['requests']}, {pf['bytes'] / KIB:.1f} KiB | {pf['second_requests']}, {pf['second_bytes'] / KIB:.1f} KiB"
                        if pf else "not run | not run")
            build = f"{r['pagefind_s']:.1f} s, {r['pagefind_files']:,}" if pf and i == 0 else ""
            print(f"| {r['stories']:,} | {q['label']}: {q['status'].split(' with')[0]} | {q['requests']}, {q['bytes'] / KIB:.1f} KiB "
                  f"| {q['second_requests']}, {q['second_bytes'] / KIB:.1f} KiB | {pf_cells} | {build} |")
    print()
    print("| stories | two words | the page states | titles holding both | cold query, requests, gzip |")
    print("| ---: | --- | ---: | ---: | ---: |")
    for r in results:
        for q in r["pairs"]:
            print(f"| {r['stories']:,} | {q['label']}: {q['words']} | {q['status'].split(' with')[0]} | {q['expected']:,} "
                  f"| {q['requests']}, {q['bytes'] / KIB:.1f} KiB |")
    print()
    print("| stories | query | its stories | cold, to the count and the rows in view on 150 ms RTT, 1.6 Mbps: HTTP/1.1 "
          "| the same from nginx on HTTP/2 |")
    print("| ---: | --- | ---: | ---: | ---: |")
    for r in results:
        counts = {q["word"]: q["status"].split(" with")[0] for q in r["queries"]}
        counts.update({q["words"]: q["status"].split(" with")[0] for q in r["pairs"]})
        for query, ms in r["link_ms"].items():
            print(f"| {r['stories']:,} | {query} | {counts[query]} | {ms['http1'] / 1000:.2f} s | {ms['http2'] / 1000:.2f} s |")



if __name__ == "__main__":
    main()
